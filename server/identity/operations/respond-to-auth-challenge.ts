import { Type } from 'typebox';
import { invalidParameter } from '../cognito-error.js';
import { assertClient } from '../context.js';
import { answerMfaSetup } from '../flows/mfa-setup.js';
import { answerNewPassword } from '../flows/new-password-challenge.js';
import { answerSoftwareToken } from '../flows/software-token-challenge.js';
import { throttle } from '../rate-limit.js';
import { defineOperation } from './operation.js';
import { ClientId, ClientMetadata, Session, StringMap } from './schemas.js';

const RespondToAuthChallengeInput = Type.Object({
    ClientId,
    ChallengeName: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Z_]+$' }),
    Session: Type.Optional(Session),
    ChallengeResponses: Type.Optional(StringMap),
    ClientMetadata,
});

const handlers = new Map([
    ['NEW_PASSWORD_REQUIRED', answerNewPassword],
    ['SOFTWARE_TOKEN_MFA', answerSoftwareToken],
    ['MFA_SETUP', answerMfaSetup],
]);

/**
 * RespondToAuthChallenge for the challenges InitiateAuth issues: NEW_PASSWORD_REQUIRED,
 * SOFTWARE_TOKEN_MFA and MFA_SETUP (protocol §2.3). PASSWORD_VERIFIER is not served (no SRP).
 */
export const respondToAuthChallenge = defineOperation(
    'RespondToAuthChallenge',
    RespondToAuthChallengeInput,
    async (input, ctx) => {
        assertClient(ctx, input.ClientId);
        const responses = input.ChallengeResponses ?? {};
        const handler = handlers.get(input.ChallengeName);
        if (!handler)
            throw invalidParameter(`${input.ChallengeName} is not a supported challenge.`);
        if (!input.Session) throw invalidParameter('Missing required parameter Session');
        await throttle(ctx, 'sign-in');
        return handler(ctx, input.Session, responses);
    },
);
