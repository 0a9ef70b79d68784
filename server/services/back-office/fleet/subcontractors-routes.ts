import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import {
    emptyToNull,
    subcontractorCodeRule,
    subcontractorNameRule,
} from '../../../../domain/userRules.js';
import { requireAction } from '../../../access/route-access.js';
import { narrowScopes } from '../../../access/scopes.js';
import { newId } from '../../../db/ids.js';
import { subcontractors } from '../../../db/schema/index.js';
import { conflict, notFound } from '../../../errors.js';
import { contentRange, parseListQuery } from '../../../shared/simple-rest.js';
import { SimpleRestQuery } from '../../../../domain/contracts/common.js';
import { authErrors, ErrorEnvelope } from '../../../../domain/contracts/common.js';
import { appendAudit } from '../../../shared/audit-repository.js';
import { assertRules, isUniqueViolation } from '../../../shared/field-rules.js';
import { filterParser } from '../../../shared/simple-rest.js';
import {
    IdParams,
    Subcontractor,
    SubcontractorBody,
    SubcontractorFilter,
    subcontractorSortFields,
    SubcontractorUpdateBody,
} from './schemas.js';
import {
    assignedUserCount,
    duplicateFields,
    findDepotIn,
    findSubcontractor,
    generateCode,
    listSubcontractors,
    vehicleCount,
} from './subcontractors-repository.js';

const tags = ['back-office'];
const depotContext = { context: 'depot' } as const;
const some = { coverage: 'some' } as const;
const parseFilter = filterParser(SubcontractorFilter);

const duplicate = (fields: ('name' | 'code')[]) =>
    conflict(
        'DUPLICATE_SUBCONTRACTOR',
        `The subcontractor ${fields.join(' and ')} is already used in this depot.`,
        fields.map((field) => ({
            field: `/body/${field}`,
            message: `${field} is already used in this depot`,
        })),
    );
const stale = (id: string) =>
    conflict(
        'STALE_RECORD',
        `Subcontractor ${id} was changed by someone else; reload it and try again.`,
        [{ field: '/body/version', message: 'is not the current version' }],
    );

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
                response: { 200: Type.Array(Subcontractor), ...authErrors },
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
            const { body } = request;
            assertRules({
                name: subcontractorNameRule(body.name),
                code: subcontractorCodeRule(body.code),
            });
            const name = body.name.trim();
            const givenCode = emptyToNull(body.code)?.trim() ?? null;
            const depot = await findDepotIn(db, request.access.scopes, body.depotId);
            if (!depot) throw notFound(`Depot ${body.depotId}`);
            const id = newId();
            try {
                await db.transaction(async (tx) => {
                    const taken = await duplicateFields(tx, depot.id, name, givenCode);
                    if (taken.length > 0) throw duplicate(taken);
                    const code = givenCode ?? (await generateCode(tx, depot.id));
                    const row = {
                        id,
                        tenantId: depot.tenantId,
                        depotId: depot.id,
                        name,
                        code,
                        scopePath: `${depot.scopePath}.${id}`,
                    };
                    await tx.insert(subcontractors).values(row);
                    await appendAudit(tx, request, {
                        action: 'create',
                        entityType: 'subcontractor',
                        entityId: id,
                        changes: { after: row },
                    });
                });
            } catch (error) {
                if (isUniqueViolation(error))
                    throw duplicate(givenCode ? ['name', 'code'] : ['name']);
                throw error;
            }
            const created = await findSubcontractor(db, 'ALL', id);
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
        async (request) => {
            const { id } = request.params;
            const { body } = request;
            const before = await findSubcontractor(db, request.access.scopes, id);
            if (!before) throw notFound(`Subcontractor ${id}`);
            assertRules({
                name: subcontractorNameRule(body.name),
                code:
                    emptyToNull(body.code) === null ? 'required' : subcontractorCodeRule(body.code),
            });
            const name = body.name.trim();
            const code = body.code.trim();
            try {
                await db.transaction(async (tx) => {
                    const taken = await duplicateFields(tx, before.depotId, name, code, id);
                    if (taken.length > 0) throw duplicate(taken);
                    const [updated] = await tx
                        .update(subcontractors)
                        .set({
                            name,
                            code,
                            version: sql`${subcontractors.version} + 1`,
                            updatedAt: new Date(),
                        })
                        .where(
                            and(
                                eq(subcontractors.id, id),
                                eq(subcontractors.version, body.version),
                            ),
                        )
                        .returning({ id: subcontractors.id });
                    if (!updated) throw stale(id);
                    await appendAudit(tx, request, {
                        action: 'update',
                        entityType: 'subcontractor',
                        entityId: id,
                        changes: {
                            before: { name: before.name, code: before.code },
                            after: { name, code },
                        },
                    });
                });
            } catch (error) {
                if (isUniqueViolation(error)) throw duplicate(['name', 'code']);
                throw error;
            }
            return findSubcontractor(db, 'ALL', id);
        },
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
        async (request) => {
            const { id } = request.params;
            const found = await findSubcontractor(db, request.access.scopes, id);
            if (!found) throw notFound(`Subcontractor ${id}`);
            await db.transaction(async (tx) => {
                // Lock the row, so a user or vehicle added meanwhile is either counted here or refused by the foreign key.
                const [locked] = await tx
                    .select({ users: assignedUserCount, vehicles: vehicleCount })
                    .from(subcontractors)
                    .where(eq(subcontractors.id, id))
                    .for('update');
                if (!locked) throw notFound(`Subcontractor ${id}`);
                if (locked.users > 0 || locked.vehicles > 0) {
                    throw conflict(
                        'SUBCONTRACTOR_HAS_USERS_OR_VEHICLES_ASSIGNED',
                        `Subcontractor ${id} still has ${locked.users} users and ${locked.vehicles} vehicles assigned.`,
                    );
                }
                await tx.delete(subcontractors).where(eq(subcontractors.id, id));
                await appendAudit(tx, request, {
                    action: 'delete',
                    entityType: 'subcontractor',
                    entityId: id,
                    changes: { before: found },
                });
            });
            return found;
        },
    );
};
