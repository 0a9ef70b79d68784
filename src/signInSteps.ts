/**
 * Where a sign-in stands after an answer: Amplify's next step, reduced to the steps this product
 * serves (shell §4). Kept apart from identity.ts so the sign-in pages can use it without Amplify.
 */
export type SignInStep =
    | { kind: 'done' }
    /** A temporary password must be replaced (/forceChangePwd). */
    | { kind: 'newPassword' }
    /** Setup mode (custom:mfa_setup): register an authenticator app, then confirm with its code. */
    | { kind: 'totpSetup'; sharedSecret: string; setupUri: (issuer: string) => string }
    /** Login mode: the authenticator app's code. */
    | { kind: 'totpCode' }
    /** The password must be reset with an e-mailed code (/resetPwd). */
    | { kind: 'resetPassword' };

/** Thrown when Amplify answers with a step this product does not offer (SMS or e-mail codes, sign-up). */
export class UnsupportedSignInStepError extends Error {
    constructor(public readonly step: string) {
        super(`Sign-in step ${step} is not supported`);
        this.name = 'UnsupportedSignInStepError';
    }
}
