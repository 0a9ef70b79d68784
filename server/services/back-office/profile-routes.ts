import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { signedIn } from '../../access/route-access.js';
import { authErrors } from '../../../domain/contracts/common.js';
import { loadProfile, recordLogin } from './profile-repository.js';
import { UserProfile } from './schemas.js';

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
        async (request) => {
            const profile = await loadProfile(fastify.db, request.caller);
            const authTime = new Date(request.token.authTime * 1000);
            if (!profile.lastLogin || new Date(profile.lastLogin) < authTime) {
                await recordLogin(fastify.db, request.caller.userId, authTime);
                profile.lastLogin = authTime.toISOString();
            }
            return profile;
        },
    );
};
