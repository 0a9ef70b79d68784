import Save from '@mui/icons-material/Save';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, Create, SimpleForm, Toolbar, useSaveContext, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { useSavedRecordNotice } from '../../notifications/useRecordNotice';
import {
    newOrganisationDefaults,
    organisationCreateBodyOf,
    type OrganisationFormValues,
} from './organizationForm';
import { OrganizationInputs } from './OrganizationInputs';
import { useCountryName } from './useCountryName';
import { useOrganizationSaveError } from './useOrganizationSaveError';

/**
 * Save asks first: the country cannot be changed once the organisation exists (domain §5).
 * The form's rules run before the question; the save itself goes through the Create controller.
 */
function CreateToolbar() {
    const translate = useTranslate();
    const countryName = useCountryName();
    const { handleSubmit, getValues, formState } = useFormContext<OrganisationFormValues>();
    const { save, saving } = useSaveContext();
    const [asking, setAsking] = useState(false);
    const confirm = () => {
        setAsking(false);
        void save?.(getValues());
    };
    const country = getValues('countryCode');
    return (
        <Toolbar>
            <Button
                variant="contained"
                startIcon={<Save />}
                disabled={saving || formState.isSubmitting}
                onClick={handleSubmit(() => setAsking(true))}
            >
                {translate('ra.action.save')}
            </Button>
            <Confirm
                isOpen={asking}
                title="app.organisations.confirmCountry.title"
                content="app.organisations.confirmCountry.content"
                translateOptions={{
                    country: country ? `${countryName(country)} (${country})` : '',
                }}
                confirm="app.organisations.confirmCountry.confirm"
                onConfirm={confirm}
                onClose={() => setAsking(false)}
            />
        </Toolbar>
    );
}

/** A new organisation: id, name, country, time zone, business hours and at least one region. */
export function OrganizationCreate() {
    const onError = useOrganizationSaveError(true);
    const onSuccess = useSavedRecordNotice('created', 'show');
    return (
        <Create
            transform={(data: Partial<OrganisationFormValues>) => organisationCreateBodyOf(data)}
            redirect="show"
            mutationOptions={{ onError, onSuccess }}
        >
            <SimpleForm
                defaultValues={newOrganisationDefaults}
                toolbar={<CreateToolbar />}
                noValidate
            >
                <OrganizationInputs creating />
            </SimpleForm>
        </Create>
    );
}
