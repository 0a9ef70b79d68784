import { Chip, Stack, Typography } from '@mui/material';
import {
    EditButton,
    Labeled,
    NumberField,
    Show,
    TextField,
    TopToolbar,
    useRecordContext,
    useTranslate,
    WithRecord,
} from 'react-admin';
import type { Role } from '../../../domain/contracts/roles';
import { RoleActionList } from './RoleActionList';
import { RoleDeleteButton } from './RoleDeleteButton';
import { useRolePermissions } from './useRolePermissions';
import { useScopeChoices } from './useScopeChoices';

function RoleShowActions() {
    const role = useRecordContext<Role>();
    const { canEdit, canDelete } = useRolePermissions();
    return (
        <TopToolbar>
            {canEdit(role) && <EditButton />}
            {canDelete(role) && <RoleDeleteButton />}
        </TopToolbar>
    );
}

/** The visibility path with the scope's readable name ("all scopes" for technical roles). */
function VisibilityPath({ role }: { role: Role }) {
    const translate = useTranslate();
    const { tenantId } = useRolePermissions();
    const { choices } = useScopeChoices(role.technical ? '' : tenantId);
    if (role.visibilityPath === '')
        return <Typography variant="body2">{translate('app.roles.everywhere')}</Typography>;
    const name = choices.find((choice) => choice.id === role.visibilityPath)?.name;
    return (
        <Typography variant="body2">
            {name ?? role.visibilityPath}
            {name && (
                <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                    {` (${role.visibilityPath})`}
                </Typography>
            )}
        </Typography>
    );
}

function RoleDetails({ role }: { role: Role }) {
    const translate = useTranslate();
    return (
        <Stack spacing={2} sx={{ p: 2 }}>
            <Labeled source="name">
                <TextField source="name" component="h2" variant="h6" />
            </Labeled>
            {role.technical && (
                <Typography variant="body2">{translate('app.roles.technicalNote')}</Typography>
            )}
            <Labeled source="contexts">
                <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    {role.contexts.map((context) => (
                        <Chip
                            key={context}
                            size="small"
                            label={translate(`app.roles.contexts.${context}`)}
                        />
                    ))}
                </Stack>
            </Labeled>
            <Labeled source="visibilityPath">
                <VisibilityPath role={role} />
            </Labeled>
            <Labeled source="assignedUsers">
                <NumberField source="assignedUsers" />
            </Labeled>
            <Labeled source="actions" fullWidth>
                <RoleActionList actions={role.actions} />
            </Labeled>
        </Stack>
    );
}

/** One role: name, contexts, visibility path, actions by area and how many users hold it. */
export function RoleShow() {
    return (
        <Show actions={<RoleShowActions />}>
            <WithRecord<Role> render={(role) => <RoleDetails role={role} />} />
        </Show>
    );
}
