/** Thrown when Amplify answers with a step other than DONE (MFA and new password come later). */
export class UnsupportedSignInStepError extends Error {
    constructor(public readonly step: string) {
        super(`Sign-in step ${step} is not supported yet`);
        this.name = 'UnsupportedSignInStepError';
    }
}
