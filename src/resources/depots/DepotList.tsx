import { useContext, useMemo, type ReactNode } from 'react';
import { DataProviderContext, List, type DataProvider } from 'react-admin';
import { useParams } from 'react-router-dom';
import { getBrowserConfig } from '../../config';
import { createTenantDepotsProvider } from '../../dataProviders/depotsDataProvider';
import { httpClient } from '../../dataProviders/httpClient';
import {
    BackOfficeTable,
    DEFAULT_ROWS_PER_PAGE,
    defaultSort,
    type TableColumn,
} from '../../controls/table';
import type { Depot } from '../../../domain/contracts/depots';
import { DepotListActions } from './DepotListActions';
import { useDepotListFilters } from './DepotListFilter';

/** Every column sorts on the server; all are shown until the user hides some. */
const depotColumns: TableColumn<Depot>[] = [
    { key: 'externalDepotId', sortable: true },
    { key: 'name', sortable: true },
    { key: 'locality', sortable: true },
    { key: 'postcode', sortable: true },
    { key: 'countryCode', sortable: true },
    { key: 'timeZone', sortable: true },
    { key: 'tenantName', sortable: true },
    { key: 'groupName', sortable: true },
];

/**
 * In the organisation view the list reads the organisation's depot management list
 * (`/tenants/:tenantId/depots`, gated by r:depot-mgmt-list) instead of every visible depot.
 */
function TenantDepotsProvider({
    tenantId,
    children,
}: {
    tenantId: string | undefined;
    children: ReactNode;
}) {
    const outer = useContext(DataProviderContext);
    const provider = useMemo(() => {
        if (!tenantId || !outer) return undefined;
        const list = createTenantDepotsProvider(getBrowserConfig().services, httpClient, tenantId);
        // Only the depot list call changes; every other call (the filters' regions, the custom methods) stays with the app's provider.
        const getList: DataProvider['getList'] = (resource, params) =>
            resource === 'depots'
                ? list.getList(resource, params)
                : outer.getList(resource, params);
        return { ...outer, getList };
    }, [outer, tenantId]);
    return provider ? (
        <DataProviderContext.Provider value={provider}>{children}</DataProviderContext.Provider>
    ) : (
        children
    );
}

/**
 * Depots the user may see. Under `/tenant/:tenantId` the list is limited to that organisation
 * (a permanent filter); each context keeps its own filters and page, and the sort is in the URL
 * (`depots_sort_by`, `depots_sort_desc`).
 */
export function DepotList() {
    const { tenantId } = useParams<{ tenantId?: string }>();
    const filters = useDepotListFilters(tenantId);
    return (
        <TenantDepotsProvider tenantId={tenantId}>
            <List
                filter={tenantId ? { tenantId } : undefined}
                perPage={DEFAULT_ROWS_PER_PAGE}
                sort={defaultSort(depotColumns)}
                storeKey={tenantId ? `depots.tenant.${tenantId}` : 'depots.admin'}
                disableSyncWithLocation
                exporter={false}
                actions={<DepotListActions />}
                pagination={false}
                empty={false}
            >
                <BackOfficeTable
                    tableId="depots"
                    columns={depotColumns}
                    syncWithUrl
                    rowLink="show"
                    filters={filters}
                />
            </List>
        </TenantDepotsProvider>
    );
}
