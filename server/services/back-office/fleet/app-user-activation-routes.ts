import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { requireAction } from '../../../access/route-access.js';
import { users } from '../../../db/schema/index.js';
import { notFound } from '../../../errors.js';
import { authErrors, ErrorEnvelope } from '../../../../domain/contracts/common.js';
import { appendAudit } from '../../../shared/audit-repository.js';
import { setIdentityEnabled } from './app-identities.js';
import { findCourierAccounts, identityUsernameOf } from './app-users-repository.js';
import { UserIdsAnswer, UserIdsBody } from './schemas.js';

const tags = ['back-office'];

/**
 * `PUT /users/active` and `/users/inactive` (domain §4): courier accounts only, the whole list or
 * nothing; the identities are enabled or disabled too (disabling revokes their sessions).
 */
export const appUserActivationRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    const { db } = fastify;

    for (const [state, code] of [
        ['active', 'activate-user'],
        ['inactive', 'deactivate-user'],
    ] as const) {
        const active = state === 'active';
        fastify.put(
            `/users/${state}`,
            {
                config: { access: requireAction(code, { context: 'depot' }, { coverage: 'some' }) },
                schema: {
                    tags,
                    summary: active
                        ? 'Activates courier accounts (all or none)'
                        : 'Deactivates courier accounts and signs them out everywhere (all or none)',
                    body: UserIdsBody,
                    response: { 200: UserIdsAnswer, 404: ErrorEnvelope, ...authErrors },
                },
            },
            async (request) => {
                const ids = [...new Set(request.body.ids)];
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
                            before: Object.fromEntries(
                                accounts.map((account) => [account.id, account.active]),
                            ),
                            after: active,
                        },
                    });
                });
                return { ids };
            },
        );
    }
};
