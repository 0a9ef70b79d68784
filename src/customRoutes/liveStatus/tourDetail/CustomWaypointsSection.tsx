import AddLocationAlt from '@mui/icons-material/AddLocationAlt';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Signpost from '@mui/icons-material/Signpost';
import {
    Alert,
    Box,
    Button,
    Chip,
    IconButton,
    List,
    ListItem,
    ListItemText,
    Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { CustomWaypoint, DepotTourDetail } from '../../../../domain/contracts/depot-tours';
import { tourIsOver } from '../../../../domain/depotTourDetail';
import type { Formatters } from '../../../../domain/formatting';
import { AppDialog } from '../../../layout/dialogs/AppDialog';

const key = 'app.tourDetail.customWaypoints';

interface CustomWaypointsSectionProps {
    tour: DepotTourDetail;
    formatters: Formatters;
    /** Whether the installation looks addresses up (browser configuration `addressLookup`). */
    addressLookup: boolean;
    /** Adding on the map: the map listens for a click. */
    picking: boolean;
    onPickChange: (picking: boolean) => void;
    /** Opens the add dialog: by address, or by coordinates typed in. */
    onAdd: (kind: 'coordinates' | 'address') => void;
    /** Deletes a custom waypoint; rejects with the server's refusal. */
    onDelete: (waypoint: CustomWaypoint) => Promise<unknown>;
    /** Set after a custom waypoint was added: they take a few minutes to appear (domain §9). */
    showNotice: boolean;
    onNoticeClose: () => void;
    /** Why the last delete failed (a text), if it did. */
    deleteError: string | null;
}

/** Where a custom waypoint is: its address, else its coordinates. */
function placeOf(waypoint: CustomWaypoint, formatters: Formatters): string {
    const street = [waypoint.street, waypoint.houseNo].filter(Boolean).join(' ');
    const town = [waypoint.postcode, waypoint.locality].filter(Boolean).join(' ');
    const address = [street, town].filter(Boolean).join(', ');
    if (address) return address;
    const degrees = (value: number) => formatters.number(value, { maxDecimals: 5 });
    return `${degrees(waypoint.latitude)} / ${degrees(waypoint.longitude)}`;
}

/**
 * The tour's custom waypoints with their way into the tour (pending, on the tour, being
 * removed, not added), adding on the map or by address, and deleting after a confirmation.
 * A tour that is over takes no changes: then only the list is shown.
 */
export function CustomWaypointsSection({
    tour,
    formatters,
    addressLookup,
    picking,
    onPickChange,
    onAdd,
    onDelete,
    showNotice,
    onNoticeClose,
    deleteError,
}: CustomWaypointsSectionProps) {
    const translate = useTranslate();
    const [confirming, setConfirming] = useState<CustomWaypoint | null>(null);
    const over = tourIsOver(tour, formatters.timeZone, new Date());
    const stopOf = new Map(tour.waypoints.map((stop) => [stop.id, stop]));
    const deletable = (waypoint: CustomWaypoint) =>
        !over &&
        (waypoint.status === 'PENDING' ||
            (waypoint.status === 'APPLIED' &&
                stopOf.get(waypoint.waypointId ?? '')?.state !== 'DONE'));
    const where = (waypoint: CustomWaypoint) => {
        const stop = waypoint.waypointId ? stopOf.get(waypoint.waypointId) : undefined;
        if (stop) return translate(`${key}.placedAt`, { sequence: stop.plannedSequence });
        return waypoint.position === null
            ? translate(`${key}.atEnd`)
            : translate(`${key}.before`, { position: waypoint.position });
    };
    return (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
            {over ? (
                <Typography variant="body2" color="text.secondary">
                    {translate(`${key}.finished`)}
                </Typography>
            ) : (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                    <Button
                        variant={picking ? 'contained' : 'outlined'}
                        startIcon={<AddLocationAlt />}
                        aria-pressed={picking}
                        onClick={() => onPickChange(!picking)}
                    >
                        {translate(`${key}.addOnMap`)}
                    </Button>
                    {addressLookup ? (
                        <Button
                            variant="outlined"
                            startIcon={<Signpost />}
                            onClick={() => onAdd('address')}
                        >
                            {translate(`${key}.addByAddress`)}
                        </Button>
                    ) : null}
                </Box>
            )}
            {!over && !addressLookup ? (
                <Typography variant="body2" color="text.secondary">
                    {translate(`${key}.addressLookupOff`)}
                </Typography>
            ) : null}
            {picking && !over ? (
                <Alert
                    severity="info"
                    action={
                        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                            <Button
                                color="inherit"
                                size="small"
                                onClick={() => onAdd('coordinates')}
                            >
                                {translate(`${key}.typeCoordinates`)}
                            </Button>
                            <Button
                                color="inherit"
                                size="small"
                                onClick={() => onPickChange(false)}
                            >
                                {translate('ra.action.cancel')}
                            </Button>
                        </Box>
                    }
                >
                    {translate(`${key}.pickHint`)}
                </Alert>
            ) : null}
            {showNotice ? (
                <Alert severity="success" role="status" onClose={onNoticeClose}>
                    {translate(`${key}.notice`)}
                </Alert>
            ) : null}
            {deleteError ? (
                <Alert severity="error" role="alert">
                    {deleteError}
                </Alert>
            ) : null}
            {tour.customWaypoints.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                    {translate(`${key}.empty`)}
                </Typography>
            ) : (
                <List dense aria-label={translate(`${key}.listLabel`)} disablePadding>
                    {tour.customWaypoints.map((waypoint) => (
                        <ListItem
                            key={waypoint.id}
                            divider
                            secondaryAction={
                                deletable(waypoint) ? (
                                    <IconButton
                                        edge="end"
                                        aria-label={translate(`${key}.delete`, {
                                            name: waypoint.name,
                                        })}
                                        onClick={() => setConfirming(waypoint)}
                                    >
                                        <DeleteOutline />
                                    </IconButton>
                                ) : undefined
                            }
                        >
                            <ListItemText
                                primary={
                                    <Box
                                        component="span"
                                        sx={{
                                            display: 'flex',
                                            flexWrap: 'wrap',
                                            gap: 1,
                                            alignItems: 'center',
                                        }}
                                    >
                                        {waypoint.name}
                                        <Chip
                                            size="small"
                                            variant="outlined"
                                            label={translate(`${key}.statuses.${waypoint.status}`)}
                                        />
                                    </Box>
                                }
                                secondary={`${placeOf(waypoint, formatters)} · ${where(waypoint)}`}
                            />
                        </ListItem>
                    ))}
                </List>
            )}
            <AppDialog
                open={confirming !== null}
                type="warning"
                messageKey={`${key}.deleteConfirm`}
                descriptionKey={`${key}.deleteDescription`}
                values={{ name: confirming?.name ?? '' }}
                submit={{
                    labelKey: 'ra.action.delete',
                    onSubmit: () => {
                        if (confirming) void onDelete(confirming).catch(() => undefined);
                    },
                }}
                onRequestClose={() => setConfirming(null)}
            />
        </Box>
    );
}
