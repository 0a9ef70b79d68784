import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authErrors, ErrorEnvelope, SimpleRestQuery } from '../../../../domain/contracts/common.js';
import {
    IdParams,
    Subcontractor,
    SubcontractorBody,
    SubcontractorFilter,
    SubcontractorList,
    subcontractorSortFields,
    SubcontractorUpdateBody,
} from '../../../../domain/contracts/fleet.js';
import { requireAction } from '../../../access/route-access.js';
import { narrowScopes } from '../../../access/scopes.js';
import { notFound } from '../../../errors.js';
import { contentRange, filterParser, parseListQuery } from '../../../shared/simple-rest.js';
import {
    createSubcontractor,
    deleteSubcontractor,
    updateSubcontractor,
} from './subcontractor-writes.js';
import { findSubcontractor, listSubcontractors } from './subcontractors-repository.js';

const tags = ['back-office'];
const depotContext = { context: 'depot' } as const;
const some = { coverage: 'some' } as const;
const parseFilter = filterParser(SubcontractorFilter);

/**
 * Subcontractors (domain §3, §5) in the react-admin simple REST contract. Reads need r:suco
 * (subcontractor users see their own subcontractor only); create, update and delete need
 * c:suco, u:suco and d:suco at the subcontractor's depot. A subcontractor or depot outside
 * those scopes answers 404 like an unknown one.
 */
export const subcontractorRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    const { db } = fastify;

    fastify.get(
        '/subcontractors',
        {
            config: { access: requireAction('r:suco', depotContext, some) },
            schema: {
                tags,
                summary:
                    'Subcontractors the caller may see: sortable, paginated (range), filtered by depotId, path, q (name or ID)',
                querystring: SimpleRestQuery,
                response: { 200: SubcontractorList, ...authErrors },
            },
        },
        async (request, reply) => {
            const params = parseListQuery(
                request.query,
                subcontractorSortFields,
                'name',
                parseFilter,
            );
            const scopes = narrowScopes(request.access.scopes, params.filter.path);
            const { rows, total } = await listSubcontractors(db, scopes, params);
            reply.header(
                'content-range',
                contentRange('subcontractor', params.offset, rows.length, total),
            );
            return rows;
        },
    );

    fastify.get(
        '/subcontractors/:id',
        {
            config: { access: requireAction('r:suco', depotContext, some) },
            schema: {
                tags,
                summary: 'One subcontractor',
                params: IdParams,
                response: { 200: Subcontractor, 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const found = await findSubcontractor(db, request.access.scopes, request.params.id);
            if (!found) throw notFound(`Subcontractor ${request.params.id}`);
            return found;
        },
    );

    fastify.post(
        '/subcontractors',
        {
            config: { access: requireAction('c:suco', depotContext, some) },
            schema: {
                tags,
                summary: 'Adds a subcontractor to a depot (the ID is generated when absent)',
                body: SubcontractorBody,
                response: {
                    201: Subcontractor,
                    404: ErrorEnvelope,
                    409: ErrorEnvelope,
                    ...authErrors,
                },
            },
        },
        async (request, reply) => {
            const created = await createSubcontractor(db, request, request.body);
            reply.status(201);
            return created;
        },
    );

    fastify.put(
        '/subcontractors/:id',
        {
            config: { access: requireAction('u:suco', depotContext, some) },
            schema: {
                tags,
                summary:
                    'Renames a subcontractor or changes its ID (needs the version it was based on)',
                params: IdParams,
                body: SubcontractorUpdateBody,
                response: {
                    200: Subcontractor,
                    404: ErrorEnvelope,
                    409: ErrorEnvelope,
                    ...authErrors,
                },
            },
        },
        async (request) => updateSubcontractor(db, request, request.params.id, request.body),
    );

    fastify.delete(
        '/subcontractors/:id',
        {
            config: { access: requireAction('d:suco', depotContext, some) },
            schema: {
                tags,
                summary:
                    'Deletes a subcontractor without users or vehicles (409 SUBCONTRACTOR_HAS_USERS_OR_VEHICLES_ASSIGNED otherwise)',
                params: IdParams,
                response: {
                    200: Subcontractor,
                    404: ErrorEnvelope,
                    409: ErrorEnvelope,
                    ...authErrors,
                },
            },
        },
        async (request) => deleteSubcontractor(db, request, request.params.id),
    );
};
