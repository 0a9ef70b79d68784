import {
    Box,
    Button,
    List,
    ListItem,
    ListItemButton,
    ListItemIcon,
    ListItemText,
    Popover,
    Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { useId, useMemo } from 'react';
import { FleetStateSymbol } from './FleetStateSymbol';
import type { FleetState, FleetVehicle } from './fleetStore';

/** The most vehicles the list shows; a larger cluster asks to zoom in for the rest. */
const CLUSTER_LIST_MAX = 100;

export interface ClusterListProps {
    /** The cluster's vehicles and where on the page it was clicked; null: closed. */
    open: { vehicles: readonly FleetVehicle[]; left: number; top: number } | null;
    title: (count: number) => string;
    stateLabels: Record<FleetState, string>;
    onSelect(vehicleId: string): void;
    onZoomIn(): void;
    onClose(): void;
}

/**
 * The vehicles of a clicked cluster as a list of buttons (label and state in words), in a
 * popover that holds the focus until closed (Escape, a click outside, or a choice).
 */
export function ClusterList({
    open,
    title,
    stateLabels,
    onSelect,
    onZoomIn,
    onClose,
}: ClusterListProps) {
    const translate = useTranslate();
    const titleId = useId();
    const vehicles = useMemo(
        () =>
            [...(open?.vehicles ?? [])].sort((a, b) =>
                a.label.localeCompare(b.label, undefined, { numeric: true }),
            ),
        [open],
    );
    const shown = vehicles.slice(0, CLUSTER_LIST_MAX);
    return (
        <Popover
            open={open !== null}
            onClose={onClose}
            anchorReference="anchorPosition"
            anchorPosition={open ? { left: open.left, top: open.top } : undefined}
            transformOrigin={{ vertical: 'top', horizontal: 'left' }}
            slotProps={{
                paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { maxWidth: 320 } },
            }}
        >
            <Typography id={titleId} variant="subtitle2" component="h2" sx={{ px: 2, pt: 1.5 }}>
                {title(vehicles.length)}
            </Typography>
            <List dense sx={{ maxHeight: 320, overflow: 'auto' }}>
                {shown.map((vehicle) => (
                    <ListItem key={vehicle.id} disablePadding>
                        <ListItemButton onClick={() => onSelect(vehicle.id)}>
                            <ListItemIcon sx={{ minWidth: 28 }}>
                                <FleetStateSymbol state={vehicle.state} size={16} />
                            </ListItemIcon>
                            <ListItemText
                                primary={vehicle.label}
                                secondary={stateLabels[vehicle.state]}
                            />
                        </ListItemButton>
                    </ListItem>
                ))}
            </List>
            <Box sx={{ px: 2, pb: 1.5, display: 'grid', gap: 0.5, justifyItems: 'start' }}>
                {vehicles.length > shown.length ? (
                    <Typography variant="body2" color="text.secondary">
                        {translate('app.maps.fleet.moreVehicles', {
                            count: vehicles.length - shown.length,
                        })}
                    </Typography>
                ) : null}
                <Button size="small" onClick={onZoomIn}>
                    {translate('app.maps.fleet.zoomToCluster')}
                </Button>
            </Box>
        </Popover>
    );
}
