import type { DepotFieldRule } from '../../../domain/depots';
import type { CreateDepotBody, UpdateDepotBody } from '../../../domain/contracts/depots';
import { depotFieldErrors, formatDeviceMapping, hasCoordinates } from '../../../domain/depots';
import { getBrowserConfig } from '../../config';
import type { Depot } from '../../../domain/contracts/depots';

/** What the depot form holds: mappings as service/ID rows, coordinates possibly empty. */
export interface DepotFormValues {
    tenantId?: string;
    groupId?: string;
    externalDepotId?: string;
    name?: string;
    street?: string;
    houseNo?: string | null;
    postcode?: string;
    locality?: string;
    countryCode?: string;
    latitude?: number | string | null;
    longitude?: number | string | null;
    timeZone?: string;
    deviceMappings?: { service?: string; id?: string }[];
    manualJobUploadEnabled?: boolean;
    version?: number;
}

const coordinate = (value: number | string | null | undefined): number | null => {
    if (value === null || value === undefined || value === '') return null;
    const number = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(number) ? number : Number.NaN;
};

const text = (value: string | null | undefined) => (value ?? '').trim();

/** The create body of the form's values (mappings as `service:ID`; empty coordinates: geocode). */
export function depotCreateBodyOf(values: DepotFormValues): CreateDepotBody {
    const houseNo = text(values.houseNo);
    return {
        tenantId: text(values.tenantId),
        groupId: text(values.groupId),
        externalDepotId: text(values.externalDepotId),
        name: text(values.name),
        street: text(values.street),
        houseNo: houseNo === '' ? null : houseNo,
        postcode: text(values.postcode),
        locality: text(values.locality),
        countryCode: text(values.countryCode).toUpperCase(),
        latitude: coordinate(values.latitude),
        longitude: coordinate(values.longitude),
        timeZone: text(values.timeZone),
        deviceMappings: (values.deviceMappings ?? [])
            .filter((row) => text(row.service) !== '' || text(row.id) !== '')
            .map((row) => formatDeviceMapping({ service: text(row.service), id: text(row.id) })),
        manualJobUploadEnabled: values.manualJobUploadEnabled ?? false,
    };
}

/** The update body: the create body without the organisation, plus the version the form was loaded with. */
export function depotUpdateBodyOf(values: DepotFormValues): UpdateDepotBody {
    const { tenantId: _tenantId, ...body } = depotCreateBodyOf(values);
    return { ...body, version: values.version ?? 1 };
}

/** The form's starting values for a stored depot. */
export function depotFormValuesOf(depot: Depot): DepotFormValues {
    return { ...depot, deviceMappings: depot.deviceMappings.map((pair) => ({ ...pair })) };
}

/**
 * Client-side check of the whole form with the shared rules: field → translation key. Without
 * an address lookup (no geocoder configured) the coordinates are required.
 */
export function validateDepotForm(
    values: DepotFormValues,
    addressLookup = getBrowserConfig().addressLookup ?? false,
): Record<string, string> {
    const body = depotCreateBodyOf(values);
    const errors: Record<string, string> = {};
    const key = (rule: DepotFieldRule) => `app.depots.rules.${rule}`;
    if (body.tenantId === '') errors.tenantId = key('required');
    if (body.groupId === '') errors.groupId = key('required');
    for (const [field, rule] of Object.entries(depotFieldErrors(body)))
        if (field !== 'deviceMappings') errors[field] = key(rule);
    if (!addressLookup && !hasCoordinates(body.latitude, body.longitude)) {
        errors.latitude ??= key('required');
        errors.longitude ??= key('required');
    }
    const mappings = depotFieldErrors(body).deviceMappings;
    if (mappings) errors.deviceMappings = key(mappings);
    return errors;
}
