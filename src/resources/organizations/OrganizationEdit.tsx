import { Edit, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import type { Organisation } from '../../../domain/contracts/organisations';
import { useSavedRecordNotice } from '../../notifications/useRecordNotice';
import { organisationUpdateBodyOf, type OrganisationFormValues } from './organizationForm';
import { OrganizationInputs } from './OrganizationInputs';
import { useOrganizationSaveError } from './useOrganizationSaveError';

/**
 * Changes an organisation: the country is shown read-only, saved regions can be renamed but not
 * removed, new ones added (and removed again before saving). The save sends the version it was
 * based on (409 STALE_RECORD when someone else saved first).
 */
export function OrganizationEdit() {
    const onError = useOrganizationSaveError(false);
    const onSuccess = useSavedRecordNotice('updated', 'show');
    return (
        <Edit
            transform={(data: Partial<OrganisationFormValues & Organisation>) =>
                organisationUpdateBodyOf(data)
            }
            mutationMode="pessimistic"
            redirect="show"
            mutationOptions={{ onError, onSuccess }}
        >
            {/* Organisations are never deleted: the toolbar only saves. */}
            <SimpleForm
                noValidate
                toolbar={
                    <Toolbar>
                        <SaveButton />
                    </Toolbar>
                }
            >
                <OrganizationInputs creating={false} />
            </SimpleForm>
        </Edit>
    );
}
