import { Box, Chip } from '@mui/material';
import { useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { useResourceContext, useTranslate } from 'react-admin';
import type { AppUser, DriverType } from '../../../domain/contracts/fleet';
import { BackOfficeTable, type TableColumn } from '../../controls/table';
import { useFormatters } from '../../settings/useFormatters';
import { AppUserBulkActions, type AppUserBulkRights } from './AppUserBulkActions';
import { AppUserDialog } from './AppUserDialog';
import { maskPhone } from './appUserRules';

export interface AppUserTableProps {
    tableId: string;
    driverType: DriverType;
    /** The organisation's choice to hide the mobile's last digits. */
    hidePhoneDigits: boolean;
    /** May the user edit an account of this list (its row opens the edit dialog). */
    canEdit: (record: AppUser) => boolean;
    bulk: AppUserBulkRights;
    filters?: readonly ReactElement[];
    subcontractorFilter: Record<string, string>;
    tenantId?: string;
    /** Show the depot and type columns (organisation and admin views). */
    wide?: boolean;
    /** Above the table beside the bulk actions (counts, create button). */
    toolbar?: ReactNode;
}

/**
 * App accounts in the generic table (shell §2.10): name, username, mobile, subcontractor,
 * vehicle, active, last login; row selection for the bulk actions; a row opens the edit dialog.
 * Renders inside a `<List>` of one of the app account resources.
 */
export function AppUserTable(props: AppUserTableProps) {
    const {
        tableId,
        driverType,
        hidePhoneDigits,
        canEdit,
        bulk,
        filters,
        subcontractorFilter,
        tenantId,
        wide = false,
        toolbar,
    } = props;
    const translate = useTranslate();
    const formatters = useFormatters();
    const resource = useResourceContext() ?? tableId;
    const [editing, setEditing] = useState<AppUser | undefined>();
    const columns = useMemo<TableColumn<AppUser>[]>(
        () => [
            {
                key: 'lastName',
                title: 'app.fleet.fields.name',
                sortable: true,
                render: (user) => `${user.lastName}, ${user.firstName}`,
            },
            { key: 'username', title: 'app.fleet.fields.username', sortable: true },
            {
                key: 'mobilePhone',
                title: 'app.fleet.fields.mobilePhone',
                render: (user) => maskPhone(user.mobilePhone, hidePhoneDigits),
            },
            ...(wide
                ? [
                      {
                          key: 'driverType',
                          title: 'app.fleet.fields.type',
                          render: (user: AppUser) =>
                              translate(`app.fleet.driverTypes.${user.driverType}`),
                      },
                      { key: 'externalDepotId', title: 'app.fleet.fields.depot' },
                  ]
                : []),
            { key: 'subcontractorName', title: 'app.fleet.fields.subcontractor', sortable: true },
            { key: 'vehicleNumber', title: 'app.fleet.fields.vehicle', sortable: true },
            {
                key: 'active',
                title: 'app.fleet.fields.active',
                sortable: true,
                render: (user) => (
                    <Chip
                        size="small"
                        variant="outlined"
                        color={user.active ? 'success' : 'default'}
                        label={translate(user.active ? 'app.fleet.active' : 'app.fleet.inactive')}
                    />
                ),
            },
            {
                key: 'lastLogin',
                title: 'app.fleet.fields.lastLogin',
                sortable: true,
                render: (user) =>
                    user.lastLogin
                        ? formatters.dateTime(user.lastLogin)
                        : translate('app.fleet.neverLoggedIn'),
            },
        ],
        [formatters, hidePhoneDigits, translate, wide],
    );
    return (
        <Box>
            <Box
                sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    alignItems: 'center',
                    gap: 1,
                    px: 2,
                    pt: 1,
                }}
            >
                {toolbar}
                <AppUserBulkActions rights={bulk} />
            </Box>
            <BackOfficeTable
                tableId={tableId}
                columns={columns}
                selectable={bulk.activate || bulk.deactivate || bulk.delete}
                onRowClick={(record) => (canEdit(record) ? setEditing(record) : undefined)}
                filters={filters}
            />
            <AppUserDialog
                open={editing !== undefined}
                onClose={() => setEditing(undefined)}
                resource={resource}
                driverType={editing?.driverType ?? driverType}
                {...(editing ? { record: editing } : {})}
                subcontractorFilter={subcontractorFilter}
                {...(tenantId ? { tenantId } : {})}
            />
        </Box>
    );
}
