import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { compareDistributionCenters } from '../../../domain/profile';
import type { DistributionCenter } from '../../../domain/contracts/scopes';
import type { AppDataProvider } from '../../dataProviders';

const inSpecOrder = (centers: DistributionCenter[]) =>
    [...centers].sort(compareDistributionCenters);

/**
 * Depots the user may see (`GET /distributionCenters`) in the spec's order (tenant name, group
 * name, depot number, location name); `path` narrows to a scope. Kept for the session's
 * selections: depots change rarely and the server filters them again on every data call.
 */
export function useDistributionCenters(path?: string, options: { enabled?: boolean } = {}) {
    const dataProvider = useDataProvider<AppDataProvider>();
    return useQuery<DistributionCenter[]>({
        queryKey: ['app', 'distributionCenters', path ?? ''],
        queryFn: async () => inSpecOrder(await dataProvider.getDistributionCenters({ path })),
        staleTime: 5 * 60_000,
        enabled: options.enabled ?? true,
    });
}

/** The path of a depot's page in the depot context. */
export function depotPath(center: Pick<DistributionCenter, 'tenant' | 'externalDepotId'>): string {
    return `/depot/${encodeURIComponent(center.tenant.id)}/${encodeURIComponent(center.externalDepotId)}`;
}

/** Case-insensitive match on number, name, organisation and region. */
export function matchesDepotSearch(center: DistributionCenter, search: string): boolean {
    const needle = search.trim().toLocaleLowerCase();
    if (!needle) return true;
    return [
        center.externalDepotId,
        center.locationName,
        center.tenant.name,
        center.group.name,
    ].some((value) => value.toLocaleLowerCase().includes(needle));
}
