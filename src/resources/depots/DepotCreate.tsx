import { Create, SimpleForm } from 'react-admin';
import { useSavedRecordNotice } from '../../notifications/useRecordNotice';
import { depotCreateBodyOf, validateDepotForm, type DepotFormValues } from './depotForm';
import { DepotInputs } from './DepotInputs';
import { useDepotPermissions } from './useDepotPermissions';
import { DepotServerErrors, useDepotSaveError } from './useDepotSaveError';

/** A new depot: in the administration of any organisation, in the organisation view of that one. */
export function DepotCreate() {
    const { tenantId } = useDepotPermissions();
    const { onError, fieldErrors } = useDepotSaveError();
    const onSuccess = useSavedRecordNotice('created', 'show');
    return (
        <Create
            transform={(data: DepotFormValues) => depotCreateBodyOf(data)}
            redirect="show"
            mutationOptions={{ onError, onSuccess }}
        >
            <SimpleForm
                defaultValues={{
                    tenantId: tenantId ?? '',
                    deviceMappings: [],
                    manualJobUploadEnabled: false,
                    timeZone: '',
                    latitude: null,
                    longitude: null,
                }}
                validate={validateDepotForm}
                noValidate
            >
                <DepotInputs chooseOrganisation={!tenantId} isCreate />
                <DepotServerErrors errors={fieldErrors} />
            </SimpleForm>
        </Create>
    );
}
