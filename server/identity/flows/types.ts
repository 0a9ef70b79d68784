import type { AuthenticationResult } from '../tokens.js';

/** What InitiateAuth (and later RespondToAuthChallenge) answers: tokens, or the next challenge with its Session. */
export interface InitiateAuthResult {
    AuthenticationResult?: AuthenticationResult;
    ChallengeName?: string;
    Session?: string;
    ChallengeParameters: Record<string, string>;
}
