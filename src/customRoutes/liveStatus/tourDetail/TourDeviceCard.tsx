import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DriverLocation, TourDevice } from '../../../../domain/contracts/depot-tours';
import type { Formatters } from '../../../../domain/formatting';
import { FigureList } from '../../tourCommanderTours/TourFigures';

/** The driver app's device on the tour (r:tour-device): model, app version, battery, last contact. */
export function TourDeviceCard({
    device,
    formatters,
}: {
    device: TourDevice;
    formatters: Formatters;
}) {
    const translate = useTranslate();
    const key = 'app.tourDetail.device';
    if (Object.values(device).every((value) => value === null))
        return (
            <Typography variant="body2" color="text.secondary">
                {translate(`${key}.empty`)}
            </Typography>
        );
    const dateTime = (value: string | null) => (value ? formatters.dateTime(value) : '-');
    return (
        <FigureList
            items={[
                { label: translate(`${key}.model`), value: device.model ?? '-' },
                { label: translate(`${key}.appVersion`), value: device.appVersion ?? '-' },
                {
                    label: translate(`${key}.battery`),
                    value:
                        device.battery === null
                            ? '-'
                            : `${formatters.number(device.battery, { maxDecimals: 0 })} %`,
                },
                {
                    label: translate(`${key}.appState`),
                    value: device.appState
                        ? translate(`app.tours.appStates.${device.appState}`, {
                              _: device.appState,
                          })
                        : '-',
                },
                { label: translate(`${key}.lastContactAt`), value: dateTime(device.lastContactAt) },
                { label: translate(`${key}.signedInAt`), value: dateTime(device.signedInAt) },
            ]}
        />
    );
}

/** Where the vehicle was last seen on the tour (r:tour-details-driver-location). */
export function TourDriverLocation({
    location,
    formatters,
}: {
    location: DriverLocation | null;
    formatters: Formatters;
}) {
    const translate = useTranslate();
    const key = 'app.tourDetail.driverLocation';
    if (!location)
        return (
            <Typography variant="body2" color="text.secondary">
                {translate(`${key}.empty`)}
            </Typography>
        );
    const degrees = (value: number) => formatters.number(value, { maxDecimals: 5 });
    return (
        <FigureList
            items={[
                {
                    label: translate(`${key}.position`),
                    value: `${degrees(location.latitude)} / ${degrees(location.longitude)}`,
                },
                {
                    label: translate(`${key}.positionAt`),
                    value: formatters.dateTime(location.positionAt),
                },
                {
                    label: translate(`${key}.accuracy`),
                    value:
                        location.accuracy === null
                            ? '-'
                            : translate(`${key}.metres`, {
                                  metres: formatters.number(location.accuracy, { maxDecimals: 0 }),
                              }),
                },
                {
                    label: translate(`${key}.speed`),
                    value:
                        location.speed === null
                            ? '-'
                            : translate('app.tourAdmin.vehicle.perHour', {
                                  distance: formatters.length(location.speed * 3.6),
                              }),
                },
            ]}
        />
    );
}
