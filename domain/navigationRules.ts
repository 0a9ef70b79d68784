import { desktopOnlyActions } from './actions.js';
import type { AppContext } from './enums.js';
import { can, canAnywhereUnder, subcontractorScopesOf } from './permissionChecks.js';
import { isAdmin, type ProfileActions } from './permissions.js';

/**
 * Visibility of every navigation drawer item (shell §2.9, §6), one rule per item id and
 * context. An item shows when the user may use its feature somewhere under the selected scope
 * (`canAnywhereUnder`); the pages then filter their data to the granted scopes.
 */
export interface NavigationRuleInput {
    actions: ProfileActions;
    /** Selected scope: the tenant id on the tenant view, the depot path on the depot view; absent = none yet. */
    path?: string;
    /** The selected depot's manual job upload switch (shell §2.6); absent = off. */
    manualJobUploadEnabled?: boolean;
    /** Large screens and wider; absent = true (desktop-only pages are then offered). */
    largeScreen?: boolean;
    /** The installation lets admins read its mail outbox (browser configuration `mailViewer`); absent = no. */
    mailViewer?: boolean;
}

export type NavigationRule = (input: NavigationRuleInput) => boolean;

const inTenant =
    (code: string): NavigationRule =>
    (input) =>
        canAnywhereUnder(input.actions, code, { context: 'tenant', path: input.path });
const inDepot =
    (code: string): NavigationRule =>
    (input) => {
        if (desktopOnlyActions.includes(code) && input.largeScreen === false) return false;
        return canAnywhereUnder(input.actions, code, { context: 'depot', path: input.path });
    };
const anyOf =
    (...rules: NavigationRule[]): NavigationRule =>
    (input) =>
        rules.some((rule) => rule(input));
const allOf =
    (...rules: NavigationRule[]): NavigationRule =>
    (input) =>
        rules.every((rule) => rule(input));
const adminOnly: NavigationRule = (input) => isAdmin(input.actions);

export const tenantNavigationRules = {
    keyStatistics: anyOf(
        inTenant('r:product-reports'),
        inTenant('r:route-reports'),
        inTenant('r:rtt-reports'),
        inTenant('r:places-dgw-reports'),
        inTenant('r:places-deep-int-reports'),
    ),
    routeReports: inTenant('r:route-reports'),
    trackingReports: inTenant('r:rtt-reports'),
    cloudTrackingReports: inTenant('r:cloud-tracking-reports'),
    parcelFinder: inTenant('r:parcel-finder'),
    geocodingReports: allOf(
        inTenant('r:places-dgw-reports'),
        inTenant('r:places-deep-int-reports'),
    ),
    // Tenant-level on the tenant view: the grant must cover the whole organisation.
    addressCorrection: (input) =>
        can(input.actions, 'r:address-location-correction', {
            context: 'tenant',
            path: input.path,
        }),
    depotAdministration: inTenant('r:depot-mgmt-list'),
    roles: anyOf(adminOnly, inTenant('c:role')),
    accountLicences: inTenant('r:app-user-licences'),
    appAccounts: anyOf(inTenant('r:driver'), inTenant('r:temp-driver')),
    backofficeUsers: inTenant('r:bo-user'),
    apiAccess: inTenant('r:api-access-management'),
    healthStatus: inTenant('r:health-status'),
    liveMap: inTenant('r:live-status-map'),
    dataGateway: inTenant('r:dgw-pages'),
} satisfies Record<string, NavigationRule>;

export const depotNavigationRules = {
    // The selected depot's overview is the index page of the depot view: whoever is in the view sees it.
    depotSummary: (_input: NavigationRuleInput) => true,
    depotLanding: inDepot('r:depot-landing-page'),
    liveStatus: inDepot('r:tour'),
    dailyActivities: inDepot('r:tour-activity'),
    tourPerformance: inDepot('r:tour-perf'),
    trackingDashboard: inDepot('r:rtt-dashboard'),
    devices: inDepot('r:device'),
    uploadJobs: (input) => input.manualJobUploadEnabled === true && inDepot('r:upload-jobs')(input),
    subcontractors: inDepot('r:suco'),
    addressCorrection: inDepot('r:address-location-correction'),
    backofficeUsers: inDepot('r:bo-user'),
    tempDrivers: inDepot('r:temp-driver'),
    subcontractorDrivers: (input) =>
        subcontractorDriverScopes(input.actions, input.path ?? '').length > 0,
    routePlanner: inDepot('r:better-planner'),
} satisfies Record<string, NavigationRule>;

export const adminNavigationRules = {
    backofficeUsers: adminOnly,
    appAccountsAdmin: adminOnly,
    depots: adminOnly,
    organizations: adminOnly,
    tourCommanderList: adminOnly,
    tenantConfig: adminOnly,
    backofficeActions: adminOnly,
    pageViews: adminOnly,
    // Demo and development installations only: production has no outbox API to read.
    mailOutbox: (input) => input.mailViewer === true && adminOnly(input),
} satisfies Record<string, NavigationRule>;

export const navigationRules = {
    admin: adminNavigationRules,
    tenant: tenantNavigationRules,
    depot: depotNavigationRules,
} as const;

/** True when the item `id` of the context's drawer shows; unknown ids never show. */
export function isNavigationItemVisible(
    context: AppContext,
    id: string,
    input: NavigationRuleInput,
): boolean {
    const rules: Record<string, NavigationRule> = navigationRules[context];
    return rules[id]?.(input) ?? false;
}

/**
 * The subcontractor scopes under `depotPath` where the user is a subcontractor user with view
 * drivers (r:driver granted there): the subcontractor driver list (shell §6).
 */
export function subcontractorDriverScopes(actions: ProfileActions, depotPath: string): string[] {
    return subcontractorScopesOf(actions, depotPath).filter((path) =>
        can(actions, 'r:driver', { context: 'depot', path }),
    );
}
