import { Type } from 'typebox';
import { invalidParameter } from '../cognito-error.js';
import { verifyDuringSignIn } from '../flows/mfa-setup.js';
import { verifySignedIn } from '../flows/signed-in-mfa.js';
import { throttle } from '../rate-limit.js';
import { defineOperation } from './operation.js';
import { JwtToken, Session, UserCode } from './schemas.js';

const VerifySoftwareTokenInput = Type.Object({
    AccessToken: Type.Optional(JwtToken),
    Session: Type.Optional(Session),
    UserCode,
    FriendlyDeviceName: Type.Optional(Type.String({ maxLength: 256 })),
});

/**
 * VerifySoftwareToken: a wrong code is EnableSoftwareTokenMFAException "Code mismatch", never
 * `Status: ERROR` (Amplify reads only the Session). Returns {Status: 'SUCCESS', Session?}.
 */
export const verifySoftwareToken = defineOperation(
    'VerifySoftwareToken',
    VerifySoftwareTokenInput,
    async (input, ctx) => {
        if (Boolean(input.AccessToken) === Boolean(input.Session))
            throw invalidParameter('Exactly one of AccessToken and Session is required.');
        if (input.AccessToken) return verifySignedIn(ctx, input.AccessToken, input.UserCode);
        await throttle(ctx, 'sign-in');
        return verifyDuringSignIn(ctx, input.Session ?? '', input.UserCode);
    },
);
