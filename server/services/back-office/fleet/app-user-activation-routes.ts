import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authErrors, ErrorEnvelope } from '../../../../domain/contracts/common.js';
import { AppUserIdsAnswer, AppUserIdsBody } from '../../../../domain/contracts/fleet.js';
import { requireAction } from '../../../access/route-access.js';
import { setAppUsersActive } from './set-app-users-active.js';

const tags = ['back-office'];

/**
 * `PUT /users/active` and `/users/inactive` (domain §4): courier accounts only, the whole list or
 * nothing; the identities are enabled or disabled too (disabling revokes their sessions).
 */
export const appUserActivationRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
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
                    body: AppUserIdsBody,
                    response: { 200: AppUserIdsAnswer, 404: ErrorEnvelope, ...authErrors },
                },
            },
            async (request) => setAppUsersActive(fastify, request, request.body.ids, active),
        );
    }
};
