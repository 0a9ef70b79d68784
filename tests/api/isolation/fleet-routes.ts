import type { RouteCase } from './matrix.js';

export const fleetRoutes: RouteCase[] = [];
