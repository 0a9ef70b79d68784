import type { TranslateFunction } from 'react-admin';
import type { AddressInfoValues } from '../../../../domain/addressDeliveryInfo';

type Shown = Pick<
    AddressInfoValues,
    | 'street'
    | 'houseNo'
    | 'postcode'
    | 'locality'
    | 'countryCode'
    | 'latitude'
    | 'longitude'
    | 'coordinateType'
    | 'deliveryNote'
    | 'accessCode'
    | 'safePlace'
    | 'openingHours'
>;

/** `Hauptstraße 5, 20095 Hamburg, DE`: the address as one line. */
export function addressLine(address: Shown): string {
    const street = [address.street, address.houseNo].filter(Boolean).join(' ');
    const place = [address.postcode, address.locality].filter(Boolean).join(' ');
    return [street, place, address.countryCode].filter(Boolean).join(', ');
}

/** What a driver gets at the address, one labelled line per given field. */
export function informationLines(translate: TranslateFunction, info: Shown): string[] {
    const label = (column: string) => translate(`app.addressInfo.columns.${column}`);
    const lines: string[] = [];
    if (info.latitude !== null && info.longitude !== null)
        lines.push(
            translate('app.addressInfo.position', {
                type: info.coordinateType
                    ? translate(`app.addressInfo.coordinateTypes.${info.coordinateType}`)
                    : '',
                latitude: info.latitude,
                longitude: info.longitude,
            }),
        );
    const texts = [
        ['deliveryNote', info.deliveryNote],
        ['accessCode', info.accessCode],
        ['safePlace', info.safePlace],
        ['openingHours', info.openingHours],
    ] as const;
    for (const [column, value] of texts) if (value) lines.push(`${label(column)}: ${value}`);
    return lines;
}
