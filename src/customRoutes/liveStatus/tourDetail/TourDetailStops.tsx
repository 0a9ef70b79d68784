import WarningAmber from '@mui/icons-material/WarningAmber';
import { Box, Chip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DepotTourDetail, DepotTourWaypoint } from '../../../../domain/contracts/depot-tours';
import { TIME_FRAME_TOLERANCE_MINUTES } from '../../../../domain/depotTourDetail';
import type { Formatters } from '../../../../domain/formatting';
import { TourSectionTable, type SectionColumn } from '../../tourCommanderTours/TourSectionTable';
import { addressOf } from '../../tourCommanderTours/TourStopTable';
import { TourStopDeliveryInfo } from './TourStopDeliveryInfo';

const key = 'app.tourDetail.stops';

/** A stop's name: a custom waypoint's own, else its address. */
function StopName({ stop }: { stop: DepotTourWaypoint }) {
    const translate = useTranslate();
    if (stop.customWaypointId === null) return <>{addressOf(stop)}</>;
    return (
        <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
            {stop.name ?? addressOf(stop)}
            <Chip size="small" variant="outlined" label={translate(`${key}.custom`)} />
        </Box>
    );
}

/** The time frame check in words; a missed or endangered window also carries an icon. */
function FrameCheck({ stop }: { stop: DepotTourWaypoint }) {
    const translate = useTranslate();
    if (stop.timeFrameCheck === null) return <>-</>;
    const text = translate(`app.tourDetail.timeFrameChecks.${stop.timeFrameCheck}`);
    const flagged = stop.timeFrameCheck === 'MISSED' || stop.timeFrameCheck === 'AT_RISK';
    return flagged ? (
        <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}>
            <WarningAmber fontSize="small" color="warning" aria-hidden />
            {text}
        </Box>
    ) : (
        <>{text}</>
    );
}

/**
 * The tour's stops in planned order: state (the next one, done, open, unassigned), the stop
 * (with the depot's delivery information at its address, when there is some), its time window
 * and whether it was kept, ETA, arrival, who confirmed it and its jobs.
 */
export function TourDetailStops({
    tour,
    formatters,
}: {
    tour: DepotTourDetail;
    formatters: Formatters;
}) {
    const translate = useTranslate();
    const time = (value: string | null) => (value ? formatters.time(value) : '-');
    const columns: SectionColumn<DepotTourWaypoint>[] = [
        {
            key: 'sequence',
            title: translate(`${key}.sequence`),
            align: 'right',
            render: (stop) => stop.plannedSequence,
        },
        {
            key: 'state',
            title: translate(`${key}.state`),
            render: (stop) => translate(`app.tours.waypointStates.${stop.state}`),
        },
        {
            key: 'stop',
            title: translate(`${key}.stop`),
            render: (stop) => (
                <TourStopDeliveryInfo stop={stop} formatters={formatters}>
                    <StopName stop={stop} />
                </TourStopDeliveryInfo>
            ),
        },
        {
            key: 'timeFrame',
            title: translate(`${key}.timeFrame`),
            render: (stop) =>
                stop.timeFrameFrom || stop.timeFrameTo
                    ? `${time(stop.timeFrameFrom)} – ${time(stop.timeFrameTo)}`
                    : '-',
        },
        {
            key: 'timeFrameCheck',
            title: translate(`${key}.timeFrameCheck`),
            render: (stop) => <FrameCheck stop={stop} />,
        },
        { key: 'eta', title: translate(`${key}.eta`), render: (stop) => time(stop.eta) },
        { key: 'ata', title: translate(`${key}.ata`), render: (stop) => time(stop.ata) },
        {
            key: 'confirmation',
            title: translate(`${key}.confirmation`),
            render: (stop) =>
                stop.confirmation ? translate(`app.tours.confirmations.${stop.confirmation}`) : '-',
        },
        {
            key: 'jobs',
            title: translate(`${key}.jobs`),
            render: (stop) =>
                stop.jobsTotal === 0
                    ? '-'
                    : translate('app.tourAdmin.jobCounts', {
                          successful: stop.jobsSuccessful,
                          failed: stop.jobsFailed,
                          total: stop.jobsTotal,
                      }),
        },
    ];
    return (
        <>
            <TourSectionTable
                label={translate(`${key}.label`)}
                rows={tour.waypoints}
                rowKey={(stop) => stop.id}
                columns={columns}
                emptyText={translate(`${key}.empty`)}
            />
            <Typography variant="body2" color="text.secondary">
                {translate(`${key}.timeFrameHint`, { minutes: TIME_FRAME_TOLERANCE_MINUTES })}
            </Typography>
        </>
    );
}
