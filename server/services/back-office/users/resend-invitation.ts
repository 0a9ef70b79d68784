import { UnsupportedUserStateException } from '@aws-sdk/client-cognito-identity-provider';
import type { FastifyRequest } from 'fastify';
import { conflict, notFound } from '../../../errors.js';
import { appendAudit } from '../../../shared/audit-repository.js';
import {
    findEditableBackOfficeUser,
    identityNameOf,
    type UserWriteServices,
} from './user-writes.js';

/** 409 when the user already chose a password: there is no invitation left to resend. */
const alreadyActive = () =>
    conflict(
        'USER_ALREADY_ACTIVE',
        'The user has already set a password; the invitation cannot be sent again.',
    );

/**
 * `POST /api/v2/users/:hashId/invitation`: sends a back-office user who has not signed in yet
 * a new invitation with a new temporary password (the old one stops working), through the
 * identity provider (Cognito's AdminCreateUser RESEND), and audits it. Same reach as editing
 * the user (404 outside it); 409 USER_ALREADY_ACTIVE once the user set a password.
 */
export async function resendBackOfficeInvitation(
    { db, identityAdmin }: UserWriteServices,
    request: FastifyRequest,
    hashId: string,
): Promise<void> {
    const found = await findEditableBackOfficeUser(db, request.caller.actions, hashId);
    const username = identityNameOf(found.user);
    const identity = await identityAdmin.getUser(username);
    if (!identity) throw notFound(`The sign-in of user ${hashId}`);
    if (identity.status !== 'FORCE_CHANGE_PASSWORD') throw alreadyActive();
    try {
        await identityAdmin.resendInvitation(username);
    } catch (error) {
        // The user set a password between the two calls.
        if (error instanceof UnsupportedUserStateException) throw alreadyActive();
        throw error;
    }
    await appendAudit(db, request, {
        action: 'backoffice-user-invitation-resent',
        entityType: 'user',
        entityId: found.user.id,
        changes: {},
    });
}
