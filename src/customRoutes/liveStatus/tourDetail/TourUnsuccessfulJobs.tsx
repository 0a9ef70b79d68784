import { useTranslate } from 'react-admin';
import type { DepotTourDetail, UnsuccessfulJob } from '../../../../domain/contracts/depot-tours';
import type { Formatters } from '../../../../domain/formatting';
import { TourSectionTable, type SectionColumn } from '../../tourCommanderTours/TourSectionTable';

const key = 'app.tourDetail.unsuccessfulJobs';

/** The jobs that failed, with their stop, outcome and reason in words. */
export function TourUnsuccessfulJobs({
    tour,
    formatters,
}: {
    tour: DepotTourDetail;
    formatters: Formatters;
}) {
    const translate = useTranslate();
    const columns: SectionColumn<UnsuccessfulJob>[] = [
        { key: 'job', title: translate(`${key}.job`), render: (job) => job.externalJobId },
        {
            key: 'stop',
            title: translate(`${key}.stop`),
            align: 'right',
            render: (job) => job.plannedSequence ?? '-',
        },
        {
            key: 'type',
            title: translate(`${key}.type`),
            render: (job) => translate(`app.tours.jobTypes.${job.type}`),
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
            key: 'at',
            title: translate(`${key}.at`),
            render: (job) => (job.statusAt ? formatters.time(job.statusAt) : '-'),
        },
    ];
    return (
        <TourSectionTable
            label={translate(`${key}.label`)}
            rows={tour.unsuccessfulJobs}
            rowKey={(job) => job.id}
            columns={columns}
            emptyText={translate(`${key}.empty`)}
        />
    );
}
