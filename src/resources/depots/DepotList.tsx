import { useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, List, Pagination, SimpleList, TextField } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { Depot } from './Depot';
import { depotListFilters } from './DepotListFilter';

/** Table default rows (shell §9). */
const PER_PAGE = 25;
const depotPagination = <Pagination rowsPerPageOptions={[10, 25, 50, 100]} />;

/**
 * Depots the user may see. Under `/tenant/:tenantId` the list is limited to that organisation
 * (a permanent filter); each context keeps its own sort and page.
 */
export function DepotList() {
    const { tenantId } = useParams<{ tenantId?: string }>();
    const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
    return (
        <List
            filters={depotListFilters}
            filter={tenantId ? { tenantId } : undefined}
            perPage={PER_PAGE}
            pagination={depotPagination}
            sort={{ field: 'externalDepotId', order: 'ASC' }}
            storeKey={tenantId ? `depots.tenant.${tenantId}` : 'depots.admin'}
            exporter={false}
        >
            {isXSmall ? (
                <SimpleList<Depot>
                    primaryText={(depot) => `${depot.externalDepotId} ${depot.name}`}
                    secondaryText={(depot) => `${depot.postcode} ${depot.locality}, ${depot.countryCode}`}
                    tertiaryText={(depot) => depot.tenantName}
                    linkType="show"
                />
            ) : (
                <Datagrid rowClick="show" bulkActionButtons={false}>
                    <TextField source="externalDepotId" />
                    <TextField source="name" />
                    <TextField source="locality" />
                    <TextField source="postcode" />
                    <TextField source="countryCode" />
                    <TextField source="timeZone" />
                    <TextField source="tenantName" />
                    <TextField source="groupName" />
                </Datagrid>
            )}
        </List>
    );
}
