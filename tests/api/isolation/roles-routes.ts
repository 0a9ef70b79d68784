import type { RouteCase } from './matrix.js';

export const roleRoutes: RouteCase[] = [];
