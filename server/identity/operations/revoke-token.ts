import { Type } from 'typebox';
import { auditIdentityEvent } from '../audit.js';
import { CognitoError } from '../cognito-error.js';
import { assertClient } from '../context.js';
import { findSessionByRefreshToken, revokeSession } from '../sessions.js';
import { defineOperation } from './operation.js';
import { ClientId, RefreshToken } from './schemas.js';

const RevokeTokenInput = Type.Object({ Token: RefreshToken, ClientId });

/**
 * RevokeToken (Amplify's local signOut): ends the refresh token's session, so the refresh token
 * and every access token derived from it are refused at once. An unknown token answers `{}`
 * like RFC 7009, so the call reveals nothing.
 */
export const revokeToken = defineOperation('RevokeToken', RevokeTokenInput, async (input, ctx) => {
    assertClient(ctx, input.ClientId);
    // Our refresh tokens are opaque; a JWT here is an access or ID token.
    if (input.Token.split('.').length === 3)
        throw new CognitoError(
            'UnsupportedTokenTypeException',
            'Only refresh tokens can be revoked.',
        );
    const found = await findSessionByRefreshToken(ctx.db, input.Token);
    if (found && found.session.clientId === input.ClientId && !found.session.revokedAt) {
        await revokeSession(ctx.db, found.session.originJti);
        await auditIdentityEvent(ctx.db, ctx.request, {
            action: 'token-revoke',
            sub: found.identity.sub,
        });
    }
    return {};
});
