import type { ErrorCode } from '../domain/errors.js';
import type { ErrorDetail } from '../domain/contracts/common.js';

/**
 * The one error type handlers throw. The error handler turns it into the
 * `{ code, message, details }` envelope with `statusCode`.
 */
export class AppError extends Error {
    constructor(
        public readonly statusCode: number,
        public readonly code: ErrorCode | (string & {}),
        message: string,
        public readonly details: ErrorDetail[] = [],
    ) {
        super(message);
        this.name = 'AppError';
    }
}

export const badRequest = (
    message: string,
    details: ErrorDetail[] = [],
    code: ErrorCode | (string & {}) = 'BAD_REQUEST',
) => new AppError(400, code, message, details);
export const unauthorized = (message = 'A valid bearer token is required.') =>
    new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (
    code: ErrorCode = 'NO_PERMISSION',
    message = 'You do not have permission for this.',
) => new AppError(403, code, message);
export const notFound = (what: string) => new AppError(404, 'NOT_FOUND', `${what} was not found.`);
export const conflict = (code: string, message: string, details: ErrorDetail[] = []) =>
    new AppError(409, code, message, details);
