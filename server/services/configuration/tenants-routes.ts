import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { organisationErrors, removedRegionIds } from '../../../domain/organisations.js';
import { visibleDepotScopes } from '../../../domain/permissions.js';
import { splitScopePath } from '../../../domain/scopePath.js';
import { requireAction, signedIn } from '../../access/route-access.js';
import type { ScopeSet } from '../../access/scopes.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import { contentRange, filterParser, parseListQuery } from '../../shared/simple-rest.js';
import { SimpleRestQuery } from '../../../domain/contracts/common.js';
import { authErrors, ErrorEnvelope } from '../../../domain/contracts/common.js';
import { depotGroupsRoutes } from './depot-groups-routes.js';
import {
    clashingTenantId,
    findOrganisation,
    listOrganisations,
    lockTenantCreation,
} from './tenants-repository.js';
import {
    Organisation,
    OrganisationCreateBody,
    OrganisationFilter,
    organisationSortFields,
    OrganisationUpdateBody,
    TenantParams,
} from './tenants-schemas.js';
import {
    assertKnownRegions,
    insertOrganisation,
    isUniqueViolation,
    updateOrganisation,
} from './tenants-writes.js';

const adminOnly = requireAction('admin', { context: 'admin' });

const parseOrganisationFilter = filterParser(OrganisationFilter);

/** True when the caller holds any scope in the organisation (the tenant read of shell §7). */
function holdsScopeIn(scopes: ScopeSet, tenantId: string): boolean {
    return scopes === 'ALL' || scopes.some((scope) => splitScopePath(scope)[0] === tenantId);
}

const duplicateId = (id: string, existing: string) =>
    conflict(
        'DUPLICATE_TENANT_ID',
        existing === id
            ? `An organisation with the id ${id} already exists.`
            : `The id ${id} is taken: it reads like the existing organisation ${existing} (letter case and _/- are not told apart).`,
        [{ field: '/body/id', message: 'id is already used' }],
    );

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
            const body = request.body;
            const errors = organisationErrors(body, true);
            const [first] = errors;
            if (first)
                throw badRequest(
                    first.message,
                    errors,
                    errors.some((error) => error.field === '/body/id')
                        ? 'INVALID_TENANT_ID'
                        : 'BAD_REQUEST',
                );
            try {
                await fastify.db.transaction(async (tx) => {
                    await lockTenantCreation(tx);
                    const existing = await clashingTenantId(tx, body.id);
                    if (existing) throw duplicateId(body.id, existing);
                    await insertOrganisation(tx, request, body);
                });
            } catch (error) {
                if (isUniqueViolation(error)) throw duplicateId(body.id, body.id);
                throw error;
            }
            const created = await findOrganisation(fastify.db, body.id, 'ALL');
            if (!created)
                throw new AppError(
                    500,
                    'SERVER_ERROR',
                    'The new organisation could not be read back.',
                );
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
        async (request) => {
            const { tenantId } = request.params;
            const body = request.body;
            const before = await findOrganisation(fastify.db, tenantId, 'ALL');
            if (!before) throw notFound(`Organisation ${tenantId}`);
            const errors = organisationErrors(body, false);
            const [first] = errors;
            if (first) throw badRequest(first.message, errors);
            if (body.countryCode !== before.countryCode) {
                throw badRequest(
                    `The country of an organisation cannot be changed (it is ${before.countryCode}).`,
                    [
                        {
                            field: '/body/countryCode',
                            message: `countryCode is fixed to ${before.countryCode}`,
                        },
                    ],
                    'TENANT_COUNTRY_FIXED',
                );
            }
            assertKnownRegions(before, body);
            const removed = removedRegionIds(
                before.regions.map((region) => region.id),
                body.regions,
            );
            if (removed.length > 0) {
                const names = before.regions
                    .filter((region) => removed.includes(region.id))
                    .map((region) => `${region.name} (${region.id})`);
                throw badRequest(
                    `Regions cannot be removed: ${names.join(', ')} must stay.`,
                    names.map((name) => ({
                        field: '/body/regions',
                        message: `region ${name} is missing`,
                    })),
                    'TENANT_REGION_REMOVED',
                );
            }
            try {
                await fastify.db.transaction((tx) => updateOrganisation(tx, request, before, body));
            } catch (error) {
                // Another save took a region name first: its version bump makes this one stale.
                if (isUniqueViolation(error))
                    throw conflict(
                        'STALE_RECORD',
                        'The organisation was changed by someone else since it was loaded; reload it and save again.',
                        [{ field: '/body/version', message: 'version is stale' }],
                    );
                throw error;
            }
            const after = await findOrganisation(fastify.db, tenantId, 'ALL');
            if (!after) throw notFound(`Organisation ${tenantId}`);
            return after;
        },
    );
};
