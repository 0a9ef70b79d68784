import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import type { DepotRowOrganisation } from '../../../domain/depots';
import { can, canAnywhereUnder } from '../../../domain/permissionChecks';
import type { AppDataProvider } from '../../dataProviders';
import { useUserProfile } from '../../useUserProfile';
import type { DepotPreviewContext } from './depotCsvPreview';
import { useDepotPermissions } from './useDepotPermissions';

/** Organisations of one file whose regions and services the preview loads (a larger file leaves the rest to the server). */
const LOADED_ORGANISATIONS = 25;

/**
 * Loads what the CSV preview can check without the server's stored depots: the organisations the
 * user may create depots in (administration: every known organisation; organisation view: that
 * one), and for those the file names, their regions and configured device-mapping services.
 * Answers undefined when it cannot be loaded (the preview then checks the fields only).
 */
export function useDepotPreviewContext(): (
    organisationIds: readonly string[],
) => Promise<DepotPreviewContext | undefined> {
    const dataProvider = useDataProvider<AppDataProvider>();
    const { tenantId } = useDepotPermissions();
    const { profile } = useUserProfile();
    const actions = profile?.actions;
    return useCallback(
        async (organisationIds) => {
            if (!actions) return undefined;
            try {
                const known = tenantId
                    ? new Set([tenantId])
                    : new Set(
                          (
                              await dataProvider.getList<{ id: string }>('organizations', {
                                  pagination: { page: 1, perPage: 500 },
                                  sort: { field: 'id', order: 'ASC' },
                                  filter: {},
                              })
                          ).data.map((row) => row.id),
                      );
                const allowed = organisationIds.filter(
                    (id) =>
                        known.has(id) &&
                        canAnywhereUnder(actions, 'c:depot', { context: 'tenant', path: id }),
                );
                const entries = await Promise.all(
                    allowed.map(async (id, index): Promise<[string, DepotRowOrganisation]> => {
                        if (index >= LOADED_ORGANISATIONS) return [id, {}];
                        const [regions, configuration] = await Promise.all([
                            dataProvider.getDepotRegions(id).catch(() => undefined),
                            dataProvider.getTenantConfiguration(id).catch(() => undefined),
                        ]);
                        return [
                            id,
                            {
                                groupIds: regions && new Set(regions.map((region) => region.id)),
                                services: configuration?.frontend.deviceMappingServices,
                            },
                        ];
                    }),
                );
                return {
                    organisations: new Map(entries),
                    mayCreateAt: (path) => can(actions, 'c:depot', { context: 'tenant', path }),
                };
            } catch {
                return undefined;
            }
        },
        [actions, dataProvider, tenantId],
    );
}
