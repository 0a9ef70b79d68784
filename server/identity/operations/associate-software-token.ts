import { Type } from 'typebox';
import { invalidParameter } from '../cognito-error.js';
import { associateDuringSignIn } from '../flows/mfa-setup.js';
import { associateSignedIn } from '../flows/signed-in-mfa.js';
import { throttle } from '../rate-limit.js';
import { defineOperation } from './operation.js';
import { JwtToken, Session } from './schemas.js';

const AssociateSoftwareTokenInput = Type.Object({
    AccessToken: Type.Optional(JwtToken),
    Session: Type.Optional(Session),
});

/** AssociateSoftwareToken: a new TOTP secret, during sign-in (Session, MFA_SETUP) or signed in (AccessToken). */
export const associateSoftwareToken = defineOperation(
    'AssociateSoftwareToken',
    AssociateSoftwareTokenInput,
    async (input, ctx) => {
        if (Boolean(input.AccessToken) === Boolean(input.Session))
            throw invalidParameter('Exactly one of AccessToken and Session is required.');
        if (input.AccessToken) return associateSignedIn(ctx, input.AccessToken);
        await throttle(ctx, 'sign-in');
        return associateDuringSignIn(ctx, input.Session ?? '');
    },
);
