import { List } from 'react-admin';
import { useParams } from 'react-router-dom';
import { BackOfficeTable, DEFAULT_ROWS_PER_PAGE, defaultSort, type TableColumn } from '../../controls/table';
import type { Depot } from './Depot';
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
 * Depots the user may see. Under `/tenant/:tenantId` the list is limited to that organisation
 * (a permanent filter); each context keeps its own filters and page, and the sort is in the URL
 * (`depots_sort_by`, `depots_sort_desc`).
 */
export function DepotList() {
    const { tenantId } = useParams<{ tenantId?: string }>();
    const filters = useDepotListFilters(tenantId);
    return (
        <List
            filter={tenantId ? { tenantId } : undefined}
            perPage={DEFAULT_ROWS_PER_PAGE}
            sort={defaultSort(depotColumns)}
            storeKey={tenantId ? `depots.tenant.${tenantId}` : 'depots.admin'}
            disableSyncWithLocation
            exporter={false}
            actions={false}
            pagination={false}
            empty={false}
        >
            <BackOfficeTable tableId="depots" columns={depotColumns} syncWithUrl rowLink="show" filters={filters} />
        </List>
    );
}
