import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authErrors } from '../../../domain/contracts/common.js';
import { UserProfile } from '../../../domain/contracts/profile.js';
import { signedIn } from '../../access/route-access.js';
import { loadOwnProfile } from './profile-repository.js';

/** `GET /users/me`: the caller's profile (shell §7); 401 without a valid token forces logout in the browser. */
export const profileRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    fastify.get(
        '/users/me',
        {
            config: { access: signedIn({ rows: 'own' }) },
            schema: {
                tags: ['back-office'],
                summary: 'The signed-in user: profile, settings, permissions, actions, tenants',
                response: { 200: UserProfile, ...authErrors },
            },
        },
        async (request) =>
            loadOwnProfile(fastify.db, request.caller, new Date(request.token.authTime * 1000)),
    );
};
