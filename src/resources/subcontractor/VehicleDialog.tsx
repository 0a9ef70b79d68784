import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useId } from 'react';
import {
    Form,
    SelectInput,
    TextInput,
    useCreate,
    useGetList,
    useTranslate,
    useUpdate,
} from 'react-admin';
import type { AppUser, Subcontractor, Vehicle } from '../../../domain/contracts/fleet';
import { useAppDialog } from '../../layout/dialogs/useAppDialog';
import { errorDescriptionKey } from '../app-accounts/fleetErrors';
import { useFleetView } from '../app-accounts/useFleetView';
import { SubmitActions } from './SubcontractorDialog';
import { validateVehicle } from './subcontractorRules';
import { VehicleTrackers } from './VehicleTrackers';

interface VehicleDialogProps {
    open: boolean;
    onClose: () => void;
    subcontractor: Subcontractor;
    record?: Vehicle;
}

/**
 * Create or edit a vehicle of a subcontractor: its 4-digit number and its regular driver among
 * the subcontractor's drivers; an existing vehicle also shows its trackers below the form.
 */
export function VehicleDialog({ open, onClose, subcontractor, record }: VehicleDialogProps) {
    const translate = useTranslate();
    const titleId = useId();
    const dialog = useAppDialog();
    const view = useFleetView();
    const [create] = useCreate<Vehicle>();
    const [update] = useUpdate<Vehicle>();
    const { data: drivers = [], error: driversError } = useGetList<AppUser>(
        'subcontractorDrivers',
        {
            filter: { path: subcontractor.scopePath },
            pagination: { page: 1, perPage: 500 },
            sort: { field: 'lastName', order: 'ASC' },
        },
        { enabled: open },
    );
    const options = {
        onSuccess: () => onClose(),
        onError: (error: unknown) =>
            dialog.open({ type: 'error', descriptionKey: errorDescriptionKey('vehicle', error) }),
    };
    const submit = (values: Record<string, unknown>) => {
        const number = String(values.number ?? '').trim();
        const baseDriverId =
            typeof values.baseDriverId === 'string' && values.baseDriverId !== ''
                ? values.baseDriverId
                : null;
        if (record)
            update(
                'vehicles',
                {
                    id: record.id,
                    data: { number, baseDriverId, version: record.version },
                    previousData: record,
                },
                { mutationMode: 'pessimistic', ...options },
            );
        else
            create(
                'vehicles',
                { data: { subcontractorId: subcontractor.id, number, baseDriverId } },
                options,
            );
    };
    return (
        <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
            <DialogTitle id={titleId}>
                {translate(record ? 'resources.vehicles.edit' : 'resources.vehicles.create')}
            </DialogTitle>
            {open && (
                <Form
                    record={
                        record
                            ? { ...record, baseDriverId: record.baseDriverId ?? '' }
                            : { number: '', baseDriverId: '' }
                    }
                    onSubmit={submit}
                    validate={validateVehicle}
                    mode="onChange"
                    noValidate
                >
                    <DialogContent>
                        <TextInput
                            source="number"
                            label="resources.vehicles.fields.number"
                            helperText="resources.vehicles.numberHint"
                            slotProps={{ htmlInput: { maxLength: 4, inputMode: 'numeric' } }}
                        />
                        <SelectInput
                            source="baseDriverId"
                            label="resources.vehicles.fields.baseDriverName"
                            choices={drivers.map((driver) => ({
                                id: driver.id,
                                name: `${driver.lastName}, ${driver.firstName} (${driver.username})`,
                            }))}
                            translateChoice={false}
                            emptyText="resources.vehicles.noBaseDriver"
                            emptyValue=""
                            helperText={driversError ? 'app.vehicleErrors.driversNotLoaded' : false}
                        />
                    </DialogContent>
                    <SubmitActions onCancel={onClose} isEdit={Boolean(record)} />
                </Form>
            )}
            {open && record && (
                <VehicleTrackers
                    vehicleId={record.id}
                    canEdit={view.allows('u:suco', subcontractor.scopePath)}
                />
            )}
        </Dialog>
    );
}
