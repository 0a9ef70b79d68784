import type { UserProfile } from '../domain/contracts/profile';
import { getBrowserConfig } from './config';
import { bearerHeaders, okJson } from './plainFetch';
import { storedAccessToken } from './session';
import { setLatestVersionId } from './version';

let request: Promise<UserProfile | undefined> | undefined;

/** What index.html's first script started (vite.config.ts, `firstLoad`). */
interface EarlyRequest {
    token: string;
    response: Promise<Response>;
}

/** The requests index.html's first script may start: the profile, and a depot page's depot list. */
type EarlyRequestName = 'profile' | 'depots';

/**
 * The request index.html's first script sent, once, if it was sent with the token now stored
 * (`currentToken` is asked only when there is one).
 */
export function takeEarlyRequest(
    name: EarlyRequestName,
    currentToken: () => string | undefined,
): Promise<Response> | undefined {
    const requests = (
        globalThis as { __bootRequests?: Partial<Record<EarlyRequestName, EarlyRequest>> }
    ).__bootRequests;
    const early = requests?.[name];
    if (!requests || !early) return undefined;
    delete requests[name];
    return early.token === currentToken() ? early.response : undefined;
}

/**
 * Asks for the signed-in user's profile (`GET /users/me`) as soon as the page starts, with the
 * stored access token and a plain `fetch` (or takes the request index.html's first script
 * already sent): no Amplify, no admin framework, so the answer arrives while the app's code is
 * still loading. Answers undefined when there is no valid
 * stored token or the request fails; the auth provider then takes its normal path (refresh
 * through Amplify, 401 handling). Started once per page load.
 */
export function startProfileRequest(): Promise<UserProfile | undefined> {
    request ??= (async () => {
        const token = storedAccessToken(getBrowserConfig().cognito.userPoolClientId);
        if (!token) return undefined;
        try {
            const early = takeEarlyRequest('profile', () => token);
            const response = await (early ??
                fetch(`${getBrowserConfig().services.backOffice}/users/me`, {
                    headers: bearerHeaders(token),
                }));
            const versionId = response.headers.get('x-version-id');
            if (versionId) setLatestVersionId(versionId);
            return await okJson<UserProfile>(response);
        } catch {
            return undefined;
        }
    })();
    return request;
}

/** The boot request's answer, once: later profile loads (after a sign-in) go to the server. */
export function takeBootProfile(): Promise<UserProfile | undefined> | undefined {
    const taken = request;
    request = Promise.resolve(undefined);
    return taken;
}
