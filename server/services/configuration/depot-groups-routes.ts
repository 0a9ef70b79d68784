import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { grantedScopes } from '../../../domain/permissionChecks.js';
import { splitScopePath } from '../../../domain/scopePath.js';
import { assertAction, type RouteAccess } from '../../access/route-access.js';
import { badRequest, notFound } from '../../errors.js';
import { contentRange, filterParser, parseListQuery } from '../../shared/simple-rest.js';
import { authErrors, ErrorEnvelope, SimpleRestQuery } from '../../../domain/contracts/common.js';
import { findDepotGroup, listDepotGroups, type GroupTenants } from './depot-groups-repository.js';
import {
    DepotGroup,
    DepotGroupFilter,
    DepotGroupParams,
    depotGroupSortFields,
} from '../../../domain/contracts/organisations.js';

/** Reading regions: the depot management list; c:depot and u:depot require it (domain/actions.ts). */
const READ_REGIONS = 'r:depot-mgmt-list';

/**
 * Regions are read by admins and by holders of depot management (r:depot-mgmt-list, which c:depot
 * and u:depot require, or tenant-admin) in the tenant context on the whole organisation: regions
 * belong to the organisation, and a grant on a part of it reads none (like roles).
 */
const readRegions: RouteAccess = {
    description: `Needs ${READ_REGIONS} (or c:depot / u:depot, which require it) in the tenant context; answers the regions of organisations where it is held on the whole organisation (admins: all).`,
    grant(request) {
        assertAction(request.caller.actions, READ_REGIONS, { context: 'tenant' }, 'some');
        const scopes = grantedScopes(request.caller.actions, READ_REGIONS, 'tenant');
        return {
            scopes:
                scopes === 'ALL'
                    ? 'ALL'
                    : scopes.filter((path) => splitScopePath(path).length === 1),
        };
    },
};

const groupTenants = (request: FastifyRequest): GroupTenants => request.access.scopes;

const parseGroupFilter = filterParser(DepotGroupFilter);

/** Regions (`/depotGroups`, the spec's depot groups) in the react-admin simple REST contract. */
export const depotGroupsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    fastify.get(
        '/depotGroups',
        {
            config: { access: readRegions },
            schema: {
                tags: ['configuration'],
                summary:
                    'Regions of an organisation (filter.tenantId, required unless the caller reads every organisation): sortable, paginated, searchable (filter.q), ids (filter.id)',
                querystring: SimpleRestQuery,
                response: { 200: Type.Array(DepotGroup), ...authErrors },
            },
        },
        async (request, reply) => {
            const params = parseListQuery(
                request.query,
                depotGroupSortFields,
                'name',
                parseGroupFilter,
            );
            const readable = groupTenants(request);
            const { tenantId } = params.filter;
            if (tenantId)
                assertAction(request.caller.actions, READ_REGIONS, {
                    context: 'tenant',
                    path: tenantId,
                });
            else if (readable !== 'ALL')
                throw badRequest('filter.tenantId is required.', [
                    { field: '/querystring/filter/tenantId', message: 'is required' },
                ]);
            const { rows, total } = await listDepotGroups(fastify.db, readable, params);
            reply.header(
                'content-range',
                contentRange('depotGroups', params.offset, rows.length, total),
            );
            return rows;
        },
    );

    fastify.get(
        '/depotGroups/:id',
        {
            config: { access: readRegions },
            schema: {
                tags: ['configuration'],
                summary: 'One region; a region of another organisation is 404 like an unknown id',
                params: DepotGroupParams,
                response: { 200: DepotGroup, 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const group = await findDepotGroup(
                fastify.db,
                groupTenants(request),
                request.params.id,
            );
            if (!group) throw notFound(`Region ${request.params.id}`);
            return group;
        },
    );
};
