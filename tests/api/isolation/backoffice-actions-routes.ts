import type { RouteCase } from './matrix.js';

/** Matrix rows of issue 6: backoffice actions (role sync, translation update). */
export const backofficeActionRoutes: RouteCase[] = [];
