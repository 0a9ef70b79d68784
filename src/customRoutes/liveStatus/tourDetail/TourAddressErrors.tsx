import { useTranslate } from 'react-admin';
import type { DepotTourDetail, TourAddressError } from '../../../../domain/contracts/depot-tours';
import { CUSTOM_WAYPOINT_MAX_DISTANCE_KM } from '../../../../domain/depotTourDetail';
import { TourSectionTable, type SectionColumn } from '../../tourCommanderTours/TourSectionTable';
import { addressOf } from '../../tourCommanderTours/TourStopTable';

const key = 'app.tourDetail.addressErrors';

/** The stops whose address could not be placed or is doubtful, with the reasons in words. */
export function TourAddressErrors({ tour }: { tour: DepotTourDetail }) {
    const translate = useTranslate();
    const stops = new Map(tour.waypoints.map((stop) => [stop.id, stop]));
    const columns: SectionColumn<TourAddressError>[] = [
        {
            key: 'stop',
            title: translate(`${key}.stop`),
            align: 'right',
            render: (error) => error.plannedSequence,
        },
        {
            key: 'address',
            title: translate(`${key}.address`),
            render: (error) => {
                const stop = stops.get(error.waypointId);
                return stop ? addressOf(stop) : '-';
            },
        },
        {
            key: 'problems',
            title: translate(`${key}.problems`),
            render: (error) =>
                error.problems
                    .map((problem) =>
                        translate(`app.tourDetail.addressProblems.${problem}`, {
                            km: CUSTOM_WAYPOINT_MAX_DISTANCE_KM,
                        }),
                    )
                    .join('; '),
        },
    ];
    return (
        <TourSectionTable
            label={translate(`${key}.label`)}
            rows={tour.addressErrors}
            rowKey={(error) => error.waypointId}
            columns={columns}
            emptyText={translate(`${key}.empty`)}
        />
    );
}
