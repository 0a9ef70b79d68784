import type { RouteCase } from './matrix.js';

/** Matrix rows of issue 6: API credentials, the token exchange and the data gateway's machine reads. */
export const apiAccessRoutes: RouteCase[] = [];
