import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { DistributionCenter } from '../../../domain/contracts/scopes';
import type { AppDataProvider } from '../../dataProviders';
import { distributionCentersQuery } from '../../scope/scopeQueries';

/** Depots the user may see, in the spec's order (see `distributionCentersQuery`). */
export function useDistributionCenters(path?: string, options: { enabled?: boolean } = {}) {
    const dataProvider = useDataProvider<AppDataProvider>();
    return useQuery({
        ...distributionCentersQuery(dataProvider, path),
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
