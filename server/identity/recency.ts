import { notAuthorized } from './cognito-error.js';

/**
 * ASVS 7.5.1: changing MFA or the e-mail address needs a recent sign-in, because Amplify sends
 * only the access token. Stricter than Cognito; see docs/identity.md.
 */
const REAUTHENTICATION_MAX_AGE_MS = 15 * 60 * 1000;
const RECENT_SIGN_IN_REQUIRED = 'Recent sign-in required: sign in again to change this setting.';

/** Refuses when the session's sign-in (`auth_time`) is older than 15 minutes. */
export function assertRecentSignIn(
    session: { authTime: Date } | undefined,
    now = new Date(),
): void {
    if (!session || now.getTime() - session.authTime.getTime() > REAUTHENTICATION_MAX_AGE_MS)
        throw notAuthorized(RECENT_SIGN_IN_REQUIRED);
}
