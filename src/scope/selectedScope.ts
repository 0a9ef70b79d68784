import { DEFAULT_TIME_ZONE } from '../../domain/formatting';
import type { DistributionCenter } from '../../domain/contracts/scopes';
import type { TenantConfiguration } from '../../domain/contracts/tenant-configuration';
import { depotScopePath } from '../../domain/scopePath';

/** Scope types (shell §4). */
type ScopeType = 'ADMIN' | 'TENANT' | 'DISTRIBUTION_CENTER';

export interface TenantRef {
    id: string;
    name: string;
}

/**
 * The selected scope (shell §3 client-side state): the active context's type and its data.
 * `tenantConfiguration` is the configuration of `configurationTenantId` (the tenant of the last
 * selected depot), kept across context switches so that selecting another depot of the same
 * tenant does not load it again; read it only while a depot of that tenant is selected.
 */
export interface SelectedScope {
    /** null after a reset and before any context is entered. */
    type: ScopeType | null;
    tenant?: TenantRef;
    depot?: DistributionCenter;
    /** `tenantId.countryCode.groupId.internalDepotId` of the selected depot. */
    depotPath?: string;
    /** The depot's zone, else Europe/Berlin (shell §9). */
    timeZone: string;
    tenantConfiguration?: TenantConfiguration;
    configurationTenantId?: string;
}

export type ScopeEvent =
    | { kind: 'selectAdmin' }
    /** The tenant view; without a tenant while none is chosen yet. */
    | { kind: 'selectTenant'; tenant?: TenantRef }
    /** The depot view; without a depot while none is chosen yet. */
    | { kind: 'selectDepot'; depot?: DistributionCenter }
    | { kind: 'tenantConfigurationLoaded'; tenantId: string; configuration: TenantConfiguration }
    | { kind: 'reset' };

export const initialScope: SelectedScope = { type: null, timeZone: DEFAULT_TIME_ZONE };

/** The kept tenant configuration (not scope data: see SelectedScope). */
const configurationOf = (
    scope: SelectedScope,
): Pick<SelectedScope, 'tenantConfiguration' | 'configurationTenantId'> =>
    scope.configurationTenantId === undefined
        ? {}
        : {
              configurationTenantId: scope.configurationTenantId,
              tenantConfiguration: scope.tenantConfiguration,
          };

/** The scope path of a depot (what the selected scope and the depot's data calls use). */
export function depotPathOf(depot: DistributionCenter): string {
    return depotScopePath(
        depot.tenant.id,
        depot.countryCode,
        depot.group.id,
        depot.internalDepotId,
    );
}

/**
 * The scope's transitions (shell §4): selecting admin or tenant sets the scope data to none;
 * selecting a depot sets its tenant, its time zone and its path, and asks for the tenant's
 * configuration when it belongs to another tenant than the one loaded; reset clears all.
 */
export function transitionScope(scope: SelectedScope, event: ScopeEvent): SelectedScope {
    switch (event.kind) {
        case 'reset':
            return initialScope;
        case 'selectAdmin':
            return { type: 'ADMIN', timeZone: DEFAULT_TIME_ZONE, ...configurationOf(scope) };
        case 'selectTenant':
            return {
                type: 'TENANT',
                timeZone: DEFAULT_TIME_ZONE,
                ...(event.tenant ? { tenant: event.tenant } : {}),
                ...configurationOf(scope),
            };
        case 'selectDepot': {
            const { depot } = event;
            if (!depot)
                return {
                    type: 'DISTRIBUTION_CENTER',
                    timeZone: DEFAULT_TIME_ZONE,
                    ...configurationOf(scope),
                };
            const sameTenant = scope.configurationTenantId === depot.tenant.id;
            return {
                type: 'DISTRIBUTION_CENTER',
                tenant: { id: depot.tenant.id, name: depot.tenant.name },
                depot,
                depotPath: depotPathOf(depot),
                timeZone: depot.timeZone || DEFAULT_TIME_ZONE,
                configurationTenantId: depot.tenant.id,
                ...(sameTenant && scope.tenantConfiguration
                    ? { tenantConfiguration: scope.tenantConfiguration }
                    : {}),
            };
        }
        case 'tenantConfigurationLoaded':
            // A late answer for a tenant that is no longer selected is dropped.
            return scope.configurationTenantId === event.tenantId
                ? { ...scope, tenantConfiguration: event.configuration }
                : scope;
    }
}

/** The tenant whose configuration the scope still needs, if any. */
export function tenantConfigurationToLoad(scope: SelectedScope): string | undefined {
    return scope.depot &&
        scope.configurationTenantId === scope.depot.tenant.id &&
        !scope.tenantConfiguration
        ? scope.configurationTenantId
        : undefined;
}

/** What the route names, as resolved so far: the first path segment and its ids (shell §2.1). */
export interface ScopeRoute {
    context: 'admin' | 'tenant' | 'depot';
    tenantId?: string;
    externalDepotId?: string;
}

/**
 * The event that brings the scope in line with the route, once its data is known: the tenant's
 * name from `tenants`, the depot from `centers` (undefined while they load: no event yet).
 */
export function scopeEventForRoute(
    route: ScopeRoute | null,
    data: { tenants: readonly TenantRef[]; centers: readonly DistributionCenter[] | undefined },
): ScopeEvent | undefined {
    if (!route) return undefined;
    switch (route.context) {
        case 'admin':
            return { kind: 'selectAdmin' };
        case 'tenant': {
            if (!route.tenantId) return { kind: 'selectTenant' };
            const tenant = data.tenants.find((candidate) => candidate.id === route.tenantId);
            return {
                kind: 'selectTenant',
                tenant: tenant ?? { id: route.tenantId, name: route.tenantId },
            };
        }
        case 'depot': {
            if (!route.tenantId || !route.externalDepotId) return { kind: 'selectDepot' };
            if (!data.centers) return undefined;
            const depot = data.centers.find(
                (center) =>
                    center.tenant.id === route.tenantId &&
                    center.externalDepotId === route.externalDepotId,
            );
            return { kind: 'selectDepot', depot };
        }
    }
}

/** Identifies an event's selection, so the same route does not apply it twice. */
export function scopeEventKey(event: ScopeEvent): string {
    switch (event.kind) {
        case 'selectAdmin':
        case 'reset':
            return event.kind;
        case 'selectTenant':
            return `tenant:${event.tenant?.id ?? ''}:${event.tenant?.name ?? ''}`;
        case 'selectDepot':
            return `depot:${event.depot ? depotPathOf(event.depot) : ''}`;
        case 'tenantConfigurationLoaded':
            return `configuration:${event.tenantId}`;
    }
}
