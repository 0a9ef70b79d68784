import { HttpError } from 'ra-core';
import { errorPageCodeOf, type ErrorPageCode } from '../../domain/errors';

function errorCodeOf(json: unknown): string | undefined {
    return json && typeof json === 'object' && 'code' in json && typeof json.code === 'string'
        ? json.code
        : undefined;
}

/**
 * Refusals whose reason has a text of its own under `app.error.reasons`, so that the user reads
 * it in their language; a refusal with another code shows the server's message.
 */
const explainedRefusals = new Set(['CANNOT_DELETE_SELF']);

/**
 * A failed API call: react-admin's `HttpError` (message, status, the `{code, message, details}`
 * body) plus the request's method and the server's error code. An authorization failure
 * (domain §8: NO_PERMISSION, NO_DC_PERMISSION, CHANGE_SCOPE, NO_DATA_PERMISSION) carries the
 * error page it leads to, and a translated message instead of the server's, which names
 * internal action codes and scope paths meant for integrators. A refusal with an explained code
 * carries its text key as the message; react-admin translates a message that is a key.
 */
export class ApiError extends HttpError {
    readonly method: string;
    readonly code: string | undefined;
    /** The error page of an authorization failure (`/error/<pageCode>`), else null. */
    readonly pageCode: ErrorPageCode | null;

    constructor(message: string, status: number, body: unknown, method: string) {
        const code = errorCodeOf(body);
        const pageCode = status === 403 && code ? errorPageCodeOf(code) : null;
        super(
            pageCode
                ? `app.error.refused.${pageCode}`
                : code && explainedRefusals.has(code)
                  ? `app.error.reasons.${code}`
                  : message,
            status,
            body,
        );
        this.method = method;
        this.code = code;
        this.pageCode = pageCode;
    }
}

/**
 * Why the server refused a request (a 4xx answer): the text key of its code, or the server's own
 * message (translate() returns a text that is not a key unchanged); undefined for other failures
 * (network, 5xx), which only get the operation's generic text. Read by shape, as react-admin's
 * `HttpError`, so that an error passed through another copy of the module still counts.
 */
export function refusalReason(error: unknown): string | undefined {
    if (!error || typeof error !== 'object' || !('status' in error) || !('message' in error))
        return undefined;
    const { status, message } = error;
    if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
    return typeof message === 'string' && message !== '' ? message : undefined;
}
