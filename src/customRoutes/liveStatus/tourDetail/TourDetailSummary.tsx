import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DepotTourDetail } from '../../../../domain/contracts/depot-tours';
import type { Formatters } from '../../../../domain/formatting';
import { FigureList } from '../../tourCommanderTours/TourFigures';
import { TourStateChip } from '../../tourCommanderTours/TourStateChip';

const key = 'app.tourDetail.figures';

/** The tour at a glance: state, driver, vehicle, subcontractor, progress, jobs and times. */
export function TourDetailSummary({
    tour,
    formatters,
}: {
    tour: DepotTourDetail;
    formatters: Formatters;
}) {
    const translate = useTranslate();
    const time = (value: string | null) => (value ? formatters.time(value) : '-');
    const items = [
        { label: translate(`${key}.state`), value: <TourStateChip state={tour.state} /> },
        { label: translate(`${key}.driver`), value: tour.driverName ?? '-' },
        { label: translate(`${key}.vehicle`), value: tour.vehicleNumber },
        { label: translate(`${key}.subcontractor`), value: tour.subcontractorName ?? '-' },
        {
            label: translate(`${key}.progress`),
            value: translate(`${key}.progressValue`, {
                done: tour.waypointsDone,
                total: tour.waypointsTotal,
            }),
        },
        {
            label: translate(`${key}.jobs`),
            value: translate(`${key}.jobsValue`, {
                successful: tour.jobsSuccessful,
                failed: tour.jobsFailed,
                total: tour.jobsTotal,
            }),
        },
        { label: translate(`${key}.startedAt`), value: time(tour.startedAt) },
        {
            label: translate(`${key}.projectedFinishAt`),
            value: time(tour.finishedAt ?? tour.projectedFinishAt),
        },
    ];
    return (
        <>
            <FigureList items={items} />
            <Typography variant="body2" color="text.secondary">
                {translate('app.tourDetail.asOf', {
                    time: formatters.time(tour.checkedAt),
                    zone: formatters.timeZone,
                })}
            </Typography>
        </>
    );
}
