import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate, useUpdate } from 'react-admin';
import type { ApiCredential } from '../../../domain/contracts/api-access';
import {
    credentialFormErrors,
    credentialValues,
    dayIn,
    updateBodyOf,
    type ApiCredentialFormValues,
} from './apiCredentialForm';
import { ApiCredentialInputs } from './ApiCredentialInputs';
import { useCredentialSaveError } from './useCredentialSaveError';

interface ApiCredentialEditDialogProps {
    credential: ApiCredential;
    open: boolean;
    onClose: () => void;
}

/** Changes name, scopes and expiry; the save sends the version it was based on (409 STALE_RECORD when someone else saved first). */
export function ApiCredentialEditDialog({
    credential,
    open,
    onClose,
}: ApiCredentialEditDialogProps) {
    const translate = useTranslate();
    const notify = useNotify();
    const onError = useCredentialSaveError();
    const [update, { isPending }] = useUpdate<ApiCredential>();
    const [values, setValues] = useState<ApiCredentialFormValues>(() =>
        credentialValues(credential),
    );
    const [submitted, setSubmitted] = useState(false);
    const originalDay = credential.expiresAt ? dayIn(new Date(credential.expiresAt)) : undefined;
    const errors = submitted ? credentialFormErrors(values, new Date(), originalDay) : {};
    const close = () => {
        setValues(credentialValues(credential));
        setSubmitted(false);
        onClose();
    };
    const submit = (event: FormEvent) => {
        event.preventDefault();
        setSubmitted(true);
        if (Object.keys(credentialFormErrors(values, new Date(), originalDay)).length > 0) return;
        void update(
            'api-access-management',
            { id: credential.id, data: updateBodyOf(values, credential), previousData: credential },
            {
                mutationMode: 'pessimistic',
                onSuccess: () => {
                    notify('app.apiAccess.edit.saved', { type: 'success' });
                    setSubmitted(false);
                    onClose();
                },
                onError,
            },
        );
    };
    return (
        <Dialog
            open={open}
            onClose={close}
            aria-labelledby="api-edit-title"
            maxWidth="sm"
            fullWidth
        >
            <form onSubmit={submit} noValidate>
                <DialogTitle id="api-edit-title">
                    {translate('app.apiAccess.edit.title', { name: credential.name })}
                </DialogTitle>
                <DialogContent>
                    <ApiCredentialInputs
                        values={values}
                        onChange={setValues}
                        errors={errors}
                        disabled={isPending}
                    />
                </DialogContent>
                <DialogActions>
                    <Button onClick={close} disabled={isPending}>
                        {translate('ra.action.cancel')}
                    </Button>
                    <Button type="submit" variant="contained" disabled={isPending}>
                        {translate('ra.action.save')}
                    </Button>
                </DialogActions>
            </form>
        </Dialog>
    );
}
