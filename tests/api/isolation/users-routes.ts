import type { RouteCase } from './matrix.js';

export const backOfficeUserRoutes: RouteCase[] = [];
