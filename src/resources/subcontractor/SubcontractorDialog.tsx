import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { Form, TextInput, useCreate, useTranslate, useUpdate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import type { Subcontractor } from '../../../domain/contracts/fleet';
import { emptyToNull } from '../../../domain/userRules';
import { useAppDialog } from '../../layout/dialogs/useAppDialog';
import { errorDescriptionKey } from '../app-accounts/fleetErrors';
import { validateSubcontractor } from './subcontractorRules';

interface SubcontractorDialogProps {
    open: boolean;
    onClose: () => void;
    /** The depot of a new subcontractor. */
    depotId: string;
    record?: Subcontractor;
}

/** Create or rename a subcontractor (name and subcontractor ID, domain §3). */
export function SubcontractorDialog({ open, onClose, depotId, record }: SubcontractorDialogProps) {
    const translate = useTranslate();
    const titleId = useId();
    const dialog = useAppDialog();
    const [create] = useCreate<Subcontractor>();
    const [update] = useUpdate<Subcontractor>();
    const options = {
        onSuccess: () => onClose(),
        onError: (error: unknown) =>
            dialog.open({
                type: 'error',
                descriptionKey: errorDescriptionKey('subcontractor', error),
            }),
    };
    const submit = (values: Record<string, unknown>) => {
        const name = String(values.name ?? '').trim();
        const code = emptyToNull(typeof values.code === 'string' ? values.code.trim() : null);
        if (record)
            update(
                'subcontractor',
                {
                    id: record.id,
                    data: { name, code: code ?? record.code, version: record.version },
                    previousData: record,
                },
                { mutationMode: 'pessimistic', ...options },
            );
        else
            create(
                'subcontractor',
                { data: { depotId, name, ...(code ? { code } : {}) } },
                options,
            );
    };
    return (
        <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
            <DialogTitle id={titleId}>
                {translate(
                    record ? 'resources.subcontractor.edit' : 'resources.subcontractor.create',
                )}
            </DialogTitle>
            {open && (
                <Form
                    record={record ?? { name: '', code: '' }}
                    onSubmit={submit}
                    validate={(values) => validateSubcontractor(values, !record)}
                    mode="onChange"
                    noValidate
                >
                    <DialogContent>
                        <TextInput
                            source="name"
                            label="resources.subcontractor.fields.name"
                            slotProps={{ htmlInput: { maxLength: 100 } }}
                        />
                        <TextInput
                            source="code"
                            label="resources.subcontractor.fields.code"
                            helperText={record ? false : 'resources.subcontractor.codeHint'}
                            slotProps={{ htmlInput: { maxLength: 40 } }}
                        />
                    </DialogContent>
                    <SubmitActions onCancel={onClose} isEdit={Boolean(record)} />
                </Form>
            )}
        </Dialog>
    );
}

/** Cancel and Save; Save waits for a change when editing. */
export function SubmitActions({ onCancel, isEdit }: { onCancel: () => void; isEdit: boolean }) {
    const translate = useTranslate();
    const { isDirty, isSubmitting } = useFormState();
    return (
        <DialogActions>
            <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
            <Button
                type="submit"
                variant="contained"
                disabled={isSubmitting || (isEdit && !isDirty)}
            >
                {translate('ra.action.save')}
            </Button>
        </DialogActions>
    );
}
