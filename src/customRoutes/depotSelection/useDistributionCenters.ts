import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { DistributionCenter } from '../../../domain/profile';
import type { AppDataProvider } from '../../dataProviders';

/** Depots the user may see (`GET /distributionCenters`), already in the spec's order; `path` narrows to a scope. */
export function useDistributionCenters(path?: string) {
    const dataProvider = useDataProvider<AppDataProvider>();
    return useQuery<DistributionCenter[]>({
        queryKey: ['app', 'distributionCenters', path ?? ''],
        queryFn: () => dataProvider.getDistributionCenters({ path }),
        staleTime: 5 * 60_000,
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
    return [center.externalDepotId, center.locationName, center.tenant.name, center.group.name].some((value) => value.toLocaleLowerCase().includes(needle));
}
