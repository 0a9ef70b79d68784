import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { assertAction, requireAction } from '../../../access/route-access.js';
import { newId } from '../../../db/ids.js';
import { roles } from '../../../db/schema/index.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../../errors.js';
import { contentRange, filterParser, parseListQuery } from '../../../shared/simple-rest.js';
import { SimpleRestQuery } from '../../../../domain/contracts/common.js';
import { authErrors, ErrorEnvelope } from '../../../../domain/contracts/common.js';
import { appendAudit } from '../../../shared/audit-repository.js';
import { bodyTenant, READ_ROLES, roleFeature, rolesOf } from './role-access.js';
import { roleDefinitionErrors } from './role-rules.js';
import {
    findRole,
    listRoles,
    lockTenantRoles,
    roleNamed,
    scopeNodeExists,
    tenantExists,
} from './roles-repository.js';
import {
    assertAssignmentsKept,
    isForeignKeyViolation,
    isUniqueViolation,
    saveRole,
} from './role-writes.js';
import {
    Role,
    RoleBody,
    RoleFilter,
    RoleParams,
    roleSortFields,
    RoleUpdateBody,
} from './schemas.js';

const parseRoleFilter = filterParser(RoleFilter);

const technicalReadOnly = () =>
    forbidden(
        'NO_PERMISSION',
        "Technical roles are the platform's and cannot be changed or deleted.",
    );
const duplicateName = (name: string) =>
    conflict('DUPLICATE_ROLE_NAME', `A role named ${name} already exists in this organisation.`, [
        { field: '/body/name', message: 'name is already used' },
    ]);

/** Checks a definition against the rules and the organisation's scope tree (400 naming each fault). */
async function assertValidDefinition(
    db: Parameters<typeof scopeNodeExists>[0],
    tenantId: string,
    body: RoleBody | RoleUpdateBody,
): Promise<void> {
    const errors = roleDefinitionErrors(tenantId, body);
    if (errors.length === 0 && !(await scopeNodeExists(db, tenantId, body.visibilityPath))) {
        errors.push({
            field: '/body/visibilityPath',
            message: `visibilityPath ${body.visibilityPath} is not a scope of the organisation ${tenantId}`,
        });
    }
    const [first] = errors;
    if (first) throw badRequest(first.message, errors);
}

/**
 * Roles (`/api/roles`, react-admin simple REST; domain §3 Role, §5 Roles). An organisation's
 * roles are read and written with r:role / c:role / u:role / d:role in the tenant context on the
 * organisation; the platform's technical roles (no organisation) are listed beside them and are
 * read-only for everyone. Another organisation's role answers 404 like an unknown id.
 */
