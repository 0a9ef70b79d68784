import { useTranslate } from 'react-admin';
import type { TourDetail, TourJob } from '../../../domain/contracts/tours';
import type { Formatters } from '../../../domain/formatting';
import { TourSectionTable, type SectionColumn } from './TourSectionTable';

/** The tour's jobs by stop, with their status, outcome, reason and parcels. */
export function TourJobTable({ tour, formatters }: { tour: TourDetail; formatters: Formatters }) {
    const translate = useTranslate();
    const key = 'app.tourAdmin.jobs';
    const stopOf = new Map(tour.waypoints.map((stop) => [stop.id, stop.plannedSequence]));
    const columns: SectionColumn<TourJob>[] = [
        {
            key: 'job',
            title: translate(`${key}.externalJobId`),
            render: (job) => job.externalJobId,
        },
        {
            key: 'stop',
            title: translate(`${key}.stop`),
            align: 'right',
            render: (job) => (job.waypointId ? (stopOf.get(job.waypointId) ?? '-') : '-'),
        },
        {
            key: 'type',
            title: translate(`${key}.type`),
            render: (job) => translate(`app.tours.jobTypes.${job.type}`),
        },
        {
            key: 'state',
            title: translate(`${key}.state`),
            render: (job) => translate(`app.tours.jobStates.${job.state}`),
        },
        {
            key: 'outcome',
            title: translate(`${key}.outcome`),
            render: (job) => (job.outcome ? translate(`app.tours.outcomes.${job.outcome}`) : '-'),
        },
        {
            key: 'reason',
            title: translate(`${key}.reason`),
            render: (job) => (job.reason ? translate(`app.tours.reasons.${job.reason}`) : '-'),
        },
        {
            key: 'statusAt',
            title: translate(`${key}.statusAt`),
            render: (job) => (job.statusAt ? formatters.time(job.statusAt) : '-'),
        },
        {
            key: 'parcels',
            title: translate(`${key}.parcels`),
            align: 'right',
            render: (job) => job.parcels,
        },
    ];
    return (
        <TourSectionTable
            label={translate(`${key}.title`)}
            rows={tour.jobs}
            rowKey={(job) => job.id}
            columns={columns}
            emptyText={translate(`${key}.empty`)}
        />
    );
}
