/**
 * Action (feature) codes of shell §6 and domain §6. `requires` lists codes an action depends
 * on (e.g. driver actions need r:suco). The permission model in permissions.ts reads them.
 */

export interface ActionDefinition {
    code: string;
    contexts: readonly ('ADMIN' | 'TENANT' | 'DEPOT' | 'SUBCONTRACTOR')[];
    requires?: readonly string[];
}

const depot = ['DEPOT', 'TENANT'] as const;
const tenant = ['TENANT'] as const;
const all = ['DEPOT', 'TENANT', 'SUBCONTRACTOR'] as const;

export const actionCatalogue: readonly ActionDefinition[] = [
    { code: 'admin', contexts: ['ADMIN'] },
    { code: 'super-admin', contexts: ['ADMIN'], requires: ['admin'] },
    { code: 'tenant-admin', contexts: tenant },
    // live status, daily activities, tours
    { code: 'r:depot-landing-page', contexts: depot },
    { code: 'r:tour', contexts: depot },
    { code: 'r:live-status-map', contexts: depot, requires: ['r:tour'] },
    { code: 'r:tour-details', contexts: depot, requires: ['r:tour'] },
    { code: 'r:tour-device', contexts: depot, requires: ['r:tour'] },
    { code: 'r:tour-details-driver-location', contexts: depot, requires: ['r:tour'] },
    { code: 'r:tour-activity', contexts: depot },
    { code: 'r:tour-activity-full', contexts: depot, requires: ['r:tour-activity'] },
    { code: 'r:tour-location-history', contexts: depot, requires: ['r:tour-activity'] },
    { code: 'r:rtt', contexts: depot, requires: ['r:tour-activity'] },
    { code: 'r:tour-activity-recommendations', contexts: depot, requires: ['r:tour-activity'] },
    { code: 'r:tour-perf', contexts: depot },
    { code: 'r:rtt-dashboard', contexts: depot },
    { code: 'r:last-meter-locations', contexts: depot },
    // devices and jobs
    { code: 'r:device', contexts: depot },
    { code: 'r:device-service', contexts: depot, requires: ['r:device'] },
    { code: 'c:device-service', contexts: depot, requires: ['r:device-service'] },
    { code: 'r:upload-jobs', contexts: depot },
    { code: 'r:health-status', contexts: depot },
    // subcontractors and drivers
    { code: 'r:suco', contexts: all },
    { code: 'c:suco', contexts: depot, requires: ['r:suco'] },
    { code: 'u:suco', contexts: depot, requires: ['r:suco'] },
    { code: 'd:suco', contexts: depot, requires: ['r:suco'] },
    { code: 'r:driver', contexts: all, requires: ['r:suco'] },
    { code: 'c:driver', contexts: all, requires: ['r:suco', 'r:driver'] },
    { code: 'u:driver', contexts: all, requires: ['r:suco', 'r:driver'] },
    { code: 'd:driver', contexts: all, requires: ['r:suco', 'r:driver'] },
    // back-office users and courier accounts
    { code: 'r:bo-user', contexts: depot },
    { code: 'c:bo-user', contexts: depot, requires: ['r:bo-user'] },
    { code: 'u:bo-user', contexts: depot, requires: ['r:bo-user'] },
    { code: 'd:bo-user', contexts: depot, requires: ['r:bo-user'] },
    { code: 'r:temp-driver', contexts: depot },
    { code: 'c:temp-driver', contexts: depot, requires: ['r:temp-driver'] },
    { code: 'u:temp-driver', contexts: depot, requires: ['r:temp-driver'] },
    { code: 'd:temp-driver', contexts: depot, requires: ['r:temp-driver'] },
    { code: 'activate-user', contexts: depot },
    { code: 'deactivate-user', contexts: depot },
    { code: 'can-assign-permission', contexts: all },
    { code: 'can-remove-permission', contexts: all },
    // places and planning
    { code: 'r:better-planner', contexts: depot },
    { code: 'r:address-location-correction', contexts: depot },
    // organisation features
    { code: 'r:tenant-dcs', contexts: tenant },
    { code: 'r:product-reports', contexts: tenant },
    { code: 'r:route-reports', contexts: tenant },
    { code: 'r:rtt-reports', contexts: tenant },
    { code: 'r:cloud-tracking-reports', contexts: tenant },
    { code: 'r:places-dgw-reports', contexts: tenant },
    { code: 'r:places-deep-int-reports', contexts: tenant },
    { code: 'r:parcel-finder', contexts: tenant },
    { code: 'r:depot-mgmt-list', contexts: tenant },
    { code: 'c:depot', contexts: tenant, requires: ['r:depot-mgmt-list'] },
    { code: 'u:depot', contexts: tenant, requires: ['r:depot-mgmt-list'] },
    { code: 'r:api-access-management', contexts: tenant },
    { code: 'w:api-access-management', contexts: tenant, requires: ['r:api-access-management'] },
    { code: 'r:app-user-licences', contexts: tenant },
    { code: 'r:dgw-pages', contexts: tenant },
    { code: 'r:role', contexts: tenant },
    { code: 'c:role', contexts: tenant, requires: ['r:role'] },
    { code: 'u:role', contexts: tenant, requires: ['r:role'] },
    { code: 'd:role', contexts: tenant, requires: ['r:role'] },
];

export const actionCodes: readonly string[] = actionCatalogue.map((action) => action.code);

export function isKnownAction(code: string): boolean {
    return actionCodes.includes(code);
}
