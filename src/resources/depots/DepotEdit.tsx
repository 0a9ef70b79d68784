import { Alert } from '@mui/material';
import { Edit, SaveButton, SimpleForm, Toolbar, useRecordContext, useTranslate } from 'react-admin';
import type { Depot } from '../../../domain/contracts/depots';
import { useSavedRecordNotice } from '../../notifications/useRecordNotice';
import {
    depotFormValuesOf,
    depotUpdateBodyOf,
    validateDepotForm,
    type DepotFormValues,
} from './depotForm';
import { DepotInputs } from './DepotInputs';
import { useDepotPermissions } from './useDepotPermissions';
import {
    DepotServerErrors,
    useDepotSaveError,
    type DepotServerFieldErrors,
} from './useDepotSaveError';

function DepotEditForm({ serverErrors }: { serverErrors: DepotServerFieldErrors | undefined }) {
    const depot = useRecordContext<Depot>();
    const translate = useTranslate();
    const { canEdit } = useDepotPermissions();
    if (!depot) return null;
    if (!canEdit(depot)) return <Alert severity="info">{translate('app.depots.readOnly')}</Alert>;
    return (
        <SimpleForm
            record={depotFormValuesOf(depot)}
            validate={validateDepotForm}
            noValidate
            // Depots are not deleted here (the spec has no deletion): the toolbar only saves.
            toolbar={
                <Toolbar>
                    <SaveButton />
                </Toolbar>
            }
        >
            <DepotInputs chooseOrganisation={false} />
            <DepotServerErrors errors={serverErrors} />
        </SimpleForm>
    );
}

/** Changes a depot; the save sends the version it was based on (409 STALE_RECORD when someone else saved first). */
export function DepotEdit() {
    const { onError, fieldErrors } = useDepotSaveError();
    const onSuccess = useSavedRecordNotice('updated', 'show');
    return (
        <Edit
            transform={(data: DepotFormValues) => depotUpdateBodyOf(data)}
            mutationMode="pessimistic"
            redirect="show"
            mutationOptions={{ onError, onSuccess }}
        >
            <DepotEditForm serverErrors={fieldErrors} />
        </Edit>
    );
}
