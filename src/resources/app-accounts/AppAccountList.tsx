import Add from '@mui/icons-material/Add';
import { Box, Button, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { List, SelectInput, useGetList, useResourceContext, useTranslate } from 'react-admin';
import { DEFAULT_ROWS_PER_PAGE } from '../../controls/table';
import type { Depot } from '../../../domain/contracts/depots';
import { AppUserDialog } from './AppUserDialog';
import { mayAddEditUsersIn, usersAddedAndEditedIn } from '../../../domain/tenantConfiguration';
import { AddEditElsewhereNotice } from '../../controls/AddEditElsewhereNotice';
import { AppUserTable } from './AppUserTable';
import { useFleetView, useTenantFrontendConfiguration } from './useFleetView';

const depotPathOf = (depot: Depot) => depot.scopePath;

/**
 * Driver app accounts and courier accounts of an organisation (`app-accounts`) or of all
 * organisations (`app-accounts-admin`): filters by type, depot and state; drivers are created and
 * edited here (also moved to another subcontractor), where the organisation allows it.
 */
export function AppAccountList() {
    const resource = useResourceContext() ?? 'app-accounts';
    const view = useFleetView();
    const translate = useTranslate();
    const { configuration } = useTenantFrontendConfiguration(view.tenantId);
    const [creating, setCreating] = useState(false);
    const { data: depots = [] } = useGetList<Depot>('depots', {
        filter: view.tenantId ? { tenantId: view.tenantId } : {},
        pagination: { page: 1, perPage: 500 },
        sort: { field: 'externalDepotId', order: 'ASC' },
    });
    const filters = useMemo(
        () => [
            <SelectInput
                key="driverType"
                source="driverType"
                label="app.fleet.fields.type"
                choices={[
                    { id: 'DRIVER', name: 'app.fleet.driverTypes.DRIVER' },
                    { id: 'TEMP_DRIVER', name: 'app.fleet.driverTypes.TEMP_DRIVER' },
                ]}
            />,
            <SelectInput
                key="depotPath"
                source="depotPath"
                label="app.fleet.fields.depot"
                choices={depots.map((depot) => ({
                    id: depotPathOf(depot),
                    name: `${depot.externalDepotId} ${depot.name}`,
                }))}
                translateChoice={false}
            />,
            <SelectInput
                key="active"
                source="active"
                label="app.fleet.fields.active"
                choices={[
                    { id: 'true', name: 'app.fleet.active' },
                    { id: 'false', name: 'app.fleet.inactive' },
                ]}
            />,
        ],
        [depots],
    );
    const editable = mayAddEditUsersIn(view.context, configuration.addEditUserFrom);
    const subcontractorFilter: Record<string, string> = view.tenantId
        ? { path: view.tenantId }
        : {};
    const rights = (code: string, record?: { scopePath: string }) =>
        view.allows(code, record?.scopePath);
    const toolbar = (
        <Box
            sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                gap: 1,
                flex: '1 1 auto',
            }}
        >
            <Typography component="h1" variant="h5" sx={{ mr: 'auto' }}>
                {translate(`resources.${resource}.name`, { smart_count: 2 })}
            </Typography>
            {!editable && (rights('c:driver') || rights('u:driver')) && (
                <AddEditElsewhereNotice
                    where={usersAddedAndEditedIn(view.context, configuration.addEditUserFrom)}
                    sx={{ py: 0 }}
                />
            )}
            {editable && rights('c:driver') && (
                <Button
                    variant="contained"
                    size="small"
                    startIcon={<Add />}
                    onClick={() => setCreating(true)}
                >
                    {translate('app.fleet.create.DRIVER')}
                </Button>
            )}
        </Box>
    );
    return (
        <List
            filter={view.listPath ? { path: view.listPath } : {}}
            perPage={DEFAULT_ROWS_PER_PAGE}
            sort={{ field: 'lastName', order: 'ASC' }}
            storeKey={`${resource}.${view.listPath ?? 'all'}`}
            disableSyncWithLocation
            exporter={false}
            actions={false}
            pagination={false}
            empty={false}
            title={`resources.${resource}.name`}
        >
            <AppUserTable
                tableId={resource}
                driverType="DRIVER"
                hidePhoneDigits={configuration.hidePhoneNumberLastDigits}
                canEdit={(record) =>
                    editable &&
                    rights(record.driverType === 'DRIVER' ? 'u:driver' : 'u:temp-driver', record)
                }
                bulk={{
                    activate: rights('activate-user'),
                    deactivate: rights('deactivate-user'),
                    delete: false,
                }}
                filters={filters}
                subcontractorFilter={subcontractorFilter}
                {...(view.tenantId ? { tenantId: view.tenantId } : {})}
                wide
                toolbar={toolbar}
            />
            <AppUserDialog
                open={creating}
                onClose={() => setCreating(false)}
                resource={resource}
                driverType="DRIVER"
                subcontractorFilter={subcontractorFilter}
                {...(view.tenantId ? { tenantId: view.tenantId } : {})}
            />
        </List>
    );
}
