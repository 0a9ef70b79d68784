import { inArray, sql } from 'drizzle-orm';
import { technicalRoles, type TechnicalRole } from '../../domain/roles.js';
import type { Queryable } from './client.js';
import { roles } from './schema/index.js';

type StoredRole = Pick<
    typeof roles.$inferSelect,
    'name' | 'contexts' | 'actions' | 'visibilityPath' | 'fixed'
>;

const sameList = (left: readonly string[], right: readonly string[]) =>
    left.length === right.length && left.every((item, index) => item === right[index]);

/** True when the stored row already says what the release says (the upsert's `setWhere`). */
function isCurrent(stored: StoredRole | undefined, role: TechnicalRole): boolean {
    return (
        stored !== undefined &&
        stored.name === role.name &&
        sameList(stored.contexts, role.contexts) &&
        sameList(stored.actions, role.actions) &&
        stored.visibilityPath === role.visibilityPath &&
        stored.fixed === role.fixed
    );
}

/**
 * Upserts the platform's technical roles (domain/roles.ts) by their fixed ids, so a new release
 * can rename them or change their actions. Idempotent; run at every boot, in every mode. Reads
 * first and writes only what differs: a restart then costs one read, not a write transaction.
 */
export async function ensureTechnicalRoles(db: Queryable): Promise<void> {
    const ids = technicalRoles.map((role) => role.id);
    const stored = await db
        .select({
            id: roles.id,
            name: roles.name,
            contexts: roles.contexts,
            actions: roles.actions,
            visibilityPath: roles.visibilityPath,
            fixed: roles.fixed,
        })
        .from(roles)
        .where(inArray(roles.id, ids));
    const byId = new Map(stored.map((row) => [row.id, row]));
    const changed = technicalRoles.filter((role) => !isCurrent(byId.get(role.id), role));
    if (changed.length === 0) return;
    await db
        .insert(roles)
        .values(
            changed.map((role) => ({
                id: role.id,
                tenantId: null,
                name: role.name,
                contexts: [...role.contexts],
                actions: [...role.actions],
                visibilityPath: role.visibilityPath,
                fixed: role.fixed,
            })),
        )
        .onConflictDoUpdate({
            target: roles.id,
            set: {
                name: sql`excluded.name`,
                contexts: sql`excluded.contexts`,
                actions: sql`excluded.actions`,
                visibilityPath: sql`excluded.visibility_path`,
                fixed: sql`excluded.fixed`,
                updatedAt: sql`now()`,
            },
            // Leave unchanged rows alone (two servers may both write), so updated_at keeps
            // meaning "changed by a release".
            setWhere: sql`(roles.name, roles.contexts, roles.actions, roles.visibility_path, roles.fixed)
                is distinct from (excluded.name, excluded.contexts, excluded.actions, excluded.visibility_path, excluded.fixed)`,
        });
}
