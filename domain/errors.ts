/**
 * Error codes of the spec's catalogue (domain §8) plus the few platform codes every
 * service needs. Every error answer is `{ code, message, details }`.
 */
export const errorCodes = [
    // general
    'BAD_REQUEST',
    'FORBIDDEN_ERROR',
    'GENERIC_ERROR',
    'SERVER_ERROR',
    'UNKNOWN_USER_ERROR',
    'NOT_FOUND',
    'UNAUTHORIZED',
    'SERVICE_UNAVAILABLE',
    // authorization
    'CHANGE_SCOPE',
    'NO_DATA_PERMISSION',
    'NO_DC_PERMISSION',
    'NO_PERMISSION',
    // users (domain §8)
    'DUPLICATE_EMAIL',
    'DUPLICATE_PHONE_NUMBER',
    'DUPLICATE_USERNAME',
    'TENANT_MAX_TEMP_DRIVERS_REACHED',
    // subcontractors and vehicles (domain §8)
    'DUPLICATE_SUBCONTRACTOR',
    'SUBCONTRACTOR_HAS_USERS_ASSIGNED',
    'SUBCONTRACTOR_HAS_USERS_OR_VEHICLES_ASSIGNED',
    'DUPLICATE_VEHICLE_NUMBER',
    // roles (domain §8)
    'ROLE_IS_ASSIGNED_TO_USER',
    'DUPLICATE_ROLE_NAME',
    // a save based on a stale copy of the record (409; docs/decisions.md)
    'STALE_RECORD',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export interface ErrorDetail {
    /** Where the fault is: a JSON pointer-like field path (`/body/email`) or a row (`row 12`). */
    field?: string;
    message: string;
}

export interface ErrorEnvelope {
    code: string;
    message: string;
    details: ErrorDetail[];
}

/** The authorization failures of domain §6/§8, most general first. */
export const authorizationErrorCodes = ['NO_DC_PERMISSION', 'NO_PERMISSION', 'CHANGE_SCOPE', 'NO_DATA_PERMISSION'] as const satisfies readonly ErrorCode[];
export type AuthorizationErrorCode = (typeof authorizationErrorCodes)[number];

/** Codes of the browser's error page (shell §8); its message is looked up by code. */
export const errorPageCodes = ['badRequest', 'changeScope', 'fileNotFound', 'noDataPermission', 'noPermission', 'noMatchingPermission'] as const;
export type ErrorPageCode = (typeof errorPageCodes)[number];

/**
 * HTTP status, error page and default message of each authorization failure. A missing depot
 * permission shows the noPermission page (shell §8: "also used for a missing depot permission").
 */
export const authorizationErrors: Record<AuthorizationErrorCode, { status: 403; pageCode: ErrorPageCode; message: string }> = {
    NO_DC_PERMISSION: { status: 403, pageCode: 'noPermission', message: 'You have no depot permission.' },
    NO_PERMISSION: { status: 403, pageCode: 'noPermission', message: 'You are not allowed to use this feature.' },
    CHANGE_SCOPE: { status: 403, pageCode: 'changeScope', message: 'This feature is not available for the selected scope.' },
    NO_DATA_PERMISSION: { status: 403, pageCode: 'noDataPermission', message: 'You are not allowed to see this data.' },
};

/** The error page for a server error code: authorization codes and BAD_REQUEST; null for others. */
export function errorPageCodeOf(code: string): ErrorPageCode | null {
    if (code === 'BAD_REQUEST') return 'badRequest';
    return (authorizationErrorCodes as readonly string[]).includes(code) ? authorizationErrors[code as AuthorizationErrorCode].pageCode : null;
}
