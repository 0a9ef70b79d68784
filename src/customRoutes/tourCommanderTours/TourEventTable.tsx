import { useTranslate } from 'react-admin';
import type { TourDetail, TourEvent } from '../../../domain/contracts/tours';
import type { Formatters } from '../../../domain/formatting';
import { TourSectionTable, type SectionColumn } from './TourSectionTable';

type Translate = ReturnType<typeof useTranslate>;

/** What an event's payload says, in words: outcome and reason, app state, parcel, battery, app version. */
function eventDetails(event: TourEvent, translate: Translate): string {
    const key = 'app.tourAdmin.events.details';
    return [
        event.outcome ? translate(`app.tours.outcomes.${event.outcome}`) : undefined,
        event.reason ? translate(`app.tours.reasons.${event.reason}`) : undefined,
        event.appState ? translate(`app.tours.appStates.${event.appState}`) : undefined,
        event.parcelNumber ? translate(`${key}.parcel`, { parcel: event.parcelNumber }) : undefined,
        event.sequenceLength !== null
            ? translate(`${key}.sequence`, { stops: event.sequenceLength })
            : undefined,
        event.battery !== null ? translate(`${key}.battery`, { value: event.battery }) : undefined,
        event.appVersion
            ? translate(`${key}.appVersion`, { version: event.appVersion })
            : undefined,
    ]
        .filter(Boolean)
        .join(' · ');
}

/** The newest driver-app events of the tour, newest first (positions are the driven path). */
export function TourEventTable({ tour, formatters }: { tour: TourDetail; formatters: Formatters }) {
    const translate = useTranslate();
    const key = 'app.tourAdmin.events';
    const columns: SectionColumn<TourEvent>[] = [
        {
            key: 'time',
            title: translate(`${key}.occurredAt`),
            render: (event) => formatters.dateTime(event.occurredAt),
        },
        {
            key: 'type',
            title: translate(`${key}.type`),
            render: (event) => translate(`app.tours.eventTypes.${event.type}`, { _: event.type }),
        },
        {
            key: 'job',
            title: translate(`${key}.job`),
            render: (event) => event.externalJobId ?? '-',
        },
        {
            key: 'details',
            title: translate(`${key}.details.title`),
            render: (event) => eventDetails(event, translate) || '-',
        },
    ];
    return (
        <TourSectionTable
            label={translate(`${key}.title`)}
            rows={tour.events}
            rowKey={(event) => event.id}
            columns={columns}
            emptyText={translate(`${key}.empty`)}
        />
    );
}
