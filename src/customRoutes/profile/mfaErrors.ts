import { signInErrorKey } from '../signIn/signInErrors';

/**
 * The text key for a failed MFA change on the profile page. The identity service asks for a
 * recent sign-in before MFA changes (docs/identity.md) and refuses turning MFA off for users
 * who must have it; the rest are the sign-in texts (wrong code, throttling, network).
 */
export function mfaErrorKey(error: unknown): string {
    if (error instanceof Error) {
        if (error.name === 'NotAuthorizedException' && /recent sign-in/i.test(error.message))
            return 'app.mfa.profile.recentSignIn';
        if (error.name === 'InvalidParameterException' && /required/i.test(error.message))
            return 'app.mfa.profile.requiredNote';
    }
    return signInErrorKey(error);
}
