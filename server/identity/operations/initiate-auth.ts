import { Type } from 'typebox';
import { invalidParameter } from '../cognito-error.js';
import { assertClient } from '../context.js';
import { refreshTokens } from '../flows/refresh-token.js';
import { userPasswordAuth } from '../flows/user-password-auth.js';
import { defineOperation } from './operation.js';
import { ClientId, ClientMetadata, StringMap } from './schemas.js';

const InitiateAuthInput = Type.Object({
    AuthFlow: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Z_]+$' }),
    ClientId,
    AuthParameters: Type.Optional(StringMap),
    ClientMetadata,
});

/**
 * InitiateAuth: USER_PASSWORD_AUTH and REFRESH_TOKEN_AUTH (alias REFRESH_TOKEN). USER_SRP_AUTH
 * is deliberately not served (protocol §4, decision (a)): it answers like a flow the app client
 * does not allow.
 */
export const initiateAuth = defineOperation(
    'InitiateAuth',
    InitiateAuthInput,
    async (input, ctx) => {
        assertClient(ctx, input.ClientId);
        const parameters = input.AuthParameters ?? {};
        switch (input.AuthFlow) {
            case 'USER_PASSWORD_AUTH':
                return userPasswordAuth(ctx, parameters);
            case 'REFRESH_TOKEN_AUTH':
            case 'REFRESH_TOKEN': {
                const refreshToken = parameters.REFRESH_TOKEN;
                if (refreshToken === undefined)
                    throw invalidParameter('Missing required parameter REFRESH_TOKEN');
                return {
                    ChallengeParameters: {},
                    AuthenticationResult: await refreshTokens(ctx, refreshToken, input.AuthFlow),
                };
            }
            default:
                throw invalidParameter(`${input.AuthFlow} flow not enabled for this client`);
        }
    },
);
