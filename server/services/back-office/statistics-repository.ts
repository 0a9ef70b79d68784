import { and, count, eq } from 'drizzle-orm';
import type { NotificationStatistics } from '../../../domain/contracts/statistics.js';
import { grantedScopes } from '../../../domain/permissionChecks.js';
import type { ProfileActions } from '../../../domain/permissions.js';
import { scopeCondition } from '../../access/scope-filter.js';
import type { ScopeSet } from '../../access/scopes.js';
import type { Queryable } from '../../db/client.js';
import { addressCorrections } from '../../db/schema/index.js';
import { intersectScopes, unionScopes } from './scope-sets.js';

export const READ_ADDRESS_CORRECTIONS = 'r:address-location-correction';

/** Pending address corrections under the scopes (served by the partial index on pending rows). */
async function countPendingAddressCorrections(db: Queryable, scopes: ScopeSet): Promise<number> {
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

/**
 * The notification counts of `path` (`visible`: the caller's scopes narrowed to it): each count
 * covers only where the caller's `actions` hold the feature it belongs to.
 */
export async function notificationStatistics(
    db: Queryable,
    actions: ProfileActions,
    visible: ScopeSet,
    path: string | undefined,
): Promise<NotificationStatistics> {
    const corrections = intersectScopes(
        unionScopes(
            grantedScopes(actions, READ_ADDRESS_CORRECTIONS, 'depot'),
            grantedScopes(actions, READ_ADDRESS_CORRECTIONS, 'tenant'),
        ),
        visible,
    );
    return {
        path: path ?? '',
        addressCorrections: { pending: await countPendingAddressCorrections(db, corrections) },
    };
}