export const roleRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    fastify.get(
        '/roles',
        {
            config: {
                access: roleFeature(
                    READ_ROLES,
                    'lists the roles of an organisation where it is held (filter.tenantId, required unless held for every organisation) and the technical roles.',
                ),
            },
            schema: {
                tags: ['back-office'],
                summary:
                    'Roles of an organisation and the technical roles: sortable (name, assignedUsers), paginated, filtered (tenantId, q, context, id)',
                querystring: SimpleRestQuery,
                response: { 200: Type.Array(Role), ...authErrors },
            },
        },
        async (request, reply) => {
            const params = parseListQuery(request.query, roleSortFields, 'name', parseRoleFilter);
            const readable = rolesOf(request);
            const { tenantId } = params.filter;
            if (tenantId)
                assertAction(request.caller.actions, READ_ROLES, {
                    context: 'tenant',
                    path: tenantId,
                });
            else if (readable !== 'ALL')
                throw badRequest('filter.tenantId is required.', [
                    { field: '/querystring/filter/tenantId', message: 'is required' },
                ]);
            const { rows, total } = await listRoles(fastify.db, readable, params);
            reply.header('content-range', contentRange('roles', params.offset, rows.length, total));
            return rows;
        },
    );

    fastify.get(
        '/roles/:id',
        {
            config: {
                access: roleFeature(
                    READ_ROLES,
                    'answers the technical roles and those of organisations where it is held; others are 404.',
                ),
            },
            schema: {
                tags: ['back-office'],
                summary: 'One role',
                params: RoleParams,
                response: { 200: Role, 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const role = await findRole(fastify.db, rolesOf(request), request.params.id);
            if (!role) throw notFound(`Role ${request.params.id}`);
            return role;
        },
    );

    fastify.post(
        '/roles',
        {
            config: { access: requireAction('c:role', { context: 'tenant', path: bodyTenant }) },
            schema: {
                tags: ['back-office'],
                summary: "Creates an organisation's role",
                body: RoleBody,
                response: { 201: Role, 409: ErrorEnvelope, ...authErrors },
            },
        },
        async (request, reply) => {
            const body = request.body;
            if (!(await tenantExists(fastify.db, body.tenantId))) {
                throw badRequest(`tenantId ${body.tenantId} is not an organisation.`, [
                    { field: '/body/tenantId', message: 'is not an organisation' },
                ]);
            }
            await assertValidDefinition(fastify.db, body.tenantId, body);
            const id = newId();
            try {
                await fastify.db.transaction(async (tx) => {
                    await lockTenantRoles(tx, body.tenantId);
                    if (await roleNamed(tx, body.tenantId, body.name))
                        throw duplicateName(body.name);
                    const values = {
                        tenantId: body.tenantId,
                        name: body.name.trim(),
                        contexts: body.contexts,
                        actions: body.actions,
                        visibilityPath: body.visibilityPath,
                    };
                    await tx.insert(roles).values({ id, ...values, fixed: false, version: 1 });
                    await appendAudit(tx, request, {
                        action: 'role-created',
                        entityType: 'role',
                        entityId: id,
                        changes: { after: values },
                    });
                });
            } catch (error) {
                if (isUniqueViolation(error)) throw duplicateName(body.name);
                throw error;
            }
            const created = await findRole(fastify.db, [body.tenantId], id);
            if (!created)
                throw new AppError(500, 'SERVER_ERROR', 'The new role could not be read back.');
            return reply.code(201).send(created);
        },
    );

    fastify.put(
        '/roles/:id',
        {
            config: {
                access: roleFeature(
                    'u:role',
                    "changes the roles of organisations where it is held; technical roles are 403, another organisation's role 404.",
                ),
            },
            schema: {
                tags: ['back-office'],
                summary: "Changes an organisation's role (send the version it was based on)",
                params: RoleParams,
                body: RoleUpdateBody,
                response: { 200: Role, 404: ErrorEnvelope, 409: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const { id } = request.params;
            const before = await findRole(fastify.db, rolesOf(request), id);
            if (!before) throw notFound(`Role ${id}`);
            if (before.technical || before.fixed || before.tenantId === null)
                throw technicalReadOnly();
            const tenantId = before.tenantId;
            assertAction(request.caller.actions, 'u:role', { context: 'tenant', path: tenantId });
            const body = request.body;
            await assertValidDefinition(fastify.db, tenantId, body);
            try {
                await fastify.db.transaction(async (tx) => {
                    await lockTenantRoles(tx, tenantId);
                    if (await roleNamed(tx, tenantId, body.name, id))
                        throw duplicateName(body.name);
                    await assertAssignmentsKept(tx, before, body);
                    await saveRole(tx, request, before, body);
                });
            } catch (error) {
                if (isUniqueViolation(error)) throw duplicateName(body.name);
                throw error;
            }
            const after = await findRole(fastify.db, [tenantId], id);
            if (!after) throw notFound(`Role ${id}`);
            return after;
        },
    );

    fastify.delete(
        '/roles/:id',
        {
            config: {
                access: roleFeature(
                    'd:role',
                    "deletes unassigned roles of organisations where it is held; technical roles are 403, another organisation's role 404.",
                ),
            },
            schema: {
                tags: ['back-office'],
                summary: "Deletes an organisation's role that no user holds (irreversible)",
                params: RoleParams,
                response: { 200: Role, 404: ErrorEnvelope, 409: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const { id } = request.params;
            const role = await findRole(fastify.db, rolesOf(request), id);
            if (!role) throw notFound(`Role ${id}`);
            if (role.technical || role.fixed || role.tenantId === null) throw technicalReadOnly();
            assertAction(request.caller.actions, 'd:role', {
                context: 'tenant',
                path: role.tenantId,
            });
            const assigned = () =>
                conflict(
                    'ROLE_IS_ASSIGNED_TO_USER',
                    `The role ${role.name} is assigned to users; remove those assignments first.`,
                );
            try {
                await fastify.db.transaction(async (tx) => {
                    const current = await findRole(tx, 'ALL', id);
                    if (!current) throw notFound(`Role ${id}`);
                    if (current.assignedUsers > 0) throw assigned();
                    const {
                        id: _id,
                        assignedUsers: _assigned,
                        technical: _technical,
                        ...removed
                    } = current;
                    await tx.delete(roles).where(eq(roles.id, id));
                    await appendAudit(tx, request, {
                        action: 'role-deleted',
                        entityType: 'role',
                        entityId: id,
                        changes: { before: removed },
                    });
                });
            } catch (error) {
                // An assignment written concurrently keeps the role (foreign key).
                if (isForeignKeyViolation(error)) throw assigned();
                throw error;
            }
            return { ...role, assignedUsers: 0 };
        },
    );
};
