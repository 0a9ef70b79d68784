import { apiAccessRoutes } from './api-access-routes.js';
import { backofficeActionRoutes } from './backoffice-actions-routes.js';
import { clientConfigRoutes } from './client-config-routes.js';
import { depotWriteRoutes } from './depot-routes.js';
import type { RouteCase } from './matrix.js';
import { organisationRoutes } from './organisation-routes.js';

/** Matrix rows of issue 6: organisations, depots, client configurations, API access and backoffice actions. */
export const configurationRoutes: RouteCase[] = [
    ...organisationRoutes,
    ...depotWriteRoutes,
    ...clientConfigRoutes,
    ...apiAccessRoutes,
    ...backofficeActionRoutes,
];
