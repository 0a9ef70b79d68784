import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type {
    DepotTourWaypoint,
    WaypointDeliveryInfo,
} from '../../../../domain/contracts/depot-tours';
import type { Formatters } from '../../../../domain/formatting';

const key = 'app.tourDetail.deliveryInfo';

/** The given parts of a stop's delivery information as label and value, in the driver's order. */
function deliveryInfoItems(
    info: WaypointDeliveryInfo,
    translate: ReturnType<typeof useTranslate>,
    formatters: Formatters,
): { label: string; value: string }[] {
    const degrees = (value: number) => formatters.number(value, { maxDecimals: 6 });
    const items: { label: string; value: string | null }[] = [
        { label: translate(`${key}.deliveryNote`), value: info.deliveryNote },
        { label: translate(`${key}.accessCode`), value: info.accessCode },
        { label: translate(`${key}.safePlace`), value: info.safePlace },
        { label: translate(`${key}.openingHours`), value: info.openingHours },
        {
            label: translate(`${key}.coordinates`),
            value:
                info.latitude === null || info.longitude === null
                    ? null
                    : `${degrees(info.latitude)} / ${degrees(info.longitude)}`,
        },
        {
            label: translate(`${key}.coordinateType`),
            value: info.coordinateType
                ? translate(`app.addressInfo.coordinateTypes.${info.coordinateType}`)
                : null,
        },
        { label: translate(`${key}.updatedAt`), value: formatters.dateTime(info.updatedAt) },
    ];
    return items.flatMap((item) => (item.value ? [{ label: item.label, value: item.value }] : []));
}

/** Label and value on one line each; line breaks of the uploaded texts are kept. */
function DeliveryInfoList({
    id,
    items,
}: {
    id: string;
    items: { label: string; value: string }[];
}) {
    return (
        <Box
            id={id}
            component="dl"
            sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: 'auto minmax(0, 1fr)',
                columnGap: 1,
                rowGap: 0.25,
                maxWidth: 'min(24rem, 80vw)',
                whiteSpace: 'normal',
            }}
        >
            {items.map((item) => (
                <DeliveryInfoItem key={item.label} label={item.label}>
                    {item.value}
                </DeliveryInfoItem>
            ))}
        </Box>
    );
}

function DeliveryInfoItem({ label, children }: { label: string; children: ReactNode }) {
    return (
        <>
            <Typography component="dt" variant="body2" color="text.secondary">
                {label}
            </Typography>
            <Typography
                component="dd"
                variant="body2"
                sx={{ m: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
            >
                {children}
            </Typography>
        </>
    );
}

/**
 * The stop cell's indicator of the depot's delivery information at the stop's address
 * (docs/address-delivery-information.md): a button that shows and hides the note, access code,
 * safe place, opening hours and delivery coordinates below the stop. Nothing without information.
 */
export function TourStopDeliveryInfo({
    stop,
    formatters,
    children,
}: {
    stop: DepotTourWaypoint;
    formatters: Formatters;
    /** The stop's name, shown before the indicator. */
    children: ReactNode;
}) {
    const translate = useTranslate();
    const [open, setOpen] = useState(false);
    const id = useId();
    const info = stop.deliveryInfo;
    if (!info) return <>{children}</>;
    const label = translate(`${key}.toggle`, { sequence: stop.plannedSequence });
    return (
        <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
            <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}>
                {children}
                <Tooltip title={label}>
                    <IconButton
                        size="small"
                        color="primary"
                        aria-label={label}
                        aria-expanded={open}
                        aria-controls={open ? id : undefined}
                        onClick={() => setOpen((shown) => !shown)}
                    >
                        <InfoOutlined fontSize="small" />
                    </IconButton>
                </Tooltip>
            </Box>
            {open ? (
                <DeliveryInfoList id={id} items={deliveryInfoItems(info, translate, formatters)} />
            ) : null}
        </Box>
    );
}
