import type { CustomWaypointBody } from '../../../../domain/contracts/depot-tours';
import {
    CUSTOM_WAYPOINT_MAX_DISTANCE_KM,
    CUSTOM_WAYPOINT_NAME_MAX,
    customWaypointCoordinatesProblem,
} from '../../../../domain/depotTourDetail';
import type { LatLon } from '../../../../domain/geo';

/**
 * The add dialogs' fields and their checks (the server checks the same again): a name of 1 to
 * 100 characters (not only spaces); coordinates as decimal degrees (a decimal comma is read too)
 * within range, not 0/0 and within 100 km of the depot; or an address with street, postcode
 * and a two-letter country; an optional planned position (a whole number from 1).
 */

export interface CoordinatesValues {
    name: string;
    latitude: string;
    longitude: string;
    position: string;
}

export interface AddressValues {
    name: string;
    street: string;
    houseNo: string;
    postcode: string;
    locality: string;
    countryCode: string;
    position: string;
}

/** A field's problem: its text key (under app.tourDetail.customWaypoints.errors) and values. */
export interface FieldError {
    key: string;
    values?: Record<string, number>;
}

export type FormErrors<V> = Partial<Record<keyof V, FieldError>>;

/** Decimal degrees from what was typed ("52.52" or "52,52"); null when it is no number. */
export function parseDegrees(text: string): number | null {
    const trimmed = text.trim().replace(',', '.');
    if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return null;
    const value = Number(trimmed);
    return Number.isFinite(value) ? value : null;
}

const positionOf = (text: string): number | null | undefined => {
    const trimmed = text.trim();
    if (trimmed === '') return undefined;
    return /^\d{1,5}$/.test(trimmed) && Number(trimmed) >= 1 ? Number(trimmed) : null;
};

function nameError(name: string): FieldError | undefined {
    if (name.trim() === '') return { key: 'required' };
    if (name.trim().length > CUSTOM_WAYPOINT_NAME_MAX)
        return { key: 'tooLong', values: { max: CUSTOM_WAYPOINT_NAME_MAX } };
    return undefined;
}

function positionError(position: string): FieldError | undefined {
    return positionOf(position) === null ? { key: 'position' } : undefined;
}

const compact = <V>(errors: FormErrors<V>): FormErrors<V> =>
    Object.fromEntries(
        Object.entries(errors).filter(([, error]) => error !== undefined),
    ) as FormErrors<V>;

/** The problems of the coordinates form; empty when it can be sent. */
export function validateCoordinates(
    values: CoordinatesValues,
    depot: LatLon,
): FormErrors<CoordinatesValues> {
    const latitude = parseDegrees(values.latitude);
    const longitude = parseDegrees(values.longitude);
    const errors: FormErrors<CoordinatesValues> = {
        name: nameError(values.name),
        position: positionError(values.position),
    };
    const required = (text: string) => (text.trim() === '' ? 'required' : 'number');
    if (latitude === null) errors.latitude = { key: required(values.latitude) };
    else if (Math.abs(latitude) > 90) errors.latitude = { key: 'latitudeRange' };
    if (longitude === null) errors.longitude = { key: required(values.longitude) };
    else if (Math.abs(longitude) > 180) errors.longitude = { key: 'longitudeRange' };
    if (latitude !== null && longitude !== null && !errors.latitude && !errors.longitude) {
        const problem = customWaypointCoordinatesProblem(latitude, longitude, depot);
        if (problem === 'NULL_ISLAND') errors.latitude = { key: 'nullIsland' };
        else if (problem === 'TOO_FAR')
            errors.latitude = { key: 'tooFar', values: { km: CUSTOM_WAYPOINT_MAX_DISTANCE_KM } };
    }
    return compact(errors);
}

/** The problems of the address form; empty when it can be sent. */
export function validateAddress(values: AddressValues): FormErrors<AddressValues> {
    return compact<AddressValues>({
        name: nameError(values.name),
        street: values.street.trim() === '' ? { key: 'required' } : undefined,
        postcode: values.postcode.trim() === '' ? { key: 'required' } : undefined,
        countryCode: /^[A-Za-z]{2}$/.test(values.countryCode.trim())
            ? undefined
            : { key: 'countryCode' },
        position: positionError(values.position),
    });
}

const withPosition = (position: string) => {
    const value = positionOf(position);
    return typeof value === 'number' ? { position: value } : {};
};

/** The request body of a valid coordinates form. */
export function coordinatesBody(values: CoordinatesValues): CustomWaypointBody {
    return {
        name: values.name.trim(),
        latitude: parseDegrees(values.latitude) ?? Number.NaN,
        longitude: parseDegrees(values.longitude) ?? Number.NaN,
        ...withPosition(values.position),
    };
}

/** The request body of a valid address form. */
export function addressBody(values: AddressValues): CustomWaypointBody {
    const optional = (text: string) => (text.trim() === '' ? {} : { value: text.trim() });
    const houseNo = optional(values.houseNo);
    const locality = optional(values.locality);
    return {
        name: values.name.trim(),
        address: {
            street: values.street.trim(),
            ...('value' in houseNo ? { houseNo: houseNo.value } : {}),
            postcode: values.postcode.trim(),
            ...('value' in locality ? { locality: locality.value } : {}),
            countryCode: values.countryCode.trim().toUpperCase(),
        },
        ...withPosition(values.position),
    };
}
