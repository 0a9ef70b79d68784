import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { signedIn } from '../../access/route-access.js';
import { badRequest, notFound } from '../../errors.js';
import { contentRange, parseListQuery, SimpleRestQuery } from '../../http/simple-rest.js';
import { authErrors, ErrorEnvelope } from '../common-schemas.js';
import { createDepotFinder, listDepots } from './depots-repository.js';
import { Depot, DepotFilter, DepotParams, depotSortFields } from './schemas.js';

function parseDepotFilter(raw: Record<string, unknown>): DepotFilter {
    const first = Value.Errors(DepotFilter, raw)[0];
    if (first) {
        const field = first.keyword === 'additionalProperties' ? `/${String((first.params as { additionalProperties?: unknown }).additionalProperties ?? '')}` : first.instancePath;
        throw badRequest(`filter${field} ${first.message}`, [{ field: `/querystring/filter${field}`, message: first.message }]);
    }
    return raw as DepotFilter;
}

/**
 * Depots of the configuration service, in the react-admin simple REST contract. Reads are open
 * to every signed-in user and answer the depots the caller may see (admins all); a depot id
 * outside them is 404, exactly like an unknown one.
 */
export const depotsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    const findDepot = createDepotFinder(fastify.db);
    fastify.get(
        '/depots',
        {
            config: { access: signedIn({ rows: 'visibleDepots' }) },
            schema: {
                tags: ['configuration'],
                summary: 'Depots the caller may see: sortable, paginated (range), searchable (filter.q)',
                querystring: SimpleRestQuery,
                response: { 200: Type.Array(Depot), ...authErrors },
            },
        },
        async (request, reply) => {
            const params = parseListQuery(request.query, depotSortFields, 'name', parseDepotFilter);
            const { rows, total } = await listDepots(fastify.db, request.access.scopes, params);
            reply.header('content-range', contentRange('depots', params.offset, rows.length, total));
            return rows;
        },
    );

    fastify.get(
        '/depots/:internalDepotId',
        {
            config: { access: signedIn({ rows: 'visibleDepots' }) },
            schema: {
                tags: ['configuration'],
                summary: 'One depot with all its fields',
                params: DepotParams,
                response: { 200: Depot, 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const depot = await findDepot(request.access.scopes, request.params.internalDepotId);
            if (!depot) throw notFound(`Depot ${request.params.internalDepotId}`);
            return depot;
        },
    );
};
