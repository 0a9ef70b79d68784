import { UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import type { FastifyRequest } from 'fastify';
import { badRequest, notFound } from '../../../errors.js';
import { appendAudit } from '../../../shared/audit-repository.js';
import {
    findEditableBackOfficeUser,
    identityNameOf,
    type UserWriteServices,
} from './user-writes.js';

/**
 * `POST /api/v2/users/:hashId/mfa-reset` (issue 13 point 13): turns another back-office user's
 * two-step sign-in off, e.g. after a lost authenticator, through the identity provider
 * (AdminSetUserMFAPreference; embedded: also forgets the secret and ends the user's sessions),
 * and audits it. The next sign-in asks for no code, or sets up a new authenticator when the user
 * must have MFA. Same reach as editing the user (404 outside it, as for an unknown id); one's own
 * MFA is changed from the own profile (which requires a recent sign-in), never here.
 */
export async function resetBackOfficeUserMfa(
    { db, identityAdmin }: UserWriteServices,
    request: FastifyRequest,
    hashId: string,
): Promise<void> {
    const found = await findEditableBackOfficeUser(db, request.caller.actions, hashId);
    if (found.user.id === request.caller.userId)
        throw badRequest(
            'Change your own two-step sign-in from your profile.',
            [{ field: '/params/hashId', message: 'the caller cannot reset their own MFA here' }],
            'CANNOT_RESET_OWN_MFA',
        );
    try {
        await identityAdmin.resetMfa(identityNameOf(found.user));
    } catch (error) {
        if (error instanceof UserNotFoundException) throw notFound(`The sign-in of user ${hashId}`);
        throw error;
    }
    await appendAudit(db, request, {
        action: 'backoffice-user-mfa-reset',
        entityType: 'user',
        entityId: found.user.id,
        changes: {},
    });
}
