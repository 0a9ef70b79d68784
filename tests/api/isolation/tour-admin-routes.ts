import type { RouteCase } from './matrix.js';

/** Matrix rows of the tour commander's admin tour pages (issue 14 part 6). */
export const tourAdminRoutes: RouteCase[] = [];
