import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import {
    Alert,
    Box,
    Button,
    Divider,
    IconButton,
    LinearProgress,
    List,
    ListItem,
    ListItemText,
    TextField,
    Typography,
} from '@mui/material';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { VehicleTracker } from '../../../domain/contracts/fleet';
import { useAppDialog } from '../../layout/dialogs/useAppDialog';
import { useSelectedScope } from '../../scope/useSelectedScope';
import { useFormatters } from '../../settings/useFormatters';
import { errorDescriptionKey } from '../app-accounts/fleetErrors';
import {
    trackerIdentifierProblem,
    useRegisterTracker,
    useRemoveTracker,
    useVehicleTrackers,
} from './useVehicleTrackers';

const key = 'resources.vehicles.trackers';
/** The one server refusal about the typed identifier: shown at the field, the others in a dialog. */
const duplicateKey = 'app.trackerErrors.DUPLICATE_TRACKER';
const noWrap = { whiteSpace: 'nowrap' } as const;

/**
 * The trackers of a vehicle (issue 14): phones with Traccar Client or GPS trackers that send its
 * positions in the OsmAnd protocol, named by the identifier registered here. Users who may
 * change the vehicle register and remove them; a change applies at once, without the dialog's Save.
 */
export function VehicleTrackers({ vehicleId, canEdit }: { vehicleId: string; canEdit: boolean }) {
    const translate = useTranslate();
    const notify = useNotify();
    const dialog = useAppDialog();
    const formatters = useFormatters(useSelectedScope().scope.timeZone);
    const headingId = useId();
    const heading = useRef<HTMLHeadingElement>(null);
    const trackers = useVehicleTrackers(vehicleId);
    const remove = useRemoveTracker(vehicleId);

    const confirmRemove = (tracker: VehicleTracker) =>
        dialog.open({
            type: 'warning',
            messageKey: `${key}.removeConfirm`,
            descriptionKey: `${key}.removeWarning`,
            values: { identifier: tracker.identifier },
            submit: {
                labelKey: `${key}.removeAction`,
                onSubmit: () =>
                    remove.mutate(tracker, {
                        onSuccess: () => {
                            // Its button is gone: keep the keyboard in the section.
                            heading.current?.focus();
                            notify(`${key}.removed`, {
                                type: 'success',
                                messageArgs: { identifier: tracker.identifier },
                            });
                        },
                        onError: (error) =>
                            dialog.open({
                                type: 'error',
                                messageKey: `${key}.removeFailed`,
                                descriptionKey: errorDescriptionKey('tracker', error),
                                values: { identifier: tracker.identifier },
                            }),
                    }),
            },
        });

    return (
        <Box component="section" aria-labelledby={headingId} sx={{ px: 3, pb: 2 }}>
            <Divider sx={{ mb: 2 }} />
            <Typography
                id={headingId}
                ref={heading}
                tabIndex={-1}
                component="h3"
                variant="subtitle1"
            >
                {translate(`${key}.title`)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
                {translate(`${key}.help`)}
            </Typography>
            {trackers.isPending ? (
                <LinearProgress sx={{ my: 2 }} aria-label={translate('ra.page.loading')} />
            ) : trackers.error ? (
                <Alert severity="error" sx={{ my: 1 }}>
                    {translate(`${key}.loadFailed`)}
                </Alert>
            ) : trackers.data.length === 0 ? (
                <Typography variant="body2" sx={{ my: 1.5 }}>
                    {translate(`${key}.empty`)}
                </Typography>
            ) : (
                <List dense aria-labelledby={headingId}>
                    {trackers.data.map((tracker) => (
                        <ListItem
                            key={tracker.id}
                            disableGutters
                            secondaryAction={
                                canEdit ? (
                                    <IconButton
                                        edge="end"
                                        onClick={() => confirmRemove(tracker)}
                                        disabled={remove.isPending}
                                        aria-label={translate(`${key}.remove`, {
                                            identifier: tracker.identifier,
                                        })}
                                    >
                                        <DeleteOutline />
                                    </IconButton>
                                ) : undefined
                            }
                        >
                            <ListItemText
                                primary={tracker.identifier}
                                secondary={
                                    <>
                                        <Box component="span" sx={noWrap}>
                                            {translate(`${key}.registeredAt`, {
                                                time: formatters.dateTime(tracker.createdAt),
                                            })}
                                        </Box>
                                        {' · '}
                                        <Box component="span" sx={noWrap}>
                                            {tracker.lastSeenAt
                                                ? translate(`${key}.lastSeenAt`, {
                                                      time: formatters.dateTime(tracker.lastSeenAt),
                                                  })
                                                : translate(`${key}.neverSeen`)}
                                        </Box>
                                    </>
                                }
                                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                            />
                        </ListItem>
                    ))}
                </List>
            )}
            {canEdit && <TrackerRegistration vehicleId={vehicleId} />}
        </Box>
    );
}

/** The identifier field and "Register tracker": checked here first, then sent. */
function TrackerRegistration({ vehicleId }: { vehicleId: string }) {
    const translate = useTranslate();
    const notify = useNotify();
    const dialog = useAppDialog();
    const register = useRegisterTracker(vehicleId);
    const input = useRef<HTMLInputElement>(null);
    const [identifier, setIdentifier] = useState('');
    const [problem, setProblem] = useState<string>();

    const refuse = (problemKey: string) => {
        setProblem(problemKey);
        input.current?.focus();
    };
    const submit = (event: FormEvent) => {
        event.preventDefault();
        if (register.isPending) return;
        const value = identifier.trim();
        const invalid = trackerIdentifierProblem(value);
        if (invalid) {
            refuse(invalid);
            return;
        }
        register.mutate(value, {
            onSuccess: (tracker) => {
                setIdentifier('');
                setProblem(undefined);
                notify(`${key}.registered`, {
                    type: 'success',
                    messageArgs: { identifier: tracker.identifier },
                });
            },
            onError: (error) => {
                const reason = errorDescriptionKey('tracker', error);
                if (reason === duplicateKey) refuse(reason);
                else
                    dialog.open({
                        type: 'error',
                        messageKey: `${key}.registerFailed`,
                        descriptionKey: reason,
                        values: { identifier: value },
                    });
            },
        });
    };

    return (
        <Box
            component="form"
            onSubmit={submit}
            noValidate
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1, mt: 1 }}
        >
            <TextField
                inputRef={input}
                name="identifier"
                label={translate(`${key}.identifier`)}
                value={identifier}
                onChange={(event) => {
                    setIdentifier(event.target.value);
                    setProblem(undefined);
                }}
                error={problem !== undefined}
                helperText={translate(problem ?? `${key}.identifierHint`)}
                size="small"
                autoComplete="off"
                sx={{ flex: '1 1 12rem' }}
                slotProps={{ htmlInput: { maxLength: 100, spellCheck: false } }}
            />
            <Button type="submit" variant="outlined" loading={register.isPending} sx={{ mt: 0.25 }}>
                {translate(`${key}.register`)}
            </Button>
        </Box>
    );
}
