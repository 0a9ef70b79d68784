import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { underPrefix } from '../shared/url-prefix.js';

declare module 'fastify' {
    interface FastifyContextConfig {
        /** A route every vehicle calls every few seconds (ingestion): its successes are logged at debug level. */
        highRate?: boolean;
    }
}

interface RequestLogOptions {
    /** Path prefixes of the services; every other path is the browser app's files and pages. */
    servicePrefixes: readonly string[];
}

/**
 * One log line per request, written when the answer is sent (Fastify's own request logging,
 * two lines per request, is turned off in main.ts through its `LogController`). Successful
 * requests for the browser app's files, pages and translations are logged at debug level: a
 * page load fetches dozens, and they would bury everything else. So are the successes of
 * high-rate routes (`config.highRate`: the ingestion of driver-app events and positions).
 */
export default fp(
    async function requestLog(fastify: FastifyInstance, opts: RequestLogOptions) {
        const isStaticSuccess = (request: FastifyRequest, reply: FastifyReply) =>
            (request.method === 'GET' || request.method === 'HEAD') &&
            reply.statusCode < 400 &&
            !underPrefix(request.url, opts.servicePrefixes);

        fastify.addHook('onResponse', async (request, reply) => {
            const fields = {
                method: request.method,
                url: request.url,
                statusCode: reply.statusCode,
                responseTimeMs: Math.round(reply.elapsedTime),
            };
            const quiet =
                isStaticSuccess(request, reply) ||
                (reply.statusCode < 400 && request.routeOptions.config.highRate === true);
            if (quiet) request.log.debug(fields, 'request completed');
            else request.log.info(fields, 'request completed');
        });
    },
    { name: 'request-log' },
);
