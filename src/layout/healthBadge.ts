import type { HealthStatistics } from '../../domain/contracts/health';
import { healthWarning, isWithinBusinessHours } from '../../domain/healthStatus';
import { can } from '../../domain/permissionChecks';
import type { ProfileActions } from '../../domain/permissions';
import type { SelectedScope } from '../scope/selectedScope';

/** The badge's feature (shell §6: r:health-status, stand-alone). */
const HEALTH_STATUS_ACTION = 'r:health-status';

/** Pages without the badge (shell §2.1): the depot selection (`/depot`, `/depot/:tenantId`) and the profile pages. */
export function healthBadgeHiddenOn(pathname: string): boolean {
    const [first, second, third] = pathname.split('/').filter(Boolean);
    if (first === 'depot') return third === undefined;
    return (first === 'my' && second === 'profile') || (first === 'users' && second === 'profile');
}

/**
 * Whether the badge shows (shell §2.1): a depot is selected, the user has r:health-status for
 * it, now is inside the tenant's business hours in the depot's zone, and the page is not one
 * of those above. The business hours are the depot's tenant's, defaults while unknown.
 */
export function healthBadgeVisible(input: {
    scope: SelectedScope;
    actions: ProfileActions;
    pathname: string;
    now: Date;
}): boolean {
    const { scope } = input;
    if (scope.type !== 'DISTRIBUTION_CENTER' || !scope.depot || !scope.depotPath) return false;
    if (healthBadgeHiddenOn(input.pathname)) return false;
    if (!can(input.actions, HEALTH_STATUS_ACTION, { context: 'depot', path: scope.depotPath }))
        return false;
    return isWithinBusinessHours({
        now: input.now,
        businessHours: businessHoursOf(scope),
        timeZone: scope.timeZone,
    });
}

/** The selected depot's tenant's business hours, when its configuration is loaded. */
function businessHoursOf(scope: SelectedScope) {
    return scope.configurationTenantId === scope.depot?.tenant.id
        ? scope.tenantConfiguration?.frontend.businessHours
        : undefined;
}

/**
 * Where clicking the badge leads: the organisation's health status page at the depot's row
 * (`/tenant/<tenantId>/healthStatus?depot=<internalDepotId>`), when the user holds
 * r:health-status in the tenant context over the depot (the page lists exactly those depots);
 * undefined otherwise (the badge is no link).
 */
export function healthStatusPageLink(
    scope: SelectedScope,
    actions: ProfileActions,
): string | undefined {
    const { depot, depotPath } = scope;
    if (scope.type !== 'DISTRIBUTION_CENTER' || !depot || !depotPath) return undefined;
    if (!can(actions, HEALTH_STATUS_ACTION, { context: 'tenant', path: depotPath }))
        return undefined;
    const query = new URLSearchParams({ depot: depot.internalDepotId });
    return `/tenant/${encodeURIComponent(depot.tenant.id)}/healthStatus?${query.toString()}`;
}

/** Red when the rule of shell §9 warns: inside the hours (end shifted back 1 hour), newest data 30 minutes or older. */
export function healthBadgeWarning(
    scope: SelectedScope,
    statistics: HealthStatistics,
    now: Date,
): boolean {
    return healthWarning({
        now,
        businessHours: businessHoursOf(scope),
        timeZone: scope.timeZone,
        ...statistics,
    });
}
