import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { TourHistory } from '../../../domain/contracts/tour-history';
import { EMPTY_VALUE, type Formatters } from '../../../domain/formatting';
import { FigureList } from '../tourCommanderTours/TourFigures';
import { TourStateChip } from '../tourCommanderTours/TourStateChip';

const key = 'app.tourHistory.summary';

/**
 * The tour's day at a glance: its people and vehicle, planned start, start and finish, distance,
 * stops, sequence fidelity and adherence, ETA deviation and the app's re-orders.
 */
export function TourHistorySummary({
    tour,
    formatters,
}: {
    tour: TourHistory;
    formatters: Formatters;
}) {
    const translate = useTranslate();
    const time = (value: string | null) => (value ? formatters.time(value) : EMPTY_VALUE);
    const { averageMinutes, stops } = tour.etaDeviation;
    const items = [
        { label: translate(`${key}.state`), value: <TourStateChip state={tour.state} /> },
        { label: translate(`${key}.driver`), value: tour.driverName ?? EMPTY_VALUE },
        { label: translate(`${key}.vehicle`), value: tour.vehicleNumber },
        { label: translate(`${key}.subcontractor`), value: tour.subcontractorName ?? EMPTY_VALUE },
        { label: translate(`${key}.plannedStart`), value: time(tour.plannedStart) },
        { label: translate(`${key}.startedAt`), value: time(tour.startedAt) },
        { label: translate(`${key}.finishedAt`), value: time(tour.finishedAt) },
        {
            label: translate(`${key}.distance`),
            value: formatters.length(tour.distanceMetres / 1000),
        },
        {
            label: translate(`${key}.stops`),
            value: translate(`${key}.stopsValue`, {
                done: tour.waypointsDone,
                total: tour.waypointsTotal,
            }),
        },
        {
            label: translate(`${key}.fidelity`),
            value:
                tour.sequenceFidelity === null
                    ? EMPTY_VALUE
                    : `${formatters.number(tour.sequenceFidelity, { maxDecimals: 0 })} %`,
        },
        {
            label: translate(`${key}.adherence`),
            value: formatters.number(tour.sequenceAdherence, { maxDecimals: 3 }),
        },
        {
            label: translate(`${key}.etaDeviation`),
            value:
                averageMinutes === null
                    ? EMPTY_VALUE
                    : translate(`${key}.etaDeviationValue`, {
                          minutes: formatters.number(averageMinutes, { maxDecimals: 1 }),
                          stops,
                      }),
        },
        { label: translate(`${key}.sequenceChanges`), value: tour.sequenceChanges.length },
    ];
    return (
        <>
            <FigureList items={items} />
            <Typography variant="body2" color="text.secondary">
                {translate(`${key}.adherenceHint`)}
            </Typography>
        </>
    );
}
