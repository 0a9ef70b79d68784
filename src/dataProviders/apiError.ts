import { HttpError } from 'ra-core';
import { errorPageCodeOf, type ErrorPageCode } from '../../domain/errors';

function errorCodeOf(json: unknown): string | undefined {
    return json && typeof json === 'object' && 'code' in json && typeof json.code === 'string'
        ? json.code
        : undefined;
}

/**
 * A failed API call: react-admin's `HttpError` (message, status, the `{code, message, details}`
 * body) plus the request's method and the server's error code. An authorization failure
 * (domain §8: NO_PERMISSION, NO_DC_PERMISSION, CHANGE_SCOPE, NO_DATA_PERMISSION) carries the
 * error page it leads to, and a translated message instead of the server's, which names
 * internal action codes and scope paths meant for integrators.
 */
export class ApiError extends HttpError {
    readonly method: string;
    readonly code: string | undefined;
    /** The error page of an authorization failure (`/error/<pageCode>`), else null. */
    readonly pageCode: ErrorPageCode | null;

    constructor(message: string, status: number, body: unknown, method: string) {
        const code = errorCodeOf(body);
        const pageCode = status === 403 && code ? errorPageCodeOf(code) : null;
        super(pageCode ? `app.error.refused.${pageCode}` : message, status, body);
        this.method = method;
        this.code = code;
        this.pageCode = pageCode;
    }
}
