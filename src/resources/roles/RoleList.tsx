import { Chip, Stack } from '@mui/material';
import { CreateButton, List, SelectInput, TopToolbar, useTranslate } from 'react-admin';
import type { Role } from '../../../domain/contracts/roles';
import {
    BackOfficeTable,
    DEFAULT_ROWS_PER_PAGE,
    defaultSort,
    type TableColumn,
} from '../../controls/table';
import { organisationRoleContexts } from './roleActions';
import { useRolePermissions } from './useRolePermissions';

function RoleContexts({ role }: { role: Role }) {
    const translate = useTranslate();
    return (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {role.contexts.map((context) => (
                <Chip
                    key={context}
                    size="small"
                    label={translate(`app.roles.contexts.${context}`)}
                />
            ))}
        </Stack>
    );
}

function RoleKind({ role }: { role: Role }) {
    const translate = useTranslate();
    return (
        <>
            {translate(role.technical ? 'app.roles.kind.technical' : 'app.roles.kind.organisation')}
        </>
    );
}

const roleColumns: TableColumn<Role>[] = [
    { key: 'name', sortable: true },
    { key: 'contexts', sortable: false, render: (role) => <RoleContexts role={role} /> },
    { key: 'technical', sortable: false, render: (role) => <RoleKind role={role} /> },
    { key: 'assignedUsers', sortable: true, align: 'right' },
];

const contextChoices = [...organisationRoleContexts, 'ADMIN'].map((context) => ({
    id: context,
    name: `app.roles.contexts.${context}`,
}));
const roleFilters = [
    <SelectInput
        key="context"
        source="context"
        choices={contextChoices}
        label="resources.roles.fields.contexts"
    />,
];

function RoleListActions() {
    const { canCreate } = useRolePermissions();
    return <TopToolbar>{canCreate && <CreateButton />}</TopToolbar>;
}

/**
 * The roles of the organisation in the route and the platform's technical roles (domain §2
 * Roles management): search, a context filter, sort by name or number of users.
 */
export function RoleList() {
    const { tenantId } = useRolePermissions();
    return (
        <List
            filter={{ tenantId }}
            perPage={DEFAULT_ROWS_PER_PAGE}
            sort={defaultSort(roleColumns)}
            storeKey={`roles.tenant.${tenantId}`}
            disableSyncWithLocation
            exporter={false}
            actions={<RoleListActions />}
            pagination={false}
            empty={false}
        >
            <BackOfficeTable
                tableId="roles"
                columns={roleColumns}
                syncWithUrl
                rowLink="show"
                filters={roleFilters}
            />
        </List>
    );
}
