import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import type { AuthenticationResult } from '../../../server/identity/tokens.js';
import { createTestApp, type TestApp } from './test-app.js';

export const IDENTITY_PASSWORD = 'Correct-Horse-9!';
export const AMZ_JSON = 'application/x-amz-json-1.1';

export type IdentityTestApp = TestApp;

/** The whole app on a fresh database, as every API test builds it; identity tests seed their own identities. */
export function createIdentityTestApp(env: Record<string, string> = {}): Promise<IdentityTestApp> {
    return createTestApp(env);
}

/** One call to the embedded endpoint, as Amplify sends it. */
export function cognitoCall(app: FastifyInstance, operation: string, body: unknown, url = '/cognito-idp/'): Promise<LightMyRequestResponse> {
    return app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': AMZ_JSON, 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
        payload: JSON.stringify(body),
    });
}

/** USER_PASSWORD_AUTH sign-in; the raw response, for tests that look at failures. */
export function initiatePasswordAuth(app: FastifyInstance, clientId: string, username: string, password: string): Promise<LightMyRequestResponse> {
    return cognitoCall(app, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: username, PASSWORD: password } });
}

/** Signs in and returns the tokens; fails the test when sign-in does not succeed. */
export async function signIn(target: IdentityTestApp, username: string, password = IDENTITY_PASSWORD): Promise<Required<AuthenticationResult>> {
    const response = await initiatePasswordAuth(target.app, target.config.identity.clientId, username, password);
    if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
    const result = response.json<{ AuthenticationResult: Required<AuthenticationResult> }>().AuthenticationResult;
    return result;
}

/** Cognito's error envelope of a response, for one-line assertions. */
export function cognitoErrorOf(response: LightMyRequestResponse): { status: number; type: string | undefined; __type: unknown; message: unknown } {
    const body = response.json<{ __type?: unknown; message?: unknown }>();
    const header = response.headers['x-amzn-errortype'];
    return { status: response.statusCode, type: typeof header === 'string' ? header : undefined, __type: body.__type, message: body.message };
}

/** The payload of a JWT, unverified: for reading claims in assertions. */
export const claimsOf = (token: string) => decodeJwt(token);
