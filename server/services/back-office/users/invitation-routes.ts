import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { UserParams } from '../../../../domain/contracts/back-office-users.js';
import { authErrors, ErrorEnvelope } from '../../../../domain/contracts/common.js';
import { UPDATE_USERS, userAccess } from './access.js';
import { resendBackOfficeInvitation } from './resend-invitation.js';

/** Sending a back-office user's invitation again (issue 13 point 14). */
export const backOfficeUserInvitationRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    fastify.post(
        '/v2/users/:hashId/invitation',
        {
            config: {
                access: userAccess(
                    UPDATE_USERS,
                    `Needs ${UPDATE_USERS} covering one of the user's assignments (as for editing); others get 404 as for an unknown id.`,
                ),
            },
            schema: {
                tags: ['back-office'],
                summary:
                    'Sends the invitation again with a new temporary password, for a user who has not set a password yet (409 USER_ALREADY_ACTIVE otherwise)',
                params: UserParams,
                response: {
                    204: Type.Null(),
                    404: ErrorEnvelope,
                    409: ErrorEnvelope,
                    ...authErrors,
                },
            },
        },
        async (request, reply) => {
            await resendBackOfficeInvitation(fastify, request, request.params.hashId);
            return reply.code(204).send(null);
        },
    );
};
