import { getBrowserConfig } from './config';
import { storedAccessToken } from './session';

/** Amplify's gateway, loaded only when a token must be refreshed or the session ends. */
const loadIdentity = () => import('./identity');

/**
 * The current access token: the stored one while it is valid (no Amplify needed, so a page
 * reload does not wait for it), otherwise Amplify's, refreshed when expired or when
 * `forceRefresh` is set; undefined when signed out.
 */
export async function currentAccessToken(forceRefresh = false): Promise<string | undefined> {
    if (!forceRefresh) {
        const stored = storedAccessToken(getBrowserConfig().cognito.userPoolClientId);
        if (stored) return stored;
    }
    return (await loadIdentity()).getAccessToken(forceRefresh);
}

/** Ends the session through Amplify (sign-out, stored entries cleared). */
export async function endSession(): Promise<void> {
    await (await loadIdentity()).endSession();
}

/** After a lost session: forget it, keep the route for after sign-in, reload at /login. */
export async function leaveToLogin(): Promise<void> {
    await (await loadIdentity()).leaveToLogin();
}
