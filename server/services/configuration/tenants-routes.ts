import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { authErrors, ErrorEnvelope, SimpleRestQuery } from '../../../domain/contracts/common.js';
import {
    Organisation,
    OrganisationCreateBody,
    OrganisationFilter,
    organisationSortFields,
    OrganisationUpdateBody,
    TenantParams,
} from '../../../domain/contracts/organisations.js';
import { visibleDepotScopes } from '../../../domain/permissions.js';
import { splitScopePath } from '../../../domain/scopePath.js';
import { requireAction, signedIn } from '../../access/route-access.js';
import type { ScopeSet } from '../../access/scopes.js';
import { notFound } from '../../errors.js';
import { contentRange, filterParser, parseListQuery } from '../../shared/simple-rest.js';
import { depotGroupsRoutes } from './depot-groups-routes.js';
import { findOrganisation, listOrganisations } from './tenants-repository.js';
import { changeOrganisation, createOrganisation } from './tenants-writes.js';

const adminOnly = requireAction('admin', { context: 'admin' });

const parseOrganisationFilter = filterParser(OrganisationFilter);

/** True when the caller holds any scope in the organisation (the tenant read of shell §7). */
function holdsScopeIn(scopes: ScopeSet, tenantId: string): boolean {
    return scopes === 'ALL' || scopes.some((scope) => splitScopePath(scope)[0] === tenantId);
}

/**
 * Organisations (tenants) of the tour and tenant admin service, in the react-admin simple REST
 * contract (domain §2 Organizations, §3 Organization, §5, §8). Admins list, create and change
 * them; a user holding any scope in an organisation reads it (shell §7 `GET /v1/tenants/{id}`).
 * Ids are unique ignoring letter case and `_`/`-`; the country is fixed once created; regions
 * can be renamed and added, never removed. The regions (`/depotGroups`) are registered here too.
 */
export const tenantsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    await fastify.register(depotGroupsRoutes);

    fastify.get(
        '/tenants',
        {
            config: { access: adminOnly },
            schema: {
                tags: ['configuration'],
                summary:
                    'Organisations with their regions: sortable, paginated (range), searchable (filter.q in id and name), filter.countryCode, filter.id (getMany)',
                querystring: SimpleRestQuery,
                response: { 200: Type.Array(Organisation), ...authErrors },
            },
        },
        async (request, reply) => {
            const params = parseListQuery(
                request.query,
                organisationSortFields,
                'name',
                parseOrganisationFilter,
            );
            const { rows, total } = await listOrganisations(fastify.db, 'ALL', params);
            reply.header(
                'content-range',
                contentRange('tenants', params.offset, rows.length, total),
            );
            return rows;
        },
    );

    fastify.get(
        '/tenants/:tenantId',
        {
            config: { access: signedIn({ rows: 'scopeTree' }) },
            schema: {
                tags: ['configuration'],
                summary:
                    'One organisation with its regions; depot counts cover the depots the caller may see',
                description:
                    'Admins read every organisation; other users the organisations they hold any scope in. Another organisation answers 404 like an unknown id.',
                params: TenantParams,
                response: { 200: Organisation, 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const { tenantId } = request.params;
            const organisation = holdsScopeIn(request.access.scopes, tenantId)
                ? await findOrganisation(
                      fastify.db,
                      tenantId,
                      visibleDepotScopes(request.caller.actions),
                  )
                : undefined;
            if (!organisation) throw notFound(`Organisation ${tenantId}`);
            return organisation;
        },
    );

    fastify.post(
        '/tenants',
        {
            config: { access: adminOnly },
            schema: {
                tags: ['configuration'],
                summary: 'Creates an organisation with at least one region',
                description:
                    'The id has 2 to 40 letters, digits, hyphens and underscores (400 INVALID_TENANT_ID otherwise) and differs from every other id also when letter case and _/- are ignored (409 DUPLICATE_TENANT_ID). The country is one of the business country list and cannot be changed later.',
                body: OrganisationCreateBody,
                response: { 201: Organisation, 409: ErrorEnvelope, ...authErrors },
            },
        },
        async (request, reply) => {
            const created = await createOrganisation(fastify.db, request, request.body);
            return reply.code(201).send(created);
        },
    );

    fastify.put(
        '/tenants/:tenantId',
        {
            config: { access: adminOnly },
            schema: {
                tags: ['configuration'],
                summary:
                    "Changes an organisation's name, time zone, business hours and regions (send the version it was based on)",
                description:
                    'The country cannot change (400 TENANT_COUNTRY_FIXED). Every stored region must be sent with its id (renames allowed; 400 TENANT_REGION_REMOVED names the missing ones); regions without id are added. A stale version is 409 STALE_RECORD. Nothing changes on any error.',
                params: TenantParams,
                body: OrganisationUpdateBody,
                response: {
                    200: Organisation,
                    404: ErrorEnvelope,
                    409: ErrorEnvelope,
                    ...authErrors,
                },
            },
        },
        async (request) =>
            changeOrganisation(fastify.db, request, request.params.tenantId, request.body),
    );
};
