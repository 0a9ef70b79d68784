import { FormControlLabel, FormHelperText, Paper, Switch } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { MfaRequirement } from '../../../domain/contracts/mfa-requirement';
import { can } from '../../../domain/permissionChecks';
import type { AppDataProvider } from '../../dataProviders';
import { refusalReason } from '../../dataProviders/apiError';
import { useAppDialog } from '../../layout/dialogs/useAppDialog';
import { useUserProfile } from '../../useUserProfile';

/**
 * The organisation's requirement of two-step sign-in for its back-office users, on the
 * organisation's back-office user list (issue 13 point 13): organisation admins (tenant-admin
 * covering it) and admins switch it; users without MFA set it up at their next sign-in.
 */
export function MfaRequirementSwitch({ tenantId }: { tenantId: string }) {
    const translate = useTranslate();
    const notify = useNotify();
    const dialog = useAppDialog();
    const dataProvider = useDataProvider<AppDataProvider>();
    const queryClient = useQueryClient();
    const { profile } = useUserProfile();
    const helpId = useId();
    const allowed =
        profile !== undefined &&
        can(profile.actions, 'tenant-admin', { context: 'tenant', path: tenantId });
    const queryKey = ['app', 'mfaRequirement', tenantId];
    const current = useQuery<MfaRequirement>({
        queryKey,
        queryFn: () => dataProvider.getMfaRequirement(tenantId),
        enabled: allowed,
    });
    const change = useMutation({
        mutationFn: (required: boolean) =>
            dataProvider.setMfaRequirement(tenantId, {
                required,
                baseRevision: current.data?.revision ?? 0,
            }),
        onSuccess: (answer) => {
            queryClient.setQueryData(queryKey, answer);
            notify(
                answer.required ? 'app.users.mfaRequirement.on' : 'app.users.mfaRequirement.off',
                { type: 'success' },
            );
        },
        onError: (error) => {
            void queryClient.invalidateQueries({ queryKey });
            dialog.open({
                type: 'error',
                messageKey: 'app.users.mfaRequirement.failed',
                descriptionKey: refusalReason(error) ?? 'app.alert.error',
            });
        },
    });
    if (!allowed || !current.data) return null;
    return (
        <Paper variant="outlined" sx={{ mx: 2, mt: 2, px: 2, py: 1 }}>
            <FormControlLabel
                control={
                    <Switch
                        checked={current.data.required}
                        disabled={change.isPending}
                        onChange={(event) => change.mutate(event.target.checked)}
                        slotProps={{ input: { 'aria-describedby': helpId } }}
                    />
                }
                label={translate('app.users.mfaRequirement.label')}
            />
            <FormHelperText id={helpId} sx={{ mt: 0 }}>
                {translate('app.users.mfaRequirement.help')}
            </FormHelperText>
        </Paper>
    );
}
