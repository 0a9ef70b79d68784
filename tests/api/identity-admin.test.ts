import {
    AdminCreateUserCommand,
    CognitoIdentityProviderClient,
    AdminDisableUserCommand,
    AdminGetUserCommand,
    UsernameExistsException,
    UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, identityUsers } from '../../server/db/schema/index.js';
import { createIdentities } from '../../server/identity/directory.js';
import {
    cognitoCall,
    cognitoErrorOf,
    createIdentityTestApp,
    IDENTITY_PASSWORD,
    initiatePasswordAuth,
    mailsTo,
    sendCaptured,
    signIn,
    signWithSdk,
    type IdentityTestApp,
} from './helpers/identity-fixtures.js';

let t: IdentityTestApp;

beforeAll(async () => {
    t = await createIdentityTestApp();
    await createIdentities(t.db, [
        { username: 'gina@example.com', email: 'gina@example.com', password: IDENTITY_PASSWORD },
    ]);
});
afterAll(() => t.close());

const pool = () => t.config.identity.userPoolId;
const getGina = (client: CognitoIdentityProviderClient) =>
    client.send(new AdminGetUserCommand({ UserPoolId: pool(), Username: 'gina@example.com' }));

describe('SigV4 on the admin API', () => {
    it('accepts a request signed by the admin credentials', async () => {
        const response = await sendCaptured(t.app, await signWithSdk(t, getGina));
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({
            Username: 'gina@example.com',
            UserStatus: 'CONFIRMED',
            Enabled: true,
        });
    });

    it('refuses an unsigned request with MissingAuthenticationTokenException, before looking at the input', async () => {
        const response = await cognitoCall(t.app, 'AdminGetUser', {
            UserPoolId: pool(),
            Username: 'gina@example.com',
        });
        expect(cognitoErrorOf(response)).toEqual({
            status: 400,
            type: 'MissingAuthenticationTokenException:',
            __type: 'MissingAuthenticationTokenException',
            message: 'Missing Authentication Token',
        });
        expect(cognitoErrorOf(await cognitoCall(t.app, 'AdminDeleteUser', {}))).toMatchObject({
            __type: 'MissingAuthenticationTokenException',
        });
    });

    it('refuses an unknown access key with UnrecognizedClientException', async () => {
        const response = await sendCaptured(
            t.app,
            await signWithSdk(t, getGina, { accessKeyId: 'LOCALUNKNOWNKEY0000' }),
        );
        expect(cognitoErrorOf(response)).toMatchObject({
            status: 400,
            __type: 'UnrecognizedClientException',
            message: 'The security token included in the request is invalid.',
        });
    });

    it('refuses a wrong secret, a tampered body and a tampered operation with InvalidSignatureException', async () => {
        const wrongSecret = await sendCaptured(
            t.app,
            await signWithSdk(t, getGina, { secretAccessKey: 'x'.repeat(40) }),
        );
        expect(cognitoErrorOf(wrongSecret)).toMatchObject({
            status: 400,
            type: 'InvalidSignatureException:',
            __type: 'InvalidSignatureException',
        });
        expect(cognitoErrorOf(wrongSecret).message).toMatch(
            /^The request signature we calculated does not match/,
        );

        const signed = await signWithSdk(t, getGina);
        const body = await sendCaptured(t.app, {
            ...signed,
            body: signed.body.replace('gina@example.com', 'gino@example.com'),
        });
        expect(cognitoErrorOf(body)).toMatchObject({ __type: 'InvalidSignatureException' });
        const target = await sendCaptured(t.app, {
            ...signed,
            headers: {
                ...signed.headers,
                'x-amz-target': 'AWSCognitoIdentityProviderService.AdminDeleteUser',
            },
        });
        expect(cognitoErrorOf(target)).toMatchObject({ __type: 'InvalidSignatureException' });
        const [gina] = await t.db
            .select()
            .from(identityUsers)
            .where(eq(identityUsers.username, 'gina@example.com'));
        expect(gina).toBeDefined();
    });

    it('refuses a signature dated more than 15 minutes away, and another region', async () => {
        const expired = await sendCaptured(
            t.app,
            await signWithSdk(t, getGina, { clockOffsetMs: -16 * 60 * 1000 }),
        );
        expect(cognitoErrorOf(expired)).toMatchObject({
            status: 400,
            __type: 'InvalidSignatureException',
            message: expect.stringMatching(/^Signature expired: \d{8}T\d{6}Z is now earlier than/),
        });
        const future = await sendCaptured(
            t.app,
            await signWithSdk(t, getGina, { clockOffsetMs: 16 * 60 * 1000 }),
        );
        expect(cognitoErrorOf(future)).toMatchObject({
            __type: 'InvalidSignatureException',
            message: expect.stringMatching(/^Signature not yet current/),
        });
        const skewed = await sendCaptured(
            t.app,
            await signWithSdk(t, getGina, { clockOffsetMs: -10 * 60 * 1000 }),
        );
        expect(skewed.statusCode).toBe(200);
        const region = await sendCaptured(
            t.app,
            await signWithSdk(t, getGina, { region: 'us-east-1' }),
        );
        expect(cognitoErrorOf(region)).toMatchObject({
            __type: 'InvalidSignatureException',
            message: expect.stringContaining('valid region'),
        });
    });

    it('refuses a malformed Authorization header with IncompleteSignatureException', async () => {
        const signed = await signWithSdk(t, getGina);
        const response = await sendCaptured(t.app, {
            ...signed,
            headers: { ...signed.headers, authorization: 'AWS4-HMAC-SHA256 Credential=x' },
        });
        expect(cognitoErrorOf(response)).toMatchObject({ __type: 'IncompleteSignatureException' });
    });

    it('keeps the public operations free of any signature', async () => {
        expect(
            (
                await initiatePasswordAuth(
                    t.app,
                    t.config.identity.clientId,
                    'gina@example.com',
                    IDENTITY_PASSWORD,
                )
            ).statusCode,
        ).toBe(200);
    });
});

