import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { authErrors, ErrorEnvelope, SimpleRestQuery } from '../../../domain/contracts/common.js';
import {
    CreateDepotBody,
    Depot,
    DepotFilter,
    DepotParams,
    depotSortFields,
    TenantDepotItemParams,
    TenantDepotParams,
    UpdateDepotBody,
} from '../../../domain/contracts/depots.js';
import { visibleDepotScopes } from '../../../domain/permissions.js';
import {
    assertAction,
    requireAction,
    signedIn,
    type RouteAccess,
} from '../../access/route-access.js';
import { narrowScopes } from '../../access/scopes.js';
import { notFound } from '../../errors.js';
import { contentRange, filterParser, parseListQuery } from '../../shared/simple-rest.js';
import { createDepot, updateDepot, type DepotWriteContext } from './depot-writes.js';
import { createDepotFinder, listDepots } from './depots-repository.js';

const parseDepotFilter = filterParser(DepotFilter);

/**
 * The organisation's depot management list (`/tenant/:t/configurations/depots`): needs
 * r:depot-mgmt-list somewhere in the organisation (tenant context); the rows are the depots the
 * caller may see there (all of them with r:tenant-dcs or tenant-admin on the organisation).
 */
const depotManagementList: RouteAccess = {
    description:
        "Needs r:depot-mgmt-list in the tenant context of the organisation; answers the organisation's depots the caller may see (all with r:tenant-dcs).",
    grant(request) {
        const { tenantId } = request.params as { tenantId: string };
        assertAction(
            request.caller.actions,
            'r:depot-mgmt-list',
            { context: 'tenant', path: tenantId },
            'some',
        );
        return {
            scopes: narrowScopes(visibleDepotScopes(request.caller.actions), tenantId),
            path: tenantId,
        };
    },
};

const writeErrors = { 404: ErrorEnvelope, 409: ErrorEnvelope, 422: ErrorEnvelope, ...authErrors };

/**
 * Depots of the configuration service, in the react-admin simple REST contract. Reads are open
 * to every signed-in user and answer the depots the caller may see (admins all); a depot id
 * outside them is 404, exactly like an unknown one. Writes need c:depot / u:depot (tenant
 * context) covering the depot's region path.
 */
export const depotsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    const findDepot = createDepotFinder(fastify.db);
    const writes: DepotWriteContext = {
        db: fastify.db,
        findDepot,
        geocoderUrl: fastify.appConfig.geocoderUrl,
    };

    fastify.get(
        '/depots',
        {
            config: { access: signedIn({ rows: 'visibleDepots' }) },
            schema: {
                tags: ['configuration'],
                summary:
                    'Depots the caller may see: sortable, paginated (range), searchable (filter.q)',
                querystring: SimpleRestQuery,
                response: { 200: Type.Array(Depot), ...authErrors },
            },
        },
        async (request, reply) => {
            const params = parseListQuery(request.query, depotSortFields, 'name', parseDepotFilter);
            const { rows, total } = await listDepots(fastify.db, request.access.scopes, params);
            reply.header(
                'content-range',
                contentRange('depots', params.offset, rows.length, total),
            );
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

    fastify.get(
        '/tenants/:tenantId/depots',
        {
            config: { access: depotManagementList },
            schema: {
                tags: ['configuration'],
                summary:
                    "The organisation's depot management list: sortable (default tenant, region, depot number, name), paginated, filterable (q, groupId)",
                params: TenantDepotParams,
                querystring: SimpleRestQuery,
                response: { 200: Type.Array(Depot), ...authErrors },
            },
        },
        async (request, reply) => {
            const params = parseListQuery(
                request.query,
                depotSortFields,
                'tenantName',
                parseDepotFilter,
            );
            params.filter = { ...params.filter, tenantId: request.params.tenantId };
            const { rows, total } = await listDepots(fastify.db, request.access.scopes, params);
            reply.header(
                'content-range',
                contentRange('depots', params.offset, rows.length, total),
            );
            return rows;
        },
    );

    fastify.get(
        '/tenants/:tenantId/depots/:internalDepotId',
        {
            config: { access: depotManagementList },
            schema: {
                tags: ['configuration'],
                summary: "One depot of the organisation's depot management list",
                params: TenantDepotItemParams,
                response: { 200: Depot, 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const depot = await findDepot(request.access.scopes, request.params.internalDepotId);
            if (!depot || depot.tenantId !== request.params.tenantId)
                throw notFound(`Depot ${request.params.internalDepotId}`);
            return depot;
        },
    );

    fastify.post(
        '/depots',
        {
            config: {
                access: requireAction(
                    'c:depot',
                    {
                        context: 'tenant',
                        path: (request) =>
                            (request.body as { tenantId?: string } | undefined)?.tenantId,
                    },
                    { coverage: 'some' },
                ),
            },
            schema: {
                tags: ['configuration'],
                summary:
                    'Creates a depot (c:depot covering its region); without coordinates the address is geocoded',
                body: CreateDepotBody,
                response: { 201: Depot, ...writeErrors },
            },
        },
        async (request, reply) => {
            const depot = await createDepot(writes, request, request.body);
            reply.code(201);
            return depot;
        },
    );

    fastify.put(
        '/depots/:internalDepotId',
        {
            config: {
                access: requireAction('u:depot', { context: 'tenant' }, { coverage: 'some' }),
            },
            schema: {
                tags: ['configuration'],
                summary:
                    'Changes a depot (u:depot covering it and its new region; send the version it was based on). A new region or country moves everything below the depot with it',
                params: DepotParams,
                body: UpdateDepotBody,
                response: { 200: Depot, ...writeErrors },
            },
        },
        async (request) =>
            updateDepot(writes, request, request.params.internalDepotId, request.body),
    );
};
