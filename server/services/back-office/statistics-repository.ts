import { and, count, eq } from 'drizzle-orm';
import { scopeCondition } from '../../access/scope-filter.js';
import type { ScopeSet } from '../../access/scopes.js';
import type { Queryable } from '../../db/client.js';
import { addressCorrections } from '../../db/schema/index.js';

/** Pending address corrections under the scopes (served by the partial index on pending rows). */
export async function countPendingAddressCorrections(
    db: Queryable,
    scopes: ScopeSet,
): Promise<number> {
    if (scopes !== 'ALL' && scopes.length === 0) return 0;
    const [row] = await db
        .select({ total: count() })
        .from(addressCorrections)
        .where(
            and(
                eq(addressCorrections.status, 'PENDING'),
                scopeCondition(addressCorrections.scopePath, scopes),
            ),
        );
    return row?.total ?? 0;
}
