import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { identityUsers } from '../../db/schema/index.js';
import { parseAdminAttributes } from '../admin-attributes.js';
import { auditAdmin, userForAdmin, userTypeWithAttributes } from '../admin-users.js';
import { CognitoError, invalidParameter } from '../cognito-error.js';
import { assertUserPool, type OperationContext } from '../context.js';
import { canonicalUsername, findIdentityByUsername, type Identity } from '../directory.js';
import { notifyIdentity } from '../notify.js';
import { assertPasswordPolicy } from '../password-policy.js';
import { hashPassword } from '../passwords.js';
import { generateTemporaryPassword } from '../temporary-password.js';

export interface InvitationRequest {
    userPoolId: string;
    username: string;
    temporaryPassword?: string;
}

const usernameExists = () =>
    new CognitoError('UsernameExistsException', 'User account already exists');

function isUniqueViolation(error: unknown): boolean {
    for (
        let cause: unknown = error;
        cause instanceof Object;
        cause = (cause as { cause?: unknown }).cause
    ) {
        if ((cause as { code?: unknown }).code === '23505') return true;
    }
    return false;
}

/** A temporary password (given, and then checked against the policy, or generated), its hash and expiry. */
async function temporaryPassword(ctx: OperationContext, given: string | undefined, now: Date) {
    if (given !== undefined) assertPasswordPolicy(given);
    const password = given ?? generateTemporaryPassword();
    const expiresAt = new Date(
        now.getTime() + ctx.config.temporaryPasswordValidityDays * 24 * 60 * 60 * 1000,
    );
    return { password, passwordHash: await hashPassword(password), expiresAt };
}

function invitation(ctx: OperationContext, username: string, password: string) {
    return {
        username,
        temporaryPassword: password,
        validityDays: ctx.config.temporaryPasswordValidityDays,
        signInUrl: ctx.config.signInUrl,
    };
}

/** AdminCreateUser without RESEND: the new identity, its invitation mail and audit row in one transaction. */
export async function createInvitedIdentity(
    ctx: OperationContext,
    request: InvitationRequest & {
        attributes?: { Name: string; Value?: string }[];
        sendInvitation: boolean;
    },
) {
    assertUserPool(ctx, request.userPoolId);
    const attributes = parseAdminAttributes(request.attributes);
    if (await findIdentityByUsername(ctx.db, request.username)) throw usernameExists();
    if (request.sendInvitation && !attributes.email)
        throw invalidParameter(
            'The invitation is sent by e-mail: give an email attribute, or MessageAction SUPPRESS.',
        );
    const now = new Date();
    const temporary = await temporaryPassword(ctx, request.temporaryPassword, now);
    const username = canonicalUsername(request.username);
    try {
        const identity = await ctx.db.transaction(async (tx) => {
            const [created] = await tx
                .insert(identityUsers)
                .values({
                    sub: randomUUID(),
                    username,
                    email: attributes.email ?? null,
                    emailVerified: attributes.emailVerified,
                    passwordHash: temporary.passwordHash,
                    status: 'FORCE_CHANGE_PASSWORD',
                    attributes: attributes.custom,
                    temporaryPasswordExpiresAt: temporary.expiresAt,
                })
                .returning();
            if (!created) throw new Error('identity insert returned no row');
            if (request.sendInvitation)
                await notifyIdentity(
                    tx,
                    created,
                    'invitation',
                    invitation(ctx, username, temporary.password),
                );
            await auditAdmin(
                tx,
                ctx,
                'admin-create-user',
                created.sub,
                request.sendInvitation ? 'invited' : 'suppressed',
            );
            return created;
        });
        return userTypeWithAttributes(identity);
    } catch (error) {
        if (isUniqueViolation(error)) throw usernameExists();
        throw error;
    }
}

/** AdminCreateUser with RESEND: a new temporary password and invitation for an identity that has not signed in yet. */
export async function resendInvitation(ctx: OperationContext, request: InvitationRequest) {
    const identity: Identity = await userForAdmin(ctx, request.userPoolId, request.username);
    if (identity.status !== 'FORCE_CHANGE_PASSWORD')
        throw new CognitoError(
            'UnsupportedUserStateException',
            'Resend not possible. User is not in FORCE_CHANGE_PASSWORD state.',
        );
    if (!identity.email)
        throw invalidParameter('The identity has no e-mail address to send the invitation to.');
    const now = new Date();
    const temporary = await temporaryPassword(ctx, request.temporaryPassword, now);
    const updated = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
            .update(identityUsers)
            .set({
                passwordHash: temporary.passwordHash,
                temporaryPasswordExpiresAt: temporary.expiresAt,
                updatedAt: now,
            })
            .where(eq(identityUsers.sub, identity.sub))
            .returning();
        await notifyIdentity(
            tx,
            identity,
            'invitation',
            invitation(ctx, identity.username, temporary.password),
        );
        await auditAdmin(tx, ctx, 'admin-create-user', identity.sub, 'resent');
        return row ?? identity;
    });
    return userTypeWithAttributes(updated);
}
