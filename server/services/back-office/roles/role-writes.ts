import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Role, RoleBody, RoleUpdateBody } from '../../../../domain/contracts/roles.js';
import { assertAction } from '../../../access/route-access.js';
import type { Database, Queryable } from '../../../db/client.js';
import { newId } from '../../../db/ids.js';
import { roles } from '../../../db/schema/index.js';
import { AppError, badRequest, conflict, notFound } from '../../../errors.js';
import { appendAudit } from '../../../shared/audit-repository.js';
import {
    assertAssignmentsKept,
    assertValidDefinition,
    duplicateName,
    isForeignKeyViolation,
    isUniqueViolation,
    technicalReadOnly,
} from './role-checks.js';
import {
    findRole,
    lockTenantRoles,
    roleNamed,
    tenantExists,
    type RoleTenants,
} from './roles-repository.js';

/** Creates an organisation's role (name unique in the organisation, ignoring case). */
export async function createRole(
    db: Database,
    request: FastifyRequest,
    body: RoleBody,
): Promise<Role> {
    if (!(await tenantExists(db, body.tenantId))) {
        throw badRequest(`tenantId ${body.tenantId} is not an organisation.`, [
            { field: '/body/tenantId', message: 'is not an organisation' },
        ]);
    }
    await assertValidDefinition(db, body.tenantId, body);
    const id = newId();
    try {
        await db.transaction(async (tx) => {
            await lockTenantRoles(tx, body.tenantId);
            if (await roleNamed(tx, body.tenantId, body.name)) throw duplicateName(body.name);
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
    const created = await findRole(db, [body.tenantId], id);
    if (!created) throw new AppError(500, 'SERVER_ERROR', 'The new role could not be read back.');
    return created;
}

/**
 * Changes an organisation's role among `readable` (technical and fixed roles are 403), if the
 * stored version is still `body.version` and its assignments keep what they rely on.
 */
export async function updateRole(
    db: Database,
    request: FastifyRequest,
    readable: RoleTenants,
    id: string,
    body: RoleUpdateBody,
): Promise<Role> {
    const before = await findRole(db, readable, id);
    if (!before) throw notFound(`Role ${id}`);
    if (before.technical || before.fixed || before.tenantId === null) throw technicalReadOnly();
    const tenantId = before.tenantId;
    assertAction(request.caller.actions, 'u:role', { context: 'tenant', path: tenantId });
    await assertValidDefinition(db, tenantId, body);
    try {
        await db.transaction(async (tx) => {
            await lockTenantRoles(tx, tenantId);
            if (await roleNamed(tx, tenantId, body.name, id)) throw duplicateName(body.name);
            await assertAssignmentsKept(tx, before, body);
            await saveRole(tx, request, before, body);
        });
    } catch (error) {
        if (isUniqueViolation(error)) throw duplicateName(body.name);
        throw error;
    }
    const after = await findRole(db, [tenantId], id);
    if (!after) throw notFound(`Role ${id}`);
    return after;
}

/** Deletes an organisation's role among `readable` that no user holds (technical and fixed roles are 403). */
export async function deleteRole(
    db: Database,
    request: FastifyRequest,
    readable: RoleTenants,
    id: string,
): Promise<Role> {
    const role = await findRole(db, readable, id);
    if (!role) throw notFound(`Role ${id}`);
    if (role.technical || role.fixed || role.tenantId === null) throw technicalReadOnly();
    assertAction(request.caller.actions, 'd:role', { context: 'tenant', path: role.tenantId });
    const assigned = () =>
        conflict(
            'ROLE_IS_ASSIGNED_TO_USER',
            `The role ${role.name} is assigned to users; remove those assignments first.`,
        );
    try {
        await db.transaction(async (tx) => {
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
}

/** Writes the new definition if the stored version is still `body.version` (409 STALE_RECORD otherwise), with its audit entry. */
async function saveRole(
    db: Queryable,
    request: FastifyRequest,
    before: Role,
    body: RoleUpdateBody,
): Promise<void> {
    const values = {
        name: body.name.trim(),
        contexts: body.contexts,
        actions: body.actions,
        visibilityPath: body.visibilityPath,
    };
    const updated = await db
        .update(roles)
        .set({ ...values, version: sql`${roles.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(roles.id, before.id), eq(roles.version, body.version)))
        .returning({ version: roles.version });
    if (updated.length === 0) {
        throw conflict(
            'STALE_RECORD',
            'The role was changed by someone else since it was loaded; reload it and save again.',
            [{ field: '/body/version', message: 'version is stale' }],
        );
    }
    await appendAudit(db, request, {
        action: 'role-updated',
        entityType: 'role',
        entityId: before.id,
        changes: {
            before: {
                name: before.name,
                contexts: before.contexts,
                actions: before.actions,
                visibilityPath: before.visibilityPath,
                version: before.version,
            },
            after: { ...values, version: updated[0]?.version },
        },
    });
}
