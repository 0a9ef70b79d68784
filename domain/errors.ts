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
