/**
 * Action (feature) codes of shell §6 and domain §6. The permission model
 * (permissionChecks.ts) reads `requires` and `grantedWith` from here.
 */

export interface ActionDefinition {
    code: string;
    contexts: readonly ('ADMIN' | 'TENANT' | 'DEPOT' | 'SUBCONTRACTOR')[];
    /** Codes that must be granted at the same scope too, or this one is not granted (driver actions need r:suco). */
    requires?: readonly string[];
    /** Held automatically wherever one of these is granted (can-assign-permission with c:/u: of users). */
    grantedWith?: readonly string[];
    /** The feature's page is offered on large screens only (shell §2.6, §6). */
    desktopOnly?: true;
}

const depot = ['DEPOT', 'TENANT'] as const;
const tenant = ['TENANT'] as const;
const all = ['DEPOT', 'TENANT', 'SUBCONTRACTOR'] as const;

export const actionCatalogue: readonly ActionDefinition[] = [
    { code: 'admin', contexts: ['ADMIN'] },
    { code: 'super-admin', contexts: ['ADMIN'], requires: ['admin'] },
    { code: 'tenant-admin', contexts: tenant },
    // live status, daily activities, tours
    { code: 'r:depot-landing-page', contexts: depot, desktopOnly: true },
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
    { code: 'd:driver', contexts: all, requires: ['r:suco', 'r:driver', 'can-assign-permission'] },
    // back-office users and courier accounts
    { code: 'r:bo-user', contexts: depot },
    { code: 'c:bo-user', contexts: depot, requires: ['r:bo-user'] },
    { code: 'u:bo-user', contexts: depot, requires: ['r:bo-user'] },
    { code: 'd:bo-user', contexts: depot, requires: ['r:bo-user', 'can-assign-permission'] },
    { code: 'r:temp-driver', contexts: depot },
    { code: 'c:temp-driver', contexts: depot, requires: ['r:temp-driver'] },
    { code: 'u:temp-driver', contexts: depot, requires: ['r:temp-driver'] },
    {
        code: 'd:temp-driver',
        contexts: depot,
        requires: ['r:temp-driver', 'can-assign-permission'],
    },
    { code: 'activate-user', contexts: depot },
    { code: 'deactivate-user', contexts: depot },
    // Deleting a user (d:*) requires can-assign-permission at that scope (domain §6).
    {
        code: 'can-assign-permission',
        contexts: all,
        grantedWith: [
            'c:bo-user',
            'u:bo-user',
            'c:temp-driver',
            'u:temp-driver',
            'c:driver',
            'u:driver',
        ],
    },
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

const byCode = new Map(actionCatalogue.map((action) => [action.code, action]));

export function isKnownAction(code: string): boolean {
    return byCode.has(code);
}

/** The catalogue entry of a code; undefined for codes the catalogue does not know. */
export function actionDefinition(code: string): ActionDefinition | undefined {
    return byCode.get(code);
}

/** Codes whose pages are offered on large screens only. */
export const desktopOnlyActions: readonly string[] = actionCatalogue
    .filter((action) => action.desktopOnly)
    .map((action) => action.code);
