import type { RouteCase } from './matrix.js';

/** Matrix rows of the organisation's health status page (issue 14 part 7). */
export const healthStatusRoutes: RouteCase[] = [];
