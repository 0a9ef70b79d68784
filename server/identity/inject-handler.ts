import type { HttpHandler } from '@smithy/core/protocols';
import { HttpResponse, type HttpRequest } from '@smithy/core/transport';
import type { FastifyInstance } from 'fastify';

/** The query string of a smithy request, encoded as the SDK's own handlers do. */
function queryString(query: HttpRequest['query']): string {
    const parts: string[] = [];
    for (const [key, value] of Object.entries(query ?? {})) {
        const values = value === null ? [null] : Array.isArray(value) ? value : [value];
        for (const item of values)
            parts.push(
                item === null
                    ? encodeURIComponent(key)
                    : `${encodeURIComponent(key)}=${encodeURIComponent(item)}`,
            );
    }
    return parts.length > 0 ? `?${parts.join('&')}` : '';
}

function bodyOf(body: unknown): string | Buffer | undefined {
    if (body === undefined || body === null) return undefined;
    if (typeof body === 'string' || Buffer.isBuffer(body)) return body;
    if (body instanceof Uint8Array)
        return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    throw new Error('The in-process identity handler sends string or byte bodies only.');
}

/**
 * A smithy HttpHandler that hands the SDK's signed request to `fastify.inject`: the embedded
 * endpoint serves the AWS SDK's admin calls in process, with no network hop, through the very
 * same route, signature check and serialisation as over HTTP.
 */
export function createInjectHandler(fastify: FastifyInstance): HttpHandler {
    return {
        metadata: { handlerProtocol: 'http/1.1' },
        async handle(request: HttpRequest) {
            const response = await fastify.inject({
                method: request.method as 'POST',
                url: `${request.path}${queryString(request.query)}`,
                headers: request.headers,
                payload: bodyOf(request.body),
            });
            const headers: Record<string, string> = {};
            for (const [name, value] of Object.entries(response.headers)) {
                if (value !== undefined)
                    headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
            }
            return {
                response: new HttpResponse({
                    statusCode: response.statusCode,
                    headers,
                    body: new Uint8Array(response.rawPayload),
                }),
            };
        },
        updateHttpClientConfig() {},
        httpHandlerConfigs: () => ({}),
    };
}
