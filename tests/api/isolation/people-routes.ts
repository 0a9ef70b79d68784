import type { RouteCase } from './matrix.js';
import { backOfficeUserRoutes } from './users-routes.js';
import { fleetRoutes } from './fleet-routes.js';
import { roleRoutes } from './roles-routes.js';

/** Matrix rows of issue 5: back-office users, app accounts, subcontractors, vehicles, licences and roles. */
export const peopleRoutes: RouteCase[] = [...backOfficeUserRoutes, ...fleetRoutes, ...roleRoutes];