describe('admin operations through the raw SDK requests', () => {
    it('AdminCreateUser answers UsernameExistsException for a taken name, UserNotFoundException for an unknown one elsewhere', async () => {
        const taken = await sendCaptured(
            t.app,
            await signWithSdk(t, (client) =>
                client.send(
                    new AdminCreateUserCommand({
                        UserPoolId: pool(),
                        Username: 'GINA@example.com',
                        MessageAction: 'SUPPRESS',
                    }),
                ),
            ),
        );
        expect(cognitoErrorOf(taken)).toMatchObject({
            __type: 'UsernameExistsException',
            message: 'User account already exists',
        });
        const unknown = await sendCaptured(
            t.app,
            await signWithSdk(t, (client) =>
                client.send(
                    new AdminDisableUserCommand({
                        UserPoolId: pool(),
                        Username: 'nobody@example.com',
                    }),
                ),
            ),
        );
        expect(cognitoErrorOf(unknown)).toMatchObject({
            __type: 'UserNotFoundException',
            message: 'User does not exist.',
        });
        const otherPool = await sendCaptured(
            t.app,
            await signWithSdk(t, (client) =>
                client.send(
                    new AdminGetUserCommand({
                        UserPoolId: 'local_Other',
                        Username: 'gina@example.com',
                    }),
                ),
            ),
        );
        expect(cognitoErrorOf(otherPool)).toMatchObject({ __type: 'ResourceNotFoundException' });
    });

    it('AdminCreateUser refuses a temporary password that breaks the policy, and unknown attributes', async () => {
        const weak = await sendCaptured(
            t.app,
            await signWithSdk(t, (client) =>
                client.send(
                    new AdminCreateUserCommand({
                        UserPoolId: pool(),
                        Username: 'weak@example.com',
                        TemporaryPassword: 'short',
                        MessageAction: 'SUPPRESS',
                    }),
                ),
            ),
        );
        expect(cognitoErrorOf(weak)).toMatchObject({
            __type: 'InvalidPasswordException',
            message: 'Password did not conform with policy: Password not long enough',
        });
        const phone = await sendCaptured(
            t.app,
            await signWithSdk(t, (client) =>
                client.send(
                    new AdminCreateUserCommand({
                        UserPoolId: pool(),
                        Username: 'phone@example.com',
                        UserAttributes: [{ Name: 'phone_number', Value: '+4912345' }],
                        MessageAction: 'SUPPRESS',
                    }),
                ),
            ),
        );
        expect(cognitoErrorOf(phone)).toMatchObject({ __type: 'InvalidParameterException' });
    });
});

