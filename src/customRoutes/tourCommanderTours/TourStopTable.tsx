import { useTranslate } from 'react-admin';
import type { TourDetail, TourWaypoint } from '../../../domain/contracts/tours';
import type { Formatters } from '../../../domain/formatting';
import { TourSectionTable, type SectionColumn } from './TourSectionTable';

/** A stop's address on one line. */
export const addressOf = (stop: TourWaypoint) =>
    [
        [stop.street, stop.houseNo].filter(Boolean).join(' '),
        [stop.postcode, stop.locality].filter(Boolean).join(' '),
    ]
        .filter(Boolean)
        .join(', ');

const sequence = (value: number | null) => (value === null ? '-' : String(value));

/** The tour's stops in planned order with their three sequences, state, times and jobs. */
export function TourStopTable({ tour, formatters }: { tour: TourDetail; formatters: Formatters }) {
    const translate = useTranslate();
    const key = 'app.tourAdmin.stops';
    const time = (value: string | null) => (value ? formatters.time(value) : '-');
    const columns: SectionColumn<TourWaypoint>[] = [
        {
            key: 'planned',
            title: translate(`${key}.planned`),
            align: 'right',
            render: (stop) => stop.plannedSequence,
        },
        {
            key: 'suggested',
            title: translate(`${key}.suggested`),
            align: 'right',
            render: (stop) => sequence(stop.suggestedSequence),
        },
        {
            key: 'driven',
            title: translate(`${key}.driven`),
            align: 'right',
            render: (stop) => sequence(stop.drivenSequence),
        },
        {
            key: 'state',
            title: translate(`${key}.state`),
            render: (stop) => translate(`app.tours.waypointStates.${stop.state}`),
        },
        { key: 'address', title: translate(`${key}.address`), render: addressOf },
        {
            key: 'timeFrame',
            title: translate(`${key}.timeFrame`),
            render: (stop) =>
                stop.timeFrameFrom || stop.timeFrameTo
                    ? `${time(stop.timeFrameFrom)} – ${time(stop.timeFrameTo)}`
                    : '-',
        },
        {
            key: 'firstEta',
            title: translate(`${key}.firstEta`),
            render: (stop) => time(stop.firstEta),
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
                translate('app.tourAdmin.jobCounts', {
                    successful: stop.jobsSuccessful,
                    failed: stop.jobsFailed,
                    total: stop.jobsTotal,
                }),
        },
        {
            key: 'coordinates',
            title: translate(`${key}.coordinates`),
            render: (stop) =>
                stop.latitude === null || stop.longitude === null
                    ? '-'
                    : `${formatters.number(stop.latitude, { maxDecimals: 5 })} / ${formatters.number(stop.longitude, { maxDecimals: 5 })}${
                          stop.coordinateType
                              ? ` (${translate(`app.tours.coordinateTypes.${stop.coordinateType}`)})`
                              : ''
                      }`,
        },
    ];
    return (
        <TourSectionTable
            label={translate(`${key}.title`)}
            rows={tour.waypoints}
            rowKey={(stop) => stop.id}
            columns={columns}
            emptyText={translate(`${key}.empty`)}
        />
    );
}
