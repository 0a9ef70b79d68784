import type { RouteCase } from './matrix.js';

/** Matrix rows of issue 6: organisations and regions (tenant admin service). */
export const organisationRoutes: RouteCase[] = [];
