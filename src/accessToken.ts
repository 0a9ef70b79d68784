import { getBrowserConfig } from './config';
import { storedAccessToken } from './session';

/** Amplify's gateway, loaded only when a token must be refreshed or the session ends. */
const loadIdentity = () => import('./identity');

/** The stored access token while it is valid, synchronously (no Amplify); undefined otherwise. */
export function storedSessionToken(): string | undefined {
    return storedAccessToken(getBrowserConfig().cognito.userPoolClientId);
}

/**
 * The current access token: the stored one while it is valid (no Amplify needed, so a page
 * reload does not wait for it), otherwise Amplify's, refreshed when expired or when
 * `forceRefresh` is set; undefined when signed out.
 */
export async function currentAccessToken(forceRefresh = false): Promise<string | undefined> {
    if (!forceRefresh) {
        const stored = storedSessionToken();
        if (stored) return stored;
    }
    return (await loadIdentity()).getAccessToken(forceRefresh);
}

/** Ends the session through Amplify (sign-out, stored entries cleared). */
export async function endSession(): Promise<void> {
    await (await loadIdentity()).endSession();
}

/**
 * After a lost session: forget it, keep the route for after sign-in, reload at /login. Given the
 * tokens a request was refused with, a session another tab has started since (a stored, valid
 * token that was not refused) is kept, and this page reloads into it instead: an old tab's
 * refused request must not sign out the user who has just signed in again elsewhere.
 */
export async function leaveToLogin(refusedTokens?: readonly (string | undefined)[]): Promise<void> {
    const identity = await loadIdentity();
    if (refusedTokens) {
        const stored = storedSessionToken();
        if (stored && !refusedTokens.includes(stored)) return window.location.reload();
    }
    await identity.leaveToLogin();
}
