import { sql } from 'drizzle-orm';
import { technicalRoles } from '../../domain/roles.js';
import type { Queryable } from './client.js';
import { roles } from './schema/index.js';

/**
 * Upserts the platform's technical roles (domain/roles.ts) by their fixed ids, so a new release
 * can rename them or change their actions. Idempotent; run at every boot, in every mode.
 */
export async function ensureTechnicalRoles(db: Queryable): Promise<void> {
    await db
        .insert(roles)
        .values(
            technicalRoles.map((role) => ({
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
            // Leave unchanged rows alone, so updated_at keeps meaning "changed by a release".
            setWhere: sql`(roles.name, roles.contexts, roles.actions, roles.visibility_path, roles.fixed)
                is distinct from (excluded.name, excluded.contexts, excluded.actions, excluded.visibility_path, excluded.fixed)`,
        });
}
