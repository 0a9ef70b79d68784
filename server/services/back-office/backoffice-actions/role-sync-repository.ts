import { asc, inArray, sql } from 'drizzle-orm';
import { isKnownAction } from '../../../../domain/actions.js';
import { planRoleSync, syncedRoleKey, type RoleHere } from '../../../../domain/roleSync.js';
import type { RoleChange, SyncedRole } from '../../../../domain/contracts/backoffice-actions.js';
import type { Queryable } from '../../../db/client.js';
import { permissionAssignments, roles, tenants } from '../../../db/schema/index.js';
import { roleDefinitionErrors } from '../roles/role-rules.js';
import { lockTenantRoles, scopeNodeExists } from '../roles/roles-repository.js';

/** Every role as stored, technical ones first, then by organisation and name. */
export async function rolesForExport(db: Queryable): Promise<SyncedRole[]> {
    const rows = await db
        .select({
            id: roles.id,
            tenantId: roles.tenantId,
            name: roles.name,
            contexts: roles.contexts,
            actions: roles.actions,
            visibilityPath: roles.visibilityPath,
        })
        .from(roles)
        .orderBy(
            sql`${roles.tenantId} is not null`,
            asc(roles.tenantId),
            sql`lower(${roles.name})`,
            asc(roles.id),
        );
    return rows.map((row) => ({
        key: syncedRoleKey(row),
        name: row.name,
        tenantId: row.tenantId,
        contexts: [...row.contexts],
        actions: [...row.actions],
        visibilityPath: row.visibilityPath,
        technical: row.tenantId === null,
    }));
}

/** The roles here with the scopes they are assigned on. */
export async function rolesHere(db: Queryable): Promise<RoleHere[]> {
    const [rows, assignments] = await Promise.all([
        db
            .select({
                id: roles.id,
                tenantId: roles.tenantId,
                name: roles.name,
                contexts: roles.contexts,
                actions: roles.actions,
                visibilityPath: roles.visibilityPath,
                version: roles.version,
            })
            .from(roles),
        db
            .selectDistinct({
                roleId: permissionAssignments.roleId,
                path: permissionAssignments.scopePath,
            })
            .from(permissionAssignments),
    ]);
    const paths = new Map<string, string[]>();
    for (const { roleId, path } of assignments)
        paths.set(roleId, [...(paths.get(roleId) ?? []), path]);
    return rows.map((row) => ({ ...row, assignedPaths: paths.get(row.id) ?? [] }));
}

/** The organisations of the file that exist here. */
async function existingTenants(
    db: Queryable,
    fileRoles: readonly SyncedRole[],
): Promise<Set<string>> {
    const ids = [
        ...new Set(fileRoles.flatMap((role) => (role.tenantId === null ? [] : [role.tenantId]))),
    ];
    if (ids.length === 0) return new Set();
    const rows = await db.select({ id: tenants.id }).from(tenants).where(inArray(tenants.id, ids));
    return new Set(rows.map((row) => row.id));
}

/** The role rules (role-rules.ts) and the scope tree here, for each organisation role of the file whose organisation exists. */
async function definitionProblems(
    db: Queryable,
    fileRoles: readonly SyncedRole[],
    tenantIds: ReadonlySet<string>,
): Promise<Map<string, string[]>> {
    const problems = new Map<string, string[]>();
    const nodes = new Map<string, boolean>();
    for (const role of fileRoles) {
        if (role.technical || role.tenantId === null || !tenantIds.has(role.tenantId)) continue;
        const messages = roleDefinitionErrors(role.tenantId, role).map((error) => error.message);
        if (messages.length === 0) {
            const node = `${role.tenantId}|${role.visibilityPath}`;
            let exists = nodes.get(node);
            if (exists === undefined) {
                exists = await scopeNodeExists(db, role.tenantId, role.visibilityPath);
                nodes.set(node, exists);
            }
            if (!exists)
                messages.push(
                    `visibilityPath ${role.visibilityPath} is not a scope of the organisation ${role.tenantId}`,
                );
        }
        problems.set(role.key, messages);
    }
    return problems;
}

/** What importing the file's roles would do here. */
export async function planImport(
    db: Queryable,
    fileRoles: readonly SyncedRole[],
): Promise<RoleChange[]> {
    const [tenantIds, here] = await Promise.all([existingTenants(db, fileRoles), rolesHere(db)]);
    const target = { roles: here, tenantIds, isKnownAction };
    // The rules (and their scope-tree reads) matter only for roles that would be written.
    const draft = planRoleSync(fileRoles, { ...target, definitionProblems: () => [] });
    const writes = new Set(
        draft
            .filter((change) => change.kind === 'create' || change.kind === 'update')
            .map((change) => change.key),
    );
    if (writes.size === 0) return draft;
    const problems = await definitionProblems(
        db,
        fileRoles.filter((role) => writes.has(role.key)),
        tenantIds,
    );
    return planRoleSync(fileRoles, {
        ...target,
        definitionProblems: (role) => problems.get(role.key) ?? [],
    });
}

/** Serialises role writes of the file's organisations with the role routes (sorted: no deadlocks between imports). */
export async function lockImportTenants(
    db: Queryable,
    fileRoles: readonly SyncedRole[],
): Promise<void> {
    const ids = [
        ...new Set(fileRoles.flatMap((role) => (role.tenantId === null ? [] : [role.tenantId]))),
    ].sort();
    for (const tenantId of ids) await lockTenantRoles(db, tenantId);
}
