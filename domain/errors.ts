/**
 * Error codes of the spec's catalogue (domain §8) plus the few platform codes every
 * service needs. Every error answer is `{ code, message, details }`.
 */
export type ErrorCode =
    // general
    | 'BAD_REQUEST'
    | 'FORBIDDEN_ERROR'
    | 'GENERIC_ERROR'
    | 'SERVER_ERROR'
    | 'UNKNOWN_USER_ERROR'
    | 'NOT_FOUND'
    | 'UNAUTHORIZED'
    | 'SERVICE_UNAVAILABLE'
    | 'TOO_MANY_REQUESTS'
    // authorization
    | 'CHANGE_SCOPE'
    | 'NO_DATA_PERMISSION'
    | 'NO_DC_PERMISSION'
    | 'NO_PERMISSION'
    // users (domain §8)
    | 'DUPLICATE_EMAIL'
    | 'DUPLICATE_PHONE_NUMBER'
    | 'DUPLICATE_USERNAME'
    | 'TENANT_MAX_TEMP_DRIVERS_REACHED'
    // subcontractors and vehicles (domain §8)
    | 'DUPLICATE_SUBCONTRACTOR'
    | 'SUBCONTRACTOR_HAS_USERS_ASSIGNED'
    | 'SUBCONTRACTOR_HAS_USERS_OR_VEHICLES_ASSIGNED'
    | 'DUPLICATE_VEHICLE_NUMBER'
    // roles (domain §8)
    | 'ROLE_IS_ASSIGNED_TO_USER'
    | 'DUPLICATE_ROLE_NAME'
    // a save based on a stale copy of the record (409; docs/decisions.md)
    | 'STALE_RECORD'
    // organisations (domain §8: duplicate organization ID, invalid ID format; domain §5 rules)
    | 'DUPLICATE_TENANT_ID'
    | 'INVALID_TENANT_ID'
    | 'TENANT_COUNTRY_FIXED'
    | 'TENANT_REGION_REMOVED'
    // depots (domain §8: address not found, duplicate device mapping, duplicate external depot ID,
    // invalid device mapping format, upload errors listed per row)
    | 'ADDRESS_NOT_FOUND'
    | 'DUPLICATE_DEVICE_MAPPING'
    | 'DUPLICATE_EXTERNAL_DEPOT_ID'
    | 'INVALID_DEVICE_MAPPING_FORMAT'
    | 'DEPOT_UPLOAD_INVALID'
    // address delivery information (docs/address-delivery-information.md): a refused upload lists
    // every bad row; a file over the size limit is refused before it is read
    | 'ADDRESS_INFO_UPLOAD_INVALID'
    | 'ADDRESS_INFO_FILE_TOO_LARGE'
    // client configurations: a document that fails its JSON Schema (details name the fields)
    | 'INVALID_CLIENT_CONFIG'
    // API access: credentials and machine tokens
    | 'CREDENTIAL_REVOKED'
    | 'CREDENTIAL_EXPIRED'
    | 'INSUFFICIENT_SCOPE'
    // backoffice actions: role-sync files and translation uploads
    | 'INVALID_SIGNATURE'
    | 'LOCALE_KEYS_MISMATCH'
    | 'CANNOT_DELETE_SELF'
    | 'CANNOT_RESET_OWN_MFA'
    | 'USER_ALREADY_ACTIVE'
    // custom waypoints of a depot's tour (domain §2 Tour Detail View; docs/decisions.md "Tour detail")
    | 'CUSTOM_WAYPOINT_COORDINATES_INVALID'
    | 'CUSTOM_WAYPOINT_COORDINATES_REQUIRED'
    | 'CUSTOM_WAYPOINT_ADDRESS_NOT_FOUND'
    | 'CUSTOM_WAYPOINT_TOUR_FINISHED'
    | 'CUSTOM_WAYPOINT_LIMIT_REACHED';

/** The authorization failures of domain §6/§8, most general first. */
export const authorizationErrorCodes = [
    'NO_DC_PERMISSION',
    'NO_PERMISSION',
    'CHANGE_SCOPE',
    'NO_DATA_PERMISSION',
] as const satisfies readonly ErrorCode[];
export type AuthorizationErrorCode = (typeof authorizationErrorCodes)[number];

/** Codes of the browser's error page (shell §8); its message is looked up by code. */
export const errorPageCodes = [
    'badRequest',
    'changeScope',
    'fileNotFound',
    'noDataPermission',
    'noPermission',
    'noMatchingPermission',
] as const;
export type ErrorPageCode = (typeof errorPageCodes)[number];

/**
 * HTTP status, error page and default message of each authorization failure. A missing depot
 * permission shows the noPermission page (shell §8: "also used for a missing depot permission").
 */
export const authorizationErrors: Record<
    AuthorizationErrorCode,
    { status: 403; pageCode: ErrorPageCode; message: string }
> = {
    NO_DC_PERMISSION: {
        status: 403,
        pageCode: 'noPermission',
        message: 'You have no depot permission.',
    },
    NO_PERMISSION: {
        status: 403,
        pageCode: 'noPermission',
        message: 'You are not allowed to use this feature.',
    },
    CHANGE_SCOPE: {
        status: 403,
        pageCode: 'changeScope',
        message: 'This feature is not available for the selected scope.',
    },
    NO_DATA_PERMISSION: {
        status: 403,
        pageCode: 'noDataPermission',
        message: 'You are not allowed to see this data.',
    },
};

/** The error page for a server error code: authorization codes and BAD_REQUEST; null for others. */
export function errorPageCodeOf(code: string): ErrorPageCode | null {
    if (code === 'BAD_REQUEST') return 'badRequest';
    return (authorizationErrorCodes as readonly string[]).includes(code)
        ? authorizationErrors[code as AuthorizationErrorCode].pageCode
        : null;
}
