import Add from '@mui/icons-material/Add';
import { Box, Button, Typography } from '@mui/material';
import { useId, useMemo, useState } from 'react';
import { List, Loading, SelectInput, useGetList, useTranslate } from 'react-admin';
import type { Subcontractor } from '../../../domain/contracts/fleet';
import { DEFAULT_ROWS_PER_PAGE } from '../../controls/table';
import { AppUserDialog } from '../app-accounts/AppUserDialog';
import { courierAccountLimit } from '../app-accounts/appUserRules';
import { AppUserTable } from '../app-accounts/AppUserTable';
import { useFleetView, useTenantFrontendConfiguration } from '../app-accounts/useFleetView';

/**
 * Courier accounts of the selected depot (`/depot/:t/:d/users/tempDrivers`, domain §2, §4):
 * search, filters, bulk activation, create and edit within the organisation's cap
 * (`maxTemporaryUsersPerDepot`; active or not, every account counts). The organisation's
 * `addEditUserFrom` does not apply: courier accounts have no organisation view to move to.
 */
export function TempDriverList() {
    const view = useFleetView();
    const { configuration } = useTenantFrontendConfiguration(view.tenantId);
    const translate = useTranslate();
    const [creating, setCreating] = useState(false);
    const limitId = useId();
    const depotPath = view.depotPath ?? '';
    const subcontractorFilter = useMemo(
        () => ({ depotId: view.internalDepotId ?? '' }),
        [view.internalDepotId],
    );
    const { data: subcontractors = [] } = useGetList<Subcontractor>(
        'subcontractor',
        {
            filter: subcontractorFilter,
            pagination: { page: 1, perPage: 500 },
            sort: { field: 'name', order: 'ASC' },
        },
        { enabled: Boolean(view.internalDepotId) },
    );
    const { total } = useGetList(
        'tempDrivers',
        {
            filter: { path: depotPath },
            pagination: { page: 1, perPage: 1 },
            sort: { field: 'lastName', order: 'ASC' },
        },
        { enabled: Boolean(depotPath) },
    );
    const filters = useMemo(
        () => [
            <SelectInput
                key="active"
                source="active"
                label="app.fleet.fields.active"
                choices={[
                    { id: 'true', name: 'app.fleet.active' },
                    { id: 'false', name: 'app.fleet.inactive' },
                ]}
            />,
            <SelectInput
                key="subcontractorId"
                source="subcontractorId"
                label="app.fleet.fields.subcontractor"
                choices={subcontractors.map((s) => ({ id: s.id, name: s.name }))}
                translateChoice={false}
            />,
        ],
        [subcontractors],
    );
    if (!view.depotPath) return <Loading />;
    const limit = courierAccountLimit(total, configuration.maxTemporaryUsersPerDepot);
    // Courier accounts exist only in the depot view: `addEditUserFrom` governs driver accounts, not these.
    const mayCreate = view.allows('c:temp-driver');
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
                {translate('resources.tempDrivers.name', { smart_count: 2 })}
            </Typography>
            <Typography variant="body2" role="status" data-testid="courier-limit">
                {/* Until the count has arrived, "0 of N" would be a false statement. */}
                {total !== undefined &&
                    translate('app.fleet.limitCount', { count: limit.count, max: limit.max })}
            </Typography>
            {mayCreate && (
                <Button
                    variant="contained"
                    size="small"
                    startIcon={<Add />}
                    disabled={limit.reached || total === undefined}
                    aria-describedby={limit.reached ? limitId : undefined}
                    onClick={() => setCreating(true)}
                >
                    {translate('app.fleet.create.TEMP_DRIVER')}
                </Button>
            )}
            {mayCreate && limit.reached && (
                <Typography
                    id={limitId}
                    variant="body2"
                    color="warning.main"
                    sx={{ flexBasis: '100%', textAlign: 'right' }}
                >
                    {translate('app.fleet.limitReached', { max: limit.max })}
                </Typography>
            )}
        </Box>
    );
    return (
        <List
            resource="tempDrivers"
            filter={{ path: depotPath }}
            perPage={DEFAULT_ROWS_PER_PAGE}
            sort={{ field: 'lastName', order: 'ASC' }}
            storeKey={`tempDrivers.${depotPath}`}
            disableSyncWithLocation
            exporter={false}
            actions={false}
            pagination={false}
            empty={false}
            title="resources.tempDrivers.name"
        >
            <AppUserTable
                tableId="tempDrivers"
                driverType="TEMP_DRIVER"
                hidePhoneDigits={configuration.hidePhoneNumberLastDigits}
                canEdit={() => view.allows('u:temp-driver')}
                bulk={{
                    activate: view.allows('activate-user'),
                    deactivate: view.allows('deactivate-user'),
                    delete: view.allows('d:temp-driver'),
                }}
                filters={filters}
                subcontractorFilter={subcontractorFilter}
                {...(view.tenantId ? { tenantId: view.tenantId } : {})}
                toolbar={toolbar}
            />
            <AppUserDialog
                open={creating}
                onClose={() => setCreating(false)}
                resource="tempDrivers"
                driverType="TEMP_DRIVER"
                subcontractorFilter={subcontractorFilter}
                {...(view.tenantId ? { tenantId: view.tenantId } : {})}
            />
        </List>
    );
}
