import {
    UsernameExistsException,
    UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import type { FastifyInstance } from 'fastify';
import { generateTemporaryPassword } from '../../../identity/temporary-password.js';

/** The identity username of a driver or courier account: the e-mail when it has one, else the username (lower-case). */
export const identityUsernameOf = (account: { email: string | null; username: string }) =>
    (account.email ?? account.username).trim().toLowerCase();

/**
 * Identities of driver and courier accounts. With an e-mail, the identity provider sends the
 * invitation with the temporary password; without one, we generate the temporary password and
 * the caller shows it once.
 */
export async function createAppIdentity(
    fastify: FastifyInstance,
    input: { username: string; email: string | null },
): Promise<{ sub: string; temporaryPassword: string | null } | 'exists'> {
    try {
        if (input.email !== null) {
            const created = await fastify.identityAdmin.createUser({
                username: input.username,
                email: input.email,
                sendInvitation: true,
            });
            return { sub: created.sub, temporaryPassword: null };
        }
        const temporaryPassword = generateTemporaryPassword();
        const created = await fastify.identityAdmin.createUser({
            username: input.username,
            temporaryPassword,
            sendInvitation: false,
        });
        const sub = created.sub;
        if (!sub) throw new Error(`the identity ${input.username} has no sub`);
        return { sub, temporaryPassword };
    } catch (error) {
        if (error instanceof UsernameExistsException) return 'exists';
        throw error;
    }
}

/** Deletes an identity again (a failed creation); a missing one is fine. */
export async function deleteAppIdentity(fastify: FastifyInstance, username: string): Promise<void> {
    try {
        await fastify.identityAdmin.deleteUser(username);
    } catch (error) {
        if (!(error instanceof UserNotFoundException)) throw error;
    }
}

/** Enables or disables an identity (disabling revokes its sessions); a missing identity is skipped. */
export async function setIdentityEnabled(
    fastify: FastifyInstance,
    username: string,
    enabled: boolean,
): Promise<void> {
    try {
        if (enabled) await fastify.identityAdmin.enableUser(username);
        else await fastify.identityAdmin.disableUser(username);
    } catch (error) {
        if (!(error instanceof UserNotFoundException)) throw error;
    }
}
