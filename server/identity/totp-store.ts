import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { identityUsers } from '../db/schema/index.js';

/**
 * Records an accepted TOTP time step, only if it is newer than the stored one: of two parallel
 * requests with the same code, exactly one succeeds (ASVS 6.5.1).
 */
export async function recordTotpStep(db: Queryable, sub: string, step: number): Promise<boolean> {
    const [row] = await db
        .update(identityUsers)
        .set({ totpLastStep: step })
        .where(
            and(
                eq(identityUsers.sub, sub),
                or(isNull(identityUsers.totpLastStep), lt(identityUsers.totpLastStep, step)),
            ),
        )
        .returning({ sub: identityUsers.sub });
    return row !== undefined;
}
