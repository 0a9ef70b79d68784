import { describe, expect, it } from 'vitest';
import {
    addressBody,
    coordinatesBody,
    parseDegrees,
    validateAddress,
    validateCoordinates,
    type AddressValues,
    type CoordinatesValues,
} from '../../src/customRoutes/liveStatus/tourDetail/customWaypointForm';
import { customWaypointErrorKey } from '../../src/customRoutes/liveStatus/tourDetail/customWaypointErrors';
import { tourRefreshInterval } from '../../src/customRoutes/liveStatus/tourDetail/tourDetailApi';
import { ApiError } from '../../src/dataProviders/apiError';
import type { CustomWaypoint, DepotTourDetail } from '../../domain/contracts/depot-tours';

/** The add dialogs' checks and request bodies (issue 15 part 2), with hand-made cases. */

const berlin = { latitude: 52.52, longitude: 13.405 };
const coordinates = (fields: Partial<CoordinatesValues> = {}): CoordinatesValues => ({
    name: 'Keys',
    latitude: '52.53',
    longitude: '13.41',
    position: '',
    ...fields,
});
const address = (fields: Partial<AddressValues> = {}): AddressValues => ({
    name: 'Annex',
    street: 'Invalidenstraße',
    houseNo: '',
    postcode: '10115',
    locality: '',
    countryCode: 'de',
    position: '',
    ...fields,
});
const keys = (errors: object) =>
    Object.fromEntries(
        Object.entries(errors).map(([field, error]) => [field, (error as { key: string }).key]),
    );

describe('degrees as typed', () => {
    it('reads a decimal point or comma, and nothing else', () => {
        expect(parseDegrees(' 52.52 ')).toBe(52.52);
        expect(parseDegrees('52,52')).toBe(52.52);
        expect(parseDegrees('-0.5')).toBe(-0.5);
        expect(parseDegrees('.5')).toBe(0.5);
        expect(parseDegrees('')).toBeNull();
        expect(parseDegrees('52°')).toBeNull();
        expect(parseDegrees('1e3')).toBeNull();
        expect(parseDegrees('52.5.1')).toBeNull();
    });
});

describe('the coordinates form', () => {
    it('takes a name and coordinates near the depot', () => {
        expect(validateCoordinates(coordinates(), berlin)).toEqual({});
        expect(coordinatesBody(coordinates({ name: '  Keys ', position: ' 3 ' }))).toEqual({
            name: 'Keys',
            latitude: 52.53,
            longitude: 13.41,
            position: 3,
        });
        expect(coordinatesBody(coordinates({ latitude: '52,53' }))).toEqual({
            name: 'Keys',
            latitude: 52.53,
            longitude: 13.41,
        });
    });

    it('names each field at fault', () => {
        expect(
            keys(
                validateCoordinates(
                    coordinates({ name: '  ', latitude: '', longitude: 'x' }),
                    berlin,
                ),
            ),
        ).toEqual({ name: 'required', latitude: 'required', longitude: 'number' });
        expect(keys(validateCoordinates(coordinates({ name: 'x'.repeat(101) }), berlin))).toEqual({
            name: 'tooLong',
        });
        expect(keys(validateCoordinates(coordinates({ name: 'x'.repeat(100) }), berlin))).toEqual(
            {},
        );
        expect(
            keys(validateCoordinates(coordinates({ latitude: '90.5', longitude: '181' }), berlin)),
        ).toEqual({ latitude: 'latitudeRange', longitude: 'longitudeRange' });
        expect(
            keys(validateCoordinates(coordinates({ latitude: '0', longitude: '0' }), berlin)),
        ).toEqual({
            latitude: 'nullIsland',
        });
        expect(
            keys(
                validateCoordinates(coordinates({ latitude: '53.55', longitude: '9.99' }), berlin),
            ),
        ).toEqual({ latitude: 'tooFar' });
        for (const position of ['0', '-1', '1.5', 'x'])
            expect(keys(validateCoordinates(coordinates({ position }), berlin))).toEqual({
                position: 'position',
            });
    });
});

describe('the address form', () => {
    it('takes a name, street, postcode and a two-letter country', () => {
        expect(validateAddress(address())).toEqual({});
        expect(
            addressBody(address({ houseNo: ' 10 ', locality: 'Berlin', position: '2' })),
        ).toEqual({
            name: 'Annex',
            address: {
                street: 'Invalidenstraße',
                houseNo: '10',
                postcode: '10115',
                locality: 'Berlin',
                countryCode: 'DE',
            },
            position: 2,
        });
        expect(addressBody(address())).toEqual({
            name: 'Annex',
            address: { street: 'Invalidenstraße', postcode: '10115', countryCode: 'DE' },
        });
    });

    it('names each field at fault', () => {
        expect(
            keys(
                validateAddress(
                    address({ name: '', street: ' ', postcode: '', countryCode: 'DEU' }),
                ),
            ),
        ).toEqual({
            name: 'required',
            street: 'required',
            postcode: 'required',
            countryCode: 'countryCode',
        });
    });
});

describe('refusals in words', () => {
    const refusal = (code: string, rule?: string) =>
        new ApiError(
            'refused',
            400,
            { code, message: 'refused', details: rule ? [{ rule, message: '' }] : [] },
            'POST',
        );
    it('explains the custom waypoint codes and falls back to a generic text', () => {
        const key = 'app.tourDetail.customWaypoints.refusals';
        expect(customWaypointErrorKey(refusal('CUSTOM_WAYPOINT_TOUR_FINISHED'))).toBe(
            `${key}.CUSTOM_WAYPOINT_TOUR_FINISHED`,
        );
        expect(
            customWaypointErrorKey(refusal('CUSTOM_WAYPOINT_ADDRESS_NOT_FOUND', 'TOO_FAR')),
        ).toBe(`${key}.ADDRESS_TOO_FAR`);
        expect(
            customWaypointErrorKey(refusal('CUSTOM_WAYPOINT_ADDRESS_NOT_FOUND', 'addressNotFound')),
        ).toBe(`${key}.CUSTOM_WAYPOINT_ADDRESS_NOT_FOUND`);
        expect(customWaypointErrorKey(refusal('BAD_REQUEST'))).toBe(`${key}.generic`);
        expect(customWaypointErrorKey(new Error('network'))).toBe(`${key}.generic`);
    });
});

describe('how often the page reads the tour', () => {
    const tourWith = (statuses: CustomWaypoint['status'][]) =>
        ({
            customWaypoints: statuses.map((status) => ({ status }) as CustomWaypoint),
        }) as DepotTourDetail;
    it('every 30 s, every 5 s while a custom waypoint change waits for the processing', () => {
        expect(tourRefreshInterval(undefined)).toBe(30_000);
        expect(tourRefreshInterval(tourWith([]))).toBe(30_000);
        expect(tourRefreshInterval(tourWith(['APPLIED', 'DISCARDED']))).toBe(30_000);
        expect(tourRefreshInterval(tourWith(['APPLIED', 'PENDING']))).toBe(5_000);
        expect(tourRefreshInterval(tourWith(['REMOVING']))).toBe(5_000);
    });
});
