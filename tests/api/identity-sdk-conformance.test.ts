import {
    AdminCreateUserCommand,
    AdminDeleteUserCommand,
    AdminDisableUserCommand,
    AdminEnableUserCommand,
    AdminGetUserCommand,
    AdminSetUserPasswordCommand,
    AdminUserGlobalSignOutCommand,
    AssociateSoftwareTokenCommand,
    ChangePasswordCommand,
    CodeMismatchException,
    CognitoIdentityProviderClient,
    ConfirmForgotPasswordCommand,
    EnableSoftwareTokenMFAException,
    ExpiredCodeException,
    ForgotPasswordCommand,
    GetTokensFromRefreshTokenCommand,
    GetUserCommand,
    GlobalSignOutCommand,
    InitiateAuthCommand,
    InvalidPasswordException,
    LimitExceededException,
    NotAuthorizedException,
    RespondToAuthChallengeCommand,
    RevokeTokenCommand,
    SetUserMFAPreferenceCommand,
    TooManyRequestsException,
    UpdateUserAttributesCommand,
    UsernameExistsException,
    UserNotFoundException,
    VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { identityPasswordResetCodes, identityUsers } from '../../server/db/schema/index.js';
import { usernameKey } from '../../server/identity/reset-codes.js';
import {
    createIdentityTestApp,
    mailsTo,
    resetCodeFor,
    totpCode,
    type IdentityTestApp,
} from './helpers/identity-fixtures.js';

let t: IdentityTestApp;
let limited: IdentityTestApp;
let publicClient: CognitoIdentityProviderClient;
let adminClient: CognitoIdentityProviderClient;
let endpoint: string;

async function listen(app: IdentityTestApp): Promise<string> {
    await app.app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    return `http://127.0.0.1:${address.port}/cognito-idp/`;
}

beforeAll(async () => {
    t = await createIdentityTestApp();
    endpoint = await listen(t);
    publicClient = new CognitoIdentityProviderClient({ region: 'local', endpoint });
    adminClient = new CognitoIdentityProviderClient({
        region: t.config.identity.region,
        endpoint,
        credentials: t.config.identity.admin,
    });
});
afterAll(async () => {
    publicClient.destroy();
    adminClient.destroy();
    await t.close();
    await limited?.close();
});

const failure = (promise: Promise<unknown>) =>
    promise.then(
        () => new Error('expected a failure'),
        (error: unknown) => error,
    );
const ClientId = () => t.config.identity.clientId;
const UserPoolId = () => t.config.identity.userPoolId;
const USERNAME = 'rosa@example.com';

describe('@aws-sdk/client-cognito-identity-provider drives every operation over HTTP', () => {
    it('admin create, first sign-in with a new password and MFA setup, MFA sign-in, refresh', async () => {
        const created = await adminClient.send(
            new AdminCreateUserCommand({
                UserPoolId: UserPoolId(),
                Username: USERNAME,
                UserAttributes: [
                    { Name: 'email', Value: USERNAME },
                    { Name: 'email_verified', Value: 'true' },
                    { Name: 'custom:mfa_setup', Value: 'true' },
                ],
            }),
        );
        expect(created.User).toMatchObject({
            Username: USERNAME,
            UserStatus: 'FORCE_CHANGE_PASSWORD',
            Enabled: true,
        });
        expect(created.User?.UserCreateDate).toBeInstanceOf(Date);
        expect(
            await failure(
                adminClient.send(
                    new AdminCreateUserCommand({ UserPoolId: UserPoolId(), Username: USERNAME }),
                ),
            ),
        ).toBeInstanceOf(UsernameExistsException);
        const temporary = /Temporary password: (\S+)/.exec(
            (await mailsTo(t, USERNAME))[0]!.text,
        )![1]!;

        const first = await publicClient.send(
            new InitiateAuthCommand({
                AuthFlow: 'USER_PASSWORD_AUTH',
                ClientId: ClientId(),
                AuthParameters: { USERNAME, PASSWORD: temporary },
            }),
        );
        expect(first.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
        const respond = (
            ChallengeName: 'NEW_PASSWORD_REQUIRED' | 'MFA_SETUP' | 'SOFTWARE_TOKEN_MFA',
            Session: string | undefined,
            ChallengeResponses: Record<string, string>,
        ) =>
            publicClient.send(
                new RespondToAuthChallengeCommand({
                    ClientId: ClientId(),
                    ChallengeName,
                    Session,
                    ChallengeResponses,
                }),
            );
        expect(
            await failure(
                respond('NEW_PASSWORD_REQUIRED', first.Session, {
                    USERNAME,
                    NEW_PASSWORD: 'short',
                }),
            ),
        ).toBeInstanceOf(InvalidPasswordException);
        const setup = await respond('NEW_PASSWORD_REQUIRED', first.Session, {
            USERNAME,
            NEW_PASSWORD: 'Rosa-Password-1',
        });
        expect(setup.ChallengeName).toBe('MFA_SETUP');

        const associated = await publicClient.send(
            new AssociateSoftwareTokenCommand({ Session: setup.Session }),
        );
        const secret = associated.SecretCode!;
        expect(
            await failure(
                publicClient.send(
                    new VerifySoftwareTokenCommand({
                        Session: associated.Session,
                        UserCode: '000000',
                    }),
                ),
            ),
        ).toBeInstanceOf(EnableSoftwareTokenMFAException);
        const verified = await publicClient.send(
            new VerifySoftwareTokenCommand({
                Session: associated.Session,
                UserCode: await totpCode(secret),
            }),
        );
        expect(verified.Status).toBe('SUCCESS');
        const tokens = (await respond('MFA_SETUP', verified.Session, { USERNAME }))
            .AuthenticationResult!;
        expect(tokens.AccessToken).toBeTruthy();

        const user = await publicClient.send(
            new GetUserCommand({ AccessToken: tokens.AccessToken }),
        );
        expect(user).toMatchObject({
            Username: USERNAME,
            PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
            UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
        });

        const mfa = await publicClient.send(
            new InitiateAuthCommand({
                AuthFlow: 'USER_PASSWORD_AUTH',
                ClientId: ClientId(),
                AuthParameters: { USERNAME, PASSWORD: 'Rosa-Password-1' },
            }),
        );
        expect(mfa.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
        expect(
            await failure(
                respond('SOFTWARE_TOKEN_MFA', mfa.Session, {
                    USERNAME,
                    SOFTWARE_TOKEN_MFA_CODE: '000000',
                }),
            ),
        ).toBeInstanceOf(CodeMismatchException);
        const signedIn = (
            await respond('SOFTWARE_TOKEN_MFA', mfa.Session, {
                USERNAME,
                SOFTWARE_TOKEN_MFA_CODE: await totpCode(secret, 1),
            })
        ).AuthenticationResult!;
        const refreshed = await publicClient.send(
            new GetTokensFromRefreshTokenCommand({
                ClientId: ClientId(),
                RefreshToken: signedIn.RefreshToken,
            }),
        );
        expect(refreshed.AuthenticationResult?.IdToken).toBeTruthy();
        expect(
            await failure(
                respond('SOFTWARE_TOKEN_MFA', mfa.Session, {
                    USERNAME,
                    SOFTWARE_TOKEN_MFA_CODE: '123456',
                }),
            ),
        ).toBeInstanceOf(NotAuthorizedException);
    });

    it('signed-in operations: change password, attributes, TOTP, MFA preference, sign-outs', async () => {
        await adminClient.send(
            new AdminSetUserPasswordCommand({
                UserPoolId: UserPoolId(),
                Username: USERNAME,
                Password: 'Rosa-Password-2',
                Permanent: true,
            }),
        );
        await t.db
            .update(identityUsers)
            .set({ mfaEnabled: false, attributes: { 'custom:locale': 'en' } })
            .where(eq(identityUsers.username, USERNAME));
        const signIn = async (PASSWORD: string) =>
            (
                await publicClient.send(
                    new InitiateAuthCommand({
                        AuthFlow: 'USER_PASSWORD_AUTH',
                        ClientId: ClientId(),
                        AuthParameters: { USERNAME, PASSWORD },
                    }),
                )
            ).AuthenticationResult!;
        const { AccessToken, RefreshToken } = await signIn('Rosa-Password-2');

        const change = (PreviousPassword: string, ProposedPassword: string) =>
            publicClient.send(
                new ChangePasswordCommand({ AccessToken, PreviousPassword, ProposedPassword }),
            );
        expect(await failure(change('Wrong-Password-1', 'Rosa-Password-3'))).toBeInstanceOf(
            NotAuthorizedException,
        );
        expect(await failure(change('Rosa-Password-2', 'weak'))).toBeInstanceOf(
            InvalidPasswordException,
        );
        await change('Rosa-Password-2', 'Rosa-Password-3');

        await publicClient.send(
            new UpdateUserAttributesCommand({
                AccessToken,
                UserAttributes: [{ Name: 'custom:locale', Value: 'fr' }],
            }),
        );
        const { SecretCode } = await publicClient.send(
            new AssociateSoftwareTokenCommand({ AccessToken }),
        );
        expect(
            await failure(
                publicClient.send(
                    new VerifySoftwareTokenCommand({ AccessToken, UserCode: '000000' }),
                ),
            ),
        ).toBeInstanceOf(EnableSoftwareTokenMFAException);
        expect(
            (
                await publicClient.send(
                    new VerifySoftwareTokenCommand({
                        AccessToken,
                        UserCode: await totpCode(SecretCode!),
                    }),
                )
            ).Status,
        ).toBe('SUCCESS');
        await publicClient.send(
            new SetUserMFAPreferenceCommand({
                AccessToken,
                SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
            }),
        );
        expect(
            (
                await adminClient.send(
                    new AdminGetUserCommand({ UserPoolId: UserPoolId(), Username: USERNAME }),
                )
            ).UserMFASettingList,
        ).toEqual(['SOFTWARE_TOKEN_MFA']);

        await publicClient.send(
            new RevokeTokenCommand({ ClientId: ClientId(), Token: RefreshToken }),
        );
        expect(
            await failure(publicClient.send(new GetUserCommand({ AccessToken }))),
        ).toBeInstanceOf(NotAuthorizedException);
        await t.db
            .update(identityUsers)
            .set({ mfaEnabled: false })
            .where(eq(identityUsers.username, USERNAME));
        const again = await signIn('Rosa-Password-3');
        await publicClient.send(new GlobalSignOutCommand({ AccessToken: again.AccessToken }));
        expect(
            await failure(
                publicClient.send(new GetUserCommand({ AccessToken: again.AccessToken })),
            ),
        ).toBeInstanceOf(NotAuthorizedException);
    });

    it('password reset: CodeMismatchException, ExpiredCodeException, LimitExceededException, then success', async () => {
        const forgot = () =>
            publicClient.send(
                new ForgotPasswordCommand({ ClientId: ClientId(), Username: USERNAME }),
            );
        const confirm = (ConfirmationCode: string, Password = 'Rosa-Password-4') =>
            publicClient.send(
                new ConfirmForgotPasswordCommand({
                    ClientId: ClientId(),
                    Username: USERNAME,
                    ConfirmationCode,
                    Password,
                }),
            );
        expect((await forgot()).CodeDeliveryDetails).toEqual({
            Destination: 'r***@e***',
            DeliveryMedium: 'EMAIL',
            AttributeName: 'email',
        });
        let code = await resetCodeFor(t, USERNAME);
        const wrong = code === '000000' ? '000001' : '000000';
        expect(await failure(confirm(wrong))).toBeInstanceOf(CodeMismatchException);
        expect(await failure(confirm(code, 'weak'))).toBeInstanceOf(InvalidPasswordException);
        await t.db
            .update(identityPasswordResetCodes)
            .set({ expiresAt: new Date(Date.now() - 1000) })
            .where(eq(identityPasswordResetCodes.usernameKey, usernameKey(USERNAME)));
        expect(await failure(confirm(code))).toBeInstanceOf(ExpiredCodeException);

        await forgot();
        code = await resetCodeFor(t, USERNAME);
        await t.db
            .update(identityPasswordResetCodes)
            .set({ attempts: 5 })
            .where(eq(identityPasswordResetCodes.usernameKey, usernameKey(USERNAME)));
        expect(await failure(confirm(code))).toBeInstanceOf(LimitExceededException);

        await forgot();
        await confirm(await resetCodeFor(t, USERNAME));
        const signedIn = await publicClient.send(
            new InitiateAuthCommand({
                AuthFlow: 'USER_PASSWORD_AUTH',
                ClientId: ClientId(),
                AuthParameters: { USERNAME, PASSWORD: 'Rosa-Password-4' },
            }),
        );
        expect(signedIn.AuthenticationResult?.AccessToken).toBeTruthy();
    });

    it('admin operations: sign-out, disable, enable, delete, and typed errors', async () => {
        await adminClient.send(
            new AdminUserGlobalSignOutCommand({ UserPoolId: UserPoolId(), Username: USERNAME }),
        );
        await adminClient.send(
            new AdminDisableUserCommand({ UserPoolId: UserPoolId(), Username: USERNAME }),
        );
        expect(
            (
                await adminClient.send(
                    new AdminGetUserCommand({ UserPoolId: UserPoolId(), Username: USERNAME }),
                )
            ).Enabled,
        ).toBe(false);
        await adminClient.send(
            new AdminEnableUserCommand({ UserPoolId: UserPoolId(), Username: USERNAME }),
        );
        await adminClient.send(
            new AdminDeleteUserCommand({ UserPoolId: UserPoolId(), Username: USERNAME }),
        );
        expect(
            await failure(
                adminClient.send(
                    new AdminGetUserCommand({ UserPoolId: UserPoolId(), Username: USERNAME }),
                ),
            ),
        ).toBeInstanceOf(UserNotFoundException);

        const unsigned = await fetch(endpoint, {
            method: 'POST',
            headers: {
                'content-type': 'application/x-amz-json-1.1',
                'x-amz-target': 'AWSCognitoIdentityProviderService.AdminGetUser',
            },
            body: JSON.stringify({ UserPoolId: UserPoolId(), Username: USERNAME }),
        });
        expect(unsigned.status).toBe(400);
        expect(unsigned.headers.get('x-amzn-errortype')).toBe(
            'MissingAuthenticationTokenException:',
        );
        const forged = new CognitoIdentityProviderClient({
            region: t.config.identity.region,
            endpoint,
            credentials: {
                accessKeyId: t.config.identity.admin.accessKeyId,
                secretAccessKey: 'not-the-secret-access-key-0000000000',
            },
            maxAttempts: 1,
        });
        expect(
            await failure(
                forged.send(
                    new AdminGetUserCommand({ UserPoolId: UserPoolId(), Username: USERNAME }),
                ),
            ),
        ).toMatchObject({
            name: 'InvalidSignatureException',
            $metadata: { httpStatusCode: 400 },
        });
        forged.destroy();
    });

    it('TooManyRequestsException past the per-IP limit (after the SDK retried it)', async () => {
        // Just after a minute boundary (the clock keeps running), so both calls share one window.
        vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
        vi.setSystemTime(Math.floor(Date.now() / 60_000) * 60_000 + 1000);
        onTestFinished(() => void vi.useRealTimers());
        limited = await createIdentityTestApp({ IDENTITY_SIGN_IN_LIMIT_PER_MINUTE: '1' });
        const client = new CognitoIdentityProviderClient({
            region: 'local',
            endpoint: await listen(limited),
        });
        const attempt = () =>
            failure(
                client.send(
                    new InitiateAuthCommand({
                        AuthFlow: 'USER_PASSWORD_AUTH',
                        ClientId: limited.config.identity.clientId,
                        AuthParameters: { USERNAME: 'x@example.com', PASSWORD: 'Wrong-Password-1' },
                    }),
                ),
            );
        expect(await attempt()).toBeInstanceOf(NotAuthorizedException);
        const throttled = await attempt();
        expect(throttled).toBeInstanceOf(TooManyRequestsException);
        expect(throttled).toMatchObject({ $metadata: { httpStatusCode: 400, attempts: 3 } });
        client.destroy();
    });
});
