import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { ApiCredentialWithSecret } from '../../../domain/contracts/api-access';
import type { AppDataProvider } from '../../dataProviders';
import {
    createBodyOf,
    credentialFormErrors,
    newCredentialValues,
    type ApiCredentialFormValues,
} from './apiCredentialForm';
import { ApiCredentialInputs } from './ApiCredentialInputs';
import { useCredentialSaveError } from './useCredentialSaveError';

interface ApiCredentialCreateDialogProps {
    open: boolean;
    tenantId: string;
    onClose: () => void;
    /** The new credential with its secret (shown once by the caller). */
    onCreated: (credential: ApiCredentialWithSecret) => void;
}

/**
 * A new credential: name, scopes, expiry. Sent with a plain provider call (not react-admin's
 * create mutation), so the answer's secret never enters react-admin's query cache.
 */
export function ApiCredentialCreateDialog({
    open,
    tenantId,
    onClose,
    onCreated,
}: ApiCredentialCreateDialogProps) {
    const translate = useTranslate();
    const dataProvider = useDataProvider<AppDataProvider>();
    const onError = useCredentialSaveError();
    const [values, setValues] = useState<ApiCredentialFormValues>(() => newCredentialValues());
    const [submitted, setSubmitted] = useState(false);
    const [saving, setSaving] = useState(false);
    const errors = submitted ? credentialFormErrors(values) : {};
    const close = () => {
        setValues(newCredentialValues());
        setSubmitted(false);
        onClose();
    };
    const submit = async (event: FormEvent) => {
        event.preventDefault();
        setSubmitted(true);
        if (Object.keys(credentialFormErrors(values)).length > 0) return;
        setSaving(true);
        try {
            const created = await dataProvider.createApiCredential(createBodyOf(values, tenantId));
            setValues(newCredentialValues());
            setSubmitted(false);
            onCreated(created);
        } catch (error) {
            onError(error);
        } finally {
            setSaving(false);
        }
    };
    return (
        <Dialog
            open={open}
            onClose={close}
            aria-labelledby="api-create-title"
            maxWidth="sm"
            fullWidth
        >
            <form onSubmit={(event) => void submit(event)} noValidate>
                <DialogTitle id="api-create-title">
                    {translate('app.apiAccess.create.title')}
                </DialogTitle>
                <DialogContent>
                    <ApiCredentialInputs
                        values={values}
                        onChange={setValues}
                        errors={errors}
                        disabled={saving}
                    />
                </DialogContent>
                <DialogActions>
                    <Button onClick={close} disabled={saving}>
                        {translate('ra.action.cancel')}
                    </Button>
                    <Button type="submit" variant="contained" disabled={saving}>
                        {translate('app.apiAccess.create.submit')}
                    </Button>
                </DialogActions>
            </form>
        </Dialog>
    );
}
