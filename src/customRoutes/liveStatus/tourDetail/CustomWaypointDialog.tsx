import {
    Alert,
    Box,
    Button,
    Dialog,
    DialogActions,
    DialogContent,
    DialogTitle,
    TextField,
} from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import type { CustomWaypointBody } from '../../../../domain/contracts/depot-tours';
import { CUSTOM_WAYPOINT_NAME_MAX } from '../../../../domain/depotTourDetail';
import type { LatLon } from '../../../../domain/geo';
import { dialogPaperSx } from '../../../layout/dialogs/dialogWidths';
import {
    addressBody,
    coordinatesBody,
    validateAddress,
    validateCoordinates,
    type AddressValues,
    type CoordinatesValues,
    type FieldError,
} from './customWaypointForm';
import { customWaypointErrorKey } from './customWaypointErrors';

const key = 'app.tourDetail.customWaypoints';

export type CustomWaypointDialogKind = 'coordinates' | 'address';

interface CustomWaypointDialogProps {
    kind: CustomWaypointDialogKind;
    open: boolean;
    /** The place clicked on the map (coordinates dialog). */
    place?: LatLon | null;
    depot: LatLon;
    /** The depot's country, proposed for an address. */
    countryCode: string;
    onClose: () => void;
    /** Sends the waypoint; rejects with the server's refusal. */
    onSubmit: (body: CustomWaypointBody) => Promise<unknown>;
}

const degrees = (value: number | undefined) => (value === undefined ? '' : value.toFixed(6));

type Values = CoordinatesValues & AddressValues;

/** The fields in the order they are shown (the first one with a problem takes the focus). */
const fieldOrder: (keyof Values)[] = [
    'name',
    'latitude',
    'longitude',
    'street',
    'houseNo',
    'postcode',
    'countryCode',
    'locality',
    'position',
];

const emptyValues = (place: LatLon | null | undefined, countryCode: string): Values => ({
    name: '',
    latitude: degrees(place?.latitude),
    longitude: degrees(place?.longitude),
    street: '',
    houseNo: '',
    postcode: '',
    locality: '',
    countryCode,
    position: '',
});

/**
 * Adds a custom waypoint: its name and the place clicked on the map (the coordinates can be
 * typed too, so the dialog works from the keyboard), or its name and address; optionally the
 * planned position it goes before. Checked as the user sends it; the server's refusal is shown
 * in words inside the dialog.
 */
export function CustomWaypointDialog(props: CustomWaypointDialogProps) {
    // A fresh form every time the dialog opens (and for every new place).
    const { open, place, kind } = props;
    return open ? (
        <CustomWaypointForm key={`${kind}:${place?.latitude}:${place?.longitude}`} {...props} />
    ) : null;
}

function CustomWaypointForm({
    kind,
    place,
    depot,
    countryCode,
    onClose,
    onSubmit,
}: CustomWaypointDialogProps) {
    const translate = useTranslate();
    const titleId = useId();
    const [values, setValues] = useState<Values>(() => emptyValues(place, countryCode));
    const [errors, setErrors] = useState<Partial<Record<keyof Values, FieldError>>>({});
    const [refusal, setRefusal] = useState<string | null>(null);
    const [sending, setSending] = useState(false);

    const submit = async (event: FormEvent) => {
        event.preventDefault();
        const found: Partial<Record<keyof Values, FieldError>> =
            kind === 'coordinates' ? validateCoordinates(values, depot) : validateAddress(values);
        setErrors(found);
        const first = fieldOrder.find((name) => found[name] !== undefined);
        if (first) {
            document.getElementById(`${titleId}-${first}`)?.focus();
            return;
        }
        setSending(true);
        setRefusal(null);
        try {
            await onSubmit(kind === 'coordinates' ? coordinatesBody(values) : addressBody(values));
            onClose();
        } catch (error) {
            setRefusal(translate(customWaypointErrorKey(error)));
            setSending(false);
        }
    };

    const field = (
        name: keyof Values,
        options: { required?: boolean; inputMode?: 'decimal' | 'numeric'; maxLength?: number } = {},
    ) => {
        const error = errors[name];
        return (
            <TextField
                id={`${titleId}-${name}`}
                label={translate(`${key}.fields.${name}`)}
                value={values[name]}
                onChange={(event) => setValues({ ...values, [name]: event.target.value })}
                required={options.required}
                error={Boolean(error)}
                helperText={
                    error ? translate(`${key}.errors.${error.key}`, error.values ?? {}) : undefined
                }
                size="small"
                fullWidth
                slotProps={{
                    htmlInput: {
                        inputMode: options.inputMode,
                        maxLength: options.maxLength,
                        'aria-invalid': Boolean(error),
                    },
                }}
            />
        );
    };

    return (
        <Dialog
            open
            onClose={sending ? undefined : onClose}
            aria-labelledby={titleId}
            fullWidth
            maxWidth={false}
            slotProps={{ paper: { sx: dialogPaperSx() } }}
        >
            <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
                <DialogTitle id={titleId}>
                    {translate(`${key}.${kind === 'coordinates' ? 'addOnMap' : 'addByAddress'}`)}
                </DialogTitle>
                <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
                    {field('name', { required: true, maxLength: CUSTOM_WAYPOINT_NAME_MAX + 20 })}
                    {kind === 'coordinates' ? (
                        <Box
                            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}
                        >
                            {field('latitude', { required: true, inputMode: 'decimal' })}
                            {field('longitude', { required: true, inputMode: 'decimal' })}
                        </Box>
                    ) : (
                        <Box
                            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '3fr 1fr' } }}
                        >
                            {field('street', { required: true })}
                            {field('houseNo')}
                            {field('postcode', { required: true })}
                            {field('countryCode', { required: true, maxLength: 2 })}
                            {field('locality')}
                        </Box>
                    )}
                    {field('position', { inputMode: 'numeric' })}
                    {refusal ? (
                        <Alert severity="error" role="alert">
                            {refusal}
                        </Alert>
                    ) : null}
                </DialogContent>
                <DialogActions>
                    <Button onClick={onClose} disabled={sending}>
                        {translate('ra.action.cancel')}
                    </Button>
                    <Button type="submit" variant="contained" disabled={sending}>
                        {translate(`${key}.add`)}
                    </Button>
                </DialogActions>
            </Box>
        </Dialog>
    );
}
