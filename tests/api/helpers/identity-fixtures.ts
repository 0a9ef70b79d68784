import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { HttpHandler } from '@smithy/core/protocols';
import { HttpResponse, type HttpRequest } from '@smithy/core/transport';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { generate } from 'otplib';
import { mailOutbox } from '../../../server/db/schema/index.js';
import type { AuthenticationResult } from '../../../server/identity/tokens.js';
import { createTestApp, type TestApp } from './test-app.js';

export const IDENTITY_PASSWORD = 'Correct-Horse-9!';
export const AMZ_JSON = 'application/x-amz-json-1.1';

export type IdentityTestApp = TestApp;

/**
 * The whole app on a fresh database, as every API test builds it; identity tests seed their own
 * identities. Per-IP limits are raised (every injected request comes from 127.0.0.1) unless a
 * test sets them.
 */
export function createIdentityTestApp(env: Record<string, string> = {}): Promise<IdentityTestApp> {
    return createTestApp({
        IDENTITY_SIGN_IN_LIMIT_PER_MINUTE: '10000',
        IDENTITY_PASSWORD_LIMIT_PER_MINUTE: '10000',
        ...env,
    });
}

/** One call to the embedded endpoint, as Amplify sends it. */
export function cognitoCall(
    app: FastifyInstance,
    operation: string,
    body: unknown,
    url = '/cognito-idp/',
): Promise<LightMyRequestResponse> {
    return app.inject({
        method: 'POST',
        url,
        headers: {
            'content-type': AMZ_JSON,
            'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
        },
        payload: JSON.stringify(body),
    });
}

/** USER_PASSWORD_AUTH sign-in; the raw response, for tests that look at failures. */
export function initiatePasswordAuth(
    app: FastifyInstance,
    clientId: string,
    username: string,
    password: string,
): Promise<LightMyRequestResponse> {
    return cognitoCall(app, 'InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: clientId,
        AuthParameters: { USERNAME: username, PASSWORD: password },
    });
}

/** Signs in and returns the tokens; fails the test when sign-in does not succeed. */
export async function signIn(
    target: IdentityTestApp,
    username: string,
    password = IDENTITY_PASSWORD,
): Promise<Required<AuthenticationResult>> {
    const response = await initiatePasswordAuth(
        target.app,
        target.config.identity.clientId,
        username,
        password,
    );
    if (response.statusCode !== 200)
        throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
    const result = response.json<{ AuthenticationResult?: Required<AuthenticationResult> }>()
        .AuthenticationResult;
    if (!result) throw new Error(`sign-in answered a challenge: ${response.body}`);
    return result;
}

/** RespondToAuthChallenge, as Amplify's confirmSignIn sends it. */
export function respondToChallenge(
    target: IdentityTestApp,
    ChallengeName: string,
    Session: string,
    ChallengeResponses: Record<string, string>,
) {
    return cognitoCall(target.app, 'RespondToAuthChallenge', {
        ClientId: target.config.identity.clientId,
        ChallengeName,
        Session,
        ChallengeResponses,
    });
}

/** Cognito's error envelope of a response, for one-line assertions. */
export function cognitoErrorOf(response: LightMyRequestResponse): {
    status: number;
    type: string | undefined;
    __type: unknown;
    message: unknown;
} {
    const body = response.json<{ __type?: unknown; message?: unknown }>();
    const header = response.headers['x-amzn-errortype'];
    return {
        status: response.statusCode,
        type: typeof header === 'string' ? header : undefined,
        __type: body.__type,
        message: body.message,
    };
}

/** The payload of a JWT, unverified: for reading claims in assertions. */
export const claimsOf = (token: string) => decodeJwt(token);

/** The TOTP code of a secret, `steps` periods away from now (an authenticator app's view). */
export function totpCode(secret: string, steps = 0, now = Date.now()): Promise<string> {
    return generate({ secret, epoch: Math.floor(now / 1000) + steps * 30 });
}

/** Every outbox mail to an address, newest first. */
export function mailsTo(target: IdentityTestApp, address: string) {
    return target.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, address))
        .orderBy(desc(mailOutbox.createdAt));
}

/** The code of the newest password-reset mail to an address. */
export async function resetCodeFor(target: IdentityTestApp, address: string): Promise<string> {
    const mail = (await mailsTo(target, address)).find((row) => row.kind === 'password-reset-code');
    const code = mail && /code is (\d{6})/.exec(mail.text)?.[1];
    if (!code) throw new Error(`no reset code mailed to ${address}`);
    return code;
}

/** A request as the AWS SDK signed it, captured before it would be sent. */
export interface CapturedRequest {
    method: string;
    url: string;
    headers: Record<string, string>;
    body: string;
}

/**
 * Signs an admin command (sent by `send` through the given client) with the AWS SDK itself (an independent SigV4 implementation) and
 * captures the request instead of sending it, so tests can send it as is or tampered with.
 */
export async function signWithSdk(
    target: IdentityTestApp,
    send: (client: CognitoIdentityProviderClient) => Promise<unknown>,
    opts: {
        accessKeyId?: string;
        secretAccessKey?: string;
        clockOffsetMs?: number;
        region?: string;
    } = {},
): Promise<CapturedRequest> {
    let captured: CapturedRequest | undefined;
    const handler: HttpHandler = {
        async handle(request: HttpRequest) {
            const body: unknown = request.body;
            const text =
                body instanceof Uint8Array
                    ? Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8')
                    : String(body ?? '');
            captured = {
                method: request.method,
                url: request.path,
                headers: { ...request.headers },
                body: text,
            };
            return {
                response: new HttpResponse({
                    statusCode: 200,
                    headers: { 'content-type': AMZ_JSON },
                    body: new TextEncoder().encode('{}'),
                }),
            };
        },
        updateHttpClientConfig() {},
        httpHandlerConfigs: () => ({}),
    };
    const admin = target.config.identity.admin;
    const client = new CognitoIdentityProviderClient({
        region: opts.region ?? target.config.identity.region,
        endpoint: 'http://127.0.0.1:8080/cognito-idp/',
        credentials: {
            accessKeyId: opts.accessKeyId ?? admin.accessKeyId,
            secretAccessKey: opts.secretAccessKey ?? admin.secretAccessKey,
        },
        systemClockOffset: opts.clockOffsetMs ?? 0,
        maxAttempts: 1,
        requestHandler: handler,
    });
    await send(client).catch(() => undefined);
    client.destroy();
    if (!captured) throw new Error('the SDK sent nothing');
    return captured;
}

/** Sends a captured request to the app. */
export function sendCaptured(
    app: FastifyInstance,
    request: CapturedRequest,
): Promise<LightMyRequestResponse> {
    return app.inject({
        method: request.method as 'POST',
        url: request.url,
        headers: request.headers,
        payload: request.body,
    });
}
