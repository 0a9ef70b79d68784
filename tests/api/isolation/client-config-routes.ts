import type { RouteCase } from './matrix.js';

/** Matrix rows of issue 6: tenant, depot and tour commander client configurations, history, restore, schema assets. */
export const clientConfigRoutes: RouteCase[] = [];
