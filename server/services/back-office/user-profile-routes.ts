import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { UserParams } from '../../../domain/contracts/back-office-users.js';
import { authErrors, ErrorEnvelope } from '../../../domain/contracts/common.js';
import { UserProfile } from '../../../domain/contracts/profile.js';
import { grantedScopes } from '../../../domain/permissionChecks.js';
import type { RouteAccess } from '../../access/route-access.js';
import { notFound } from '../../errors.js';
import { unionScopes } from './scope-sets.js';
import { loadUserProfile } from './user-profile-repository.js';

const READ_BACK_OFFICE_USERS = 'r:bo-user';

/**
 * Who may open another user's profile: admins everyone; holders of r:bo-user (depot or tenant
 * context) the users with a role assignment inside the scopes where they hold it. The rows are
 * those scopes; the handler answers 404 for everyone else, as for an unknown id.
 */
const backOfficeUserReaders: RouteAccess = {
    description: `Any signed-in back-office user: their own profile; admins every back-office user; holders of ${READ_BACK_OFFICE_USERS} the users with a role in the scopes where they hold it, showing those roles only. Anyone else, drivers, courier accounts and unknown ids: 404.`,
    grant: (request) => {
        const { actions } = request.caller;
        return {
            scopes: unionScopes(
                grantedScopes(actions, READ_BACK_OFFICE_USERS, 'depot'),
                grantedScopes(actions, READ_BACK_OFFICE_USERS, 'tenant'),
            ),
        };
    },
};

/** `GET /users/:hashId`: another back-office user's profile (shell §2.4 `/users/profile/:userHashId`). */
export const userProfileRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    fastify.get(
        '/users/:hashId',
        {
            config: { access: backOfficeUserReaders },
            schema: {
                tags: ['back-office'],
                summary:
                    "A back-office user's profile, like /users/me without the settings (private)",
                params: UserParams,
                response: { 200: UserProfile, 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const { hashId } = request.params;
            const profile = await loadUserProfile(
                fastify.db,
                request.caller.userId,
                request.access.scopes,
                hashId,
            );
            if (!profile) throw notFound(`User ${hashId}`);
            return profile;
        },
    );
};
