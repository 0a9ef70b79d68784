import { Box } from '@mui/material';
import { SelectInput, TextInput, type Validator } from 'react-admin';
import { ROLE_NAME_MAX_LENGTH, roleNameRule } from '../../../domain/userRules';
import { RoleActionsInput } from './RoleActionsInput';
import { RoleContextsInput } from './RoleContextsInput';
import { useScopeChoices } from './useScopeChoices';

const validateName: Validator = (value: unknown) => {
    const rule = roleNameRule(typeof value === 'string' ? value : '');
    return rule ? `app.validation.${rule}` : undefined;
};
const requiredPath: Validator = (value: unknown) =>
    typeof value === 'string' && value !== '' ? undefined : 'app.roles.validation.visibilityPath';

/** The fields of a role, shared by create and edit. */
export function RoleInputs({ tenantId }: { tenantId: string }) {
    const { choices, isPending } = useScopeChoices(tenantId);
    return (
        <Box sx={{ width: '100%', maxWidth: 900 }}>
            <TextInput
                source="name"
                validate={validateName}
                fullWidth
                slotProps={{ htmlInput: { maxLength: ROLE_NAME_MAX_LENGTH } }}
            />
            <RoleContextsInput />
            <SelectInput
                source="visibilityPath"
                choices={choices}
                isPending={isPending}
                validate={requiredPath}
                translateChoice={false}
                helperText="app.roles.visibilityHelp"
                fullWidth
            />
            <RoleActionsInput />
        </Box>
    );
}
