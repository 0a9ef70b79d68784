import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppUserIdsAnswer } from '../../../../domain/contracts/fleet.js';
import { users } from '../../../db/schema/index.js';
import { notFound } from '../../../errors.js';
import { appendAudit } from '../../../shared/audit-repository.js';
import { identityUsernameOf, setIdentityEnabled } from './app-identities.js';
import { findCourierAccounts } from './app-user-checks-repository.js';

/**
 * Activates or deactivates courier accounts inside the caller's scopes (domain §4), the whole
 * list or nothing: an id outside is 404. The identities are switched first (disabling revokes
 * their sessions); a failure switches back those already done and leaves the rows unchanged.
 */
export async function setAppUsersActive(
    fastify: FastifyInstance,
    request: FastifyRequest,
    requestedIds: readonly string[],
    active: boolean,
): Promise<AppUserIdsAnswer> {
    const { db } = fastify;
    const ids = [...new Set(requestedIds)];
    const accounts = await findCourierAccounts(db, request.access.scopes, ids);
    const missing = ids.find((id) => !accounts.some((account) => account.id === id));
    if (missing) throw notFound(`User ${missing}`);
    // Identities first: a failure leaves the rows unchanged (and undoes the identities already switched).
    const done: string[] = [];
    try {
        for (const account of accounts) {
            const username = identityUsernameOf({
                email: account.email,
                username: account.username ?? '',
            });
            await setIdentityEnabled(fastify, username, active);
            done.push(username);
        }
    } catch (error) {
        for (const username of done)
            await setIdentityEnabled(fastify, username, !active).catch(() => undefined);
        throw error;
    }
    await db.transaction(async (tx) => {
        await tx
            .update(users)
            .set({ active, version: sql`${users.version} + 1`, updatedAt: new Date() })
            .where(and(inArray(users.id, ids), eq(users.type, 'TempDriver')));
        await appendAudit(tx, request, {
            action: active ? 'activate' : 'deactivate',
            entityType: 'app-user',
            entityId: null,
            changes: {
                ids,
                before: Object.fromEntries(accounts.map((account) => [account.id, account.active])),
                after: active,
            },
        });
    });
    return { ids };
}
