import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { compareDistributionCenters } from '../../domain/profile';
import type { DistributionCenter } from '../../domain/contracts/scopes';
import type { TenantConfiguration } from '../../domain/contracts/tenant-configuration';
import { takeEarlyRequest } from '../bootProfile';
import type { BackOfficeMethods } from '../dataProviders/backOfficeDataProvider';
import { currentContextOf } from '../layout/navigation';
import { okJson } from '../plainFetch';
import { storedSessionToken } from '../accessToken';
import { depotPathOf } from './selectedScope';

type ScopeData = Pick<BackOfficeMethods, 'getDistributionCenters' | 'getTenantConfiguration'>;

const inOrder = (centers: readonly DistributionCenter[]) =>
    [...centers].sort(compareDistributionCenters);

/**
 * Depots the user may see (`GET /distributionCenters`) in the spec's order (tenant name, group
 * name, depot number, location name); `path` narrows to a scope. Kept for the session's
 * selections: depots change rarely and the server filters them again on every data call.
 */
export const distributionCentersQuery = (dataProvider: ScopeData, path?: string) =>
    queryOptions<DistributionCenter[]>({
        queryKey: ['app', 'distributionCenters', path ?? ''],
        queryFn: async () => inOrder(await dataProvider.getDistributionCenters({ path })),
        staleTime: 5 * 60_000,
    });

/**
 * An organisation's configuration for the selected scope. Without it the defaults apply
 * (business hours 00:00-23:59): a failed load answers null and is only logged.
 */
export const tenantConfigurationQuery = (dataProvider: ScopeData, tenantId: string) =>
    queryOptions<TenantConfiguration | null>({
        queryKey: ['app', 'tenantConfiguration', tenantId],
        queryFn: async () => {
            try {
                return await dataProvider.getTenantConfiguration(tenantId);
            } catch (error) {
                console.warn('The tenant configuration could not be loaded', error);
                return null;
            }
        },
        staleTime: Infinity,
    });

/**
 * Starts loading what the selected scope of a depot page needs (its depot from the user's
 * depot list, then its organisation's configuration) as soon as the user is known, instead of
 * after the shell has rendered: the page's data calls wait for both. Answers the scope path of
 * the route's depot once the list is there (undefined when it is not the user's, or on other
 * pages, which load nothing).
 */
export async function prefetchScopeData(
    queryClient: QueryClient,
    dataProvider: ScopeData,
    pathname: string,
): Promise<{ path: string } | undefined> {
    const route = currentContextOf(pathname);
    if (route?.context !== 'depot' || !route.tenantId || !route.externalDepotId) return undefined;
    const { tenantId, externalDepotId } = route;
    const early = await earlyDistributionCenters();
    const query = distributionCentersQuery(dataProvider);
    const centers = await queryClient
        .fetchQuery(early ? { ...query, queryFn: () => inOrder(early) } : query)
        .catch(() => undefined);
    const depot = centers?.find(
        (center) => center.tenant.id === tenantId && center.externalDepotId === externalDepotId,
    );
    if (!depot) return undefined;
    // Only for a depot of the user's (as the shell does): another organisation's address asks
    // for nothing of that organisation.
    void queryClient.prefetchQuery(tenantConfigurationQuery(dataProvider, depot.tenant.id));
    return { path: depotPathOf(depot) };
}

/**
 * The depot list index.html's first script asked for on a depot page (vite.config.ts,
 * `firstLoad`), with the token still stored; undefined when there is none or it failed, and
 * the list is then asked for as usual.
 */
async function earlyDistributionCenters(): Promise<DistributionCenter[] | undefined> {
    const early = takeEarlyRequest('depots', storedSessionToken);
    if (!early) return undefined;
    try {
        return await okJson<DistributionCenter[]>(await early);
    } catch {
        return undefined;
    }
}
