import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorEnvelope } from '../../domain/contracts/common.js';
import { AppError } from '../errors.js';

/** Fastify's own client-error codes mapped to the catalogue; anything else 4xx is BAD_REQUEST. */
const FASTIFY_CODES: Record<number, string> = {
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN_ERROR',
    404: 'NOT_FOUND',
};

export function errorEnvelope(
    code: string,
    message: string,
    details: ErrorEnvelope['details'] = [],
): ErrorEnvelope {
    return { code, message, details };
}

function toEnvelope(error: FastifyError | AppError): { status: number; body: ErrorEnvelope } {
    if (error instanceof AppError) {
        return {
            status: error.statusCode,
            body: errorEnvelope(error.code, error.message, error.details),
        };
    }
    if (error.validation) {
        const details = error.validation.map((issue) => ({
            field: `/${error.validationContext ?? 'body'}${issue.instancePath}${
                issue.keyword === 'required' && typeof issue.params.missingProperty === 'string'
                    ? `/${issue.params.missingProperty}`
                    : ''
            }`,
            message: issue.message ?? 'is invalid',
        }));
        const first = details[0];
        return {
            status: 400,
            body: errorEnvelope(
                'BAD_REQUEST',
                first ? `${first.field} ${first.message}` : 'The request is invalid.',
                details,
            ),
        };
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
        return {
            status,
            body: errorEnvelope(FASTIFY_CODES[status] ?? 'BAD_REQUEST', error.message),
        };
    }
    return {
        status: 500,
        body: errorEnvelope(
            'SERVER_ERROR',
            'Something went wrong on our side. Please try again later.',
        ),
    };
}

/** The request's path: its query string holds values (searches name people), the request id links the full URL's log line. */
const pathOf = (request: FastifyRequest) => request.url.split('?', 1)[0];

/**
 * The single error policy: log with request context, answer the envelope, never leak a 5xx's
 * internals. The logger's `err` serializer (errorForLog) keeps a statement's values out of the log.
 */
function handleError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
    const { status, body } = toEnvelope(error);
    const path = pathOf(request);
    if (status >= 500)
        request.log.error({ err: error, method: request.method, path }, 'request failed');
    else request.log.info({ code: body.code, status, path }, 'request refused');
    return reply.status(status).type('application/json; charset=utf-8').send(body);
}

export default fp(
    async function errorHandler(fastify: FastifyInstance) {
        fastify.setErrorHandler(handleError);
    },
    { name: 'error-handler' },
);
