import { UnsupportedSignInStepError } from '../../signInSteps';

/**
 * The text key for a failed sign-in. Amplify passes Cognito's error name through; lockout is
 * told apart only by its message (cognito-protocol §2.9).
 */
export function signInErrorKey(error: unknown): string {
    if (error instanceof UnsupportedSignInStepError) return 'app.signIn.errors.generic';
    if (error instanceof TypeError) return 'app.signIn.errors.network';
    if (!(error instanceof Error)) return 'app.signIn.errors.generic';
    switch (error.name) {
        case 'NotAuthorizedException':
            return /password attempts exceeded/i.test(error.message) ? 'app.signIn.errors.lockedOut' : 'app.signIn.errors.incorrectCredentials';
        case 'UserNotFoundException':
            return 'app.signIn.errors.incorrectCredentials';
        case 'TooManyRequestsException':
        case 'LimitExceededException':
            return 'app.signIn.errors.tooManyRequests';
        case 'NetworkError':
            return 'app.signIn.errors.network';
        default:
            return 'app.signIn.errors.generic';
    }
}
