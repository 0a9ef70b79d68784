import { HttpError } from 'react-admin';
import { refusalReason } from '../../dataProviders/apiError';

/** The `code` of the server's error envelope, if the error carries one. */
function errorCodeOf(error: unknown): string | undefined {
    if (!(error instanceof HttpError)) return undefined;
    const body: unknown = error.body;
    return body && typeof body === 'object' && 'code' in body && typeof body.code === 'string'
        ? body.code
        : undefined;
}

/** Codes with a description under `app.userErrors` (written with the back-office users). */
const userErrorCodes = new Set([
    'DUPLICATE_EMAIL',
    'DUPLICATE_PHONE_NUMBER',
    'DUPLICATE_USERNAME',
    'TENANT_MAX_TEMP_DRIVERS_REACHED',
    'STALE_RECORD',
]);
const subcontractorErrorCodes = new Set([
    'DUPLICATE_SUBCONTRACTOR',
    'SUBCONTRACTOR_HAS_USERS_ASSIGNED',
    'SUBCONTRACTOR_HAS_USERS_OR_VEHICLES_ASSIGNED',
    'STALE_RECORD',
]);
const vehicleErrorCodes = new Set(['DUPLICATE_VEHICLE_NUMBER', 'STALE_RECORD']);
/** A vehicle's trackers: a taken identifier, and a vehicle or tracker that is gone (404 NOT_FOUND). */
const trackerErrorCodes = new Set(['DUPLICATE_TRACKER', 'NOT_FOUND']);

export type FleetArea = 'user' | 'subcontractor' | 'vehicle' | 'tracker';

/**
 * The description key of a failed save or delete, chosen by the server's code (domain §7, §8);
 * another refusal says the server's reason, other failures the area's generic text.
 */
export function errorDescriptionKey(area: FleetArea, error: unknown): string {
    const code = errorCodeOf(error);
    switch (area) {
        case 'user':
            return code && userErrorCodes.has(code)
                ? `app.userErrors.${code}`
                : (refusalReason(error) ?? 'app.fleet.saveFailed');
        case 'subcontractor':
            return code && subcontractorErrorCodes.has(code)
                ? `app.subcontractorErrors.${code}`
                : (refusalReason(error) ?? 'app.subcontractorErrors.generic');
        case 'vehicle':
            return code && vehicleErrorCodes.has(code)
                ? `app.vehicleErrors.${code}`
                : (refusalReason(error) ?? 'app.vehicleErrors.generic');
        case 'tracker':
            return code && trackerErrorCodes.has(code)
                ? `app.trackerErrors.${code}`
                : (refusalReason(error) ?? 'app.trackerErrors.generic');
    }
}