describe('fastify.identityAdmin (the AWS SDK, in process)', () => {
    it('creates an invited user: FORCE_CHANGE_PASSWORD, a generated temporary password mailed through the outbox, audited', async () => {
        const created = await t.app.identityAdmin.createUser({
            username: 'Hank@Example.com',
            email: 'hank@example.com',
            attributes: { 'custom:mfa_setup': 'true' },
            sendInvitation: true,
        });
        expect(created).toMatchObject({
            username: 'hank@example.com',
            status: 'FORCE_CHANGE_PASSWORD',
            enabled: true,
            email: 'hank@example.com',
            mfaEnabled: false,
        });
        expect(created.sub).toMatch(/^[0-9a-f-]{36}$/);
        expect(created.attributes).toMatchObject({
            email_verified: 'true',
            'custom:mfa_setup': 'true',
        });

        const [mail] = await mailsTo(t, 'hank@example.com');
        expect(mail).toMatchObject({ kind: 'invitation', sentAt: null });
        const temporary = /Temporary password: (\S+)/.exec(mail!.text)?.[1] ?? '';
        expect(temporary).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{16}$/);
        const [row] = await t.db
            .select()
            .from(identityUsers)
            .where(eq(identityUsers.sub, created.sub));
        const days =
            (row!.temporaryPasswordExpiresAt!.getTime() - row!.createdAt.getTime()) / 86_400_000;
        expect(days).toBeCloseTo(3, 2);

        const challenge = await initiatePasswordAuth(
            t.app,
            t.config.identity.clientId,
            'hank@example.com',
            temporary,
        );
        expect(challenge.json()).toMatchObject({ ChallengeName: 'NEW_PASSWORD_REQUIRED' });
        const audit = await t.db
            .select()
            .from(auditLog)
            .where(
                and(eq(auditLog.entityId, created.sub), eq(auditLog.action, 'admin-create-user')),
            );
        expect(audit[0]).toMatchObject({
            actorSub: null,
            changes: { accessKeyId: t.config.identity.admin.accessKeyId, reason: 'invited' },
        });
        expect(JSON.stringify(audit)).not.toContain(temporary);
    });

    it('creates with a given temporary password and no invitation; a second create is UsernameExistsException', async () => {
        const created = await t.app.identityAdmin.createUser({
            username: 'ivy@example.com',
            email: 'ivy@example.com',
            temporaryPassword: 'Temporary-Pass-1',
            sendInvitation: false,
        });
        expect(created.status).toBe('FORCE_CHANGE_PASSWORD');
        expect(await mailsTo(t, 'ivy@example.com')).toHaveLength(0);
        await expect(
            t.app.identityAdmin.createUser({
                username: 'ivy@example.com',
                email: 'ivy@example.com',
                sendInvitation: false,
            }),
        ).rejects.toBeInstanceOf(UsernameExistsException);
    });

    it('refuses a temporary password once it has expired', async () => {
        await t.app.identityAdmin.createUser({
            username: 'jack@example.com',
            email: 'jack@example.com',
            temporaryPassword: 'Temporary-Pass-1',
            sendInvitation: false,
        });
        await t.db
            .update(identityUsers)
            .set({ temporaryPasswordExpiresAt: new Date(Date.now() - 1000) })
            .where(eq(identityUsers.username, 'jack@example.com'));
        const response = await initiatePasswordAuth(
            t.app,
            t.config.identity.clientId,
            'jack@example.com',
            'Temporary-Pass-1',
        );
        expect(cognitoErrorOf(response)).toMatchObject({
            __type: 'NotAuthorizedException',
            message: 'Temporary password has expired and must be reset by an administrator.',
        });
    });

    it('disables (tokens refused at once), enables, signs out, reads and deletes', async () => {
        await t.app.identityAdmin.createUser({
            username: 'kim@example.com',
            email: 'kim@example.com',
            sendInvitation: false,
        });
        await t.app.identityAdmin.setPassword('kim@example.com', IDENTITY_PASSWORD, true);
        expect(await t.app.identityAdmin.getUser('kim@example.com')).toMatchObject({
            status: 'CONFIRMED',
            enabled: true,
        });
        const tokens = await signIn(t, 'kim@example.com');
        await expect(t.app.identity.verifyAccessToken(tokens.AccessToken)).resolves.toMatchObject({
            username: 'kim@example.com',
        });

        await t.app.identityAdmin.disableUser('kim@example.com');
        await expect(t.app.identity.verifyAccessToken(tokens.AccessToken)).rejects.toMatchObject({
            statusCode: 401,
            message: 'Access Token has been revoked',
        });
        const refresh = await cognitoCall(t.app, 'GetTokensFromRefreshToken', {
            ClientId: t.config.identity.clientId,
            RefreshToken: tokens.RefreshToken,
        });
        expect(cognitoErrorOf(refresh)).toMatchObject({ __type: 'NotAuthorizedException' });
        expect(await t.app.identityAdmin.getUser('kim@example.com')).toMatchObject({
            enabled: false,
        });
        const disabled = await initiatePasswordAuth(
            t.app,
            t.config.identity.clientId,
            'kim@example.com',
            IDENTITY_PASSWORD,
        );
        expect(cognitoErrorOf(disabled)).toMatchObject({
            __type: 'NotAuthorizedException',
            message: 'User is disabled.',
        });

        await t.app.identityAdmin.enableUser('kim@example.com');
        const again = await signIn(t, 'kim@example.com');
        await t.app.identityAdmin.globalSignOut('kim@example.com');
        await expect(t.app.identity.verifyAccessToken(again.AccessToken)).rejects.toMatchObject({
            message: 'Access Token has been revoked',
        });

        await t.app.identityAdmin.deleteUser('kim@example.com');
        expect(await t.app.identityAdmin.getUser('kim@example.com')).toBeUndefined();
        await expect(t.app.identityAdmin.disableUser('kim@example.com')).rejects.toBeInstanceOf(
            UserNotFoundException,
        );
        const actions = (await t.db.select().from(auditLog))
            .map((row) => row.action)
            .filter((action) => action.startsWith('admin-'));
        expect(actions).toEqual(
            expect.arrayContaining([
                'admin-disable-user',
                'admin-enable-user',
                'admin-user-global-sign-out',
                'admin-delete-user',
                'admin-set-user-password',
            ]),
        );
    });

    it('sets a temporary password (FORCE_CHANGE_PASSWORD), ends sessions and tells the user', async () => {
        const tokens = await signIn(t, 'gina@example.com');
        await t.app.identityAdmin.setPassword('gina@example.com', 'Temporary-Pass-2', false);
        await expect(t.app.identity.verifyAccessToken(tokens.AccessToken)).rejects.toMatchObject({
            message: 'Access Token has been revoked',
        });
        expect(await t.app.identityAdmin.getUser('gina@example.com')).toMatchObject({
            status: 'FORCE_CHANGE_PASSWORD',
        });
        expect((await mailsTo(t, 'gina@example.com'))[0]).toMatchObject({
            kind: 'password-set-by-admin',
        });
        const challenge = await initiatePasswordAuth(
            t.app,
            t.config.identity.clientId,
            'gina@example.com',
            'Temporary-Pass-2',
        );
        expect(challenge.json()).toMatchObject({ ChallengeName: 'NEW_PASSWORD_REQUIRED' });
    });
});
