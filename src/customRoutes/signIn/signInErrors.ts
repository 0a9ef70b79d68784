import { UnsupportedSignInStepError } from '../../signInSteps';

const KEYS = 'app.signIn.errors';

/** NotAuthorizedException covers several cases that Cognito tells apart only by the message (cognito-protocol §2.9). */
const notAuthorizedKeys: [pattern: RegExp, key: string][] = [
    [/password attempts exceeded/i, `${KEYS}.lockedOut`],
    [/session is expired|invalid session/i, `${KEYS}.sessionExpired`],
    [/temporary password has expired/i, `${KEYS}.temporaryPasswordExpired`],
    [/user is disabled/i, `${KEYS}.userDisabled`],
    [/access token/i, `${KEYS}.sessionLost`],
];

/**
 * The text key for a failed call to the identity service (sign-in, its steps, password reset
 * and change). Amplify passes Cognito's error name through.
 */
export function signInErrorKey(error: unknown): string {
    if (error instanceof UnsupportedSignInStepError) return `${KEYS}.generic`;
    if (error instanceof TypeError) return `${KEYS}.network`;
    if (!(error instanceof Error)) return `${KEYS}.generic`;
    switch (error.name) {
        case 'NotAuthorizedException':
            return (
                notAuthorizedKeys.find(([pattern]) => pattern.test(error.message))?.[1] ??
                `${KEYS}.incorrectCredentials`
            );
        case 'UserNotFoundException':
            return `${KEYS}.incorrectCredentials`;
        // Amplify's own: no sign-in in progress (it forgets one after 3 minutes), or no session at all.
        case 'SignInException':
            return `${KEYS}.sessionExpired`;
        case 'UserUnAuthenticatedException':
            return `${KEYS}.sessionLost`;
        case 'CodeMismatchException':
        case 'EnableSoftwareTokenMFAException':
            return `${KEYS}.codeMismatch`;
        case 'ExpiredCodeException':
            return `${KEYS}.codeExpired`;
        case 'InvalidPasswordException':
            return 'app.password.passwordFormat';
        case 'LimitExceededException':
            return `${KEYS}.tooManyAttempts`;
        case 'TooManyRequestsException':
            return `${KEYS}.tooManyRequests`;
        case 'NetworkError':
            return `${KEYS}.network`;
        default:
            return `${KEYS}.generic`;
    }
}

/** True for errors after which the sign-in must start over (its challenge session is gone). */
export const mustRestartSignIn = (key: string) =>
    key === `${KEYS}.sessionExpired` || key === `${KEYS}.temporaryPasswordExpired`;
