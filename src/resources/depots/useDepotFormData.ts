import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProviders';

/** Regions and configured device-mapping services of one organisation, for the depot form. */
export function useDepotFormData(tenantId: string | undefined) {
    const dataProvider = useDataProvider<AppDataProvider>();
    const enabled = Boolean(tenantId);
    const regions = useQuery({
        queryKey: ['depots', 'regions', tenantId],
        queryFn: () => dataProvider.getDepotRegions(tenantId ?? ''),
        enabled,
        staleTime: 60_000,
    });
    const services = useQuery({
        queryKey: ['depots', 'deviceMappingServices', tenantId],
        queryFn: async () =>
            (await dataProvider.getTenantConfiguration(tenantId ?? '')).frontend
                .deviceMappingServices ?? [],
        enabled,
        staleTime: 60_000,
    });
    return {
        regions: regions.data ?? [],
        services: services.data ?? [],
        isPending: enabled && (regions.isPending || services.isPending),
    };
}

let zones: { id: string; name: string }[] | undefined;
/** Every IANA time zone the browser knows, as select choices. */
export function timeZoneChoices(): { id: string; name: string }[] {
    zones ??= (
        typeof Intl.supportedValuesOf === 'function'
            ? ['UTC', ...Intl.supportedValuesOf('timeZone')]
            : ['UTC', 'Europe/Berlin']
    ).map((zone) => ({ id: zone, name: zone }));
    return zones;
}
