import { Type } from 'typebox';
import { assertClient } from '../context.js';
import { refreshTokens } from '../flows/refresh-token.js';
import { defineOperation } from './operation.js';
import { ClientId, ClientMetadata, RefreshToken } from './schemas.js';

const GetTokensFromRefreshTokenInput = Type.Object({ RefreshToken, ClientId, ClientMetadata });

/** GetTokensFromRefreshToken, Amplify ≥ 6.14's refresh. Rotation is off, so no RefreshToken comes back. */
export const getTokensFromRefreshToken = defineOperation(
    'GetTokensFromRefreshToken',
    GetTokensFromRefreshTokenInput,
    async (input, ctx) => {
        assertClient(ctx, input.ClientId);
        return {
            AuthenticationResult: await refreshTokens(
                ctx,
                input.RefreshToken,
                'GetTokensFromRefreshToken',
            ),
        };
    },
);
