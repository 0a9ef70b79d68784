import type { RouteCase } from './matrix.js';

/** Matrix rows of issue 6: depot create, update and CSV upload. */
export const depotWriteRoutes: RouteCase[] = [];
