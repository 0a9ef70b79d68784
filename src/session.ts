/**
 * What the browser keeps about a session, without loading Amplify: Amplify's token keys in
 * localStorage, and the route a signed-out visitor wanted (sessionStorage, shell §2.8).
 */
const COGNITO_STORAGE_PREFIX = 'CognitoIdentityServiceProvider.';
const INTENDED_ROUTE_KEY = 'app.intendedRoute';

/**
 * The public routes of shell §2.2 that the light sign-in shell serves. The fourth, /changePwd,
 * needs a session and is a page of the app: signed out, it shows the sign-in first (the route is
 * kept for after it).
 */
const signInShellRoutes = ['/login', '/resetPwd', '/forceChangePwd'] as const;
type SignInShellRoute = (typeof signInShellRoutes)[number];
export const LOGIN_ROUTE = '/login';
export const RESET_PASSWORD_ROUTE = '/resetPwd';
export const FORCE_CHANGE_PASSWORD_ROUTE = '/forceChangePwd';
export const CHANGE_PASSWORD_ROUTE = '/changePwd';
export const LANDING_ROUTE = '/landing';

function isSignInShellRoute(pathname: string): pathname is SignInShellRoute {
    return (signInShellRoutes as readonly string[]).includes(pathname);
}

/** True when Amplify has stored tokens for this app client (they may still have expired). */
export function hasStoredTokens(clientId: string, storage: Storage = localStorage): boolean {
    return Boolean(storage.getItem(`${COGNITO_STORAGE_PREFIX}${clientId}.LastAuthUser`));
}

/** Remembers a route for after sign-in; the root and the sign-in pages are not worth keeping. */
export function saveIntendedRoute(route: string, storage: Storage = sessionStorage): void {
    const pathname = route.split(/[?#]/)[0] ?? '';
    if (pathname === '' || pathname === '/' || isSignInShellRoute(pathname)) return;
    storage.setItem(INTENDED_ROUTE_KEY, route);
}

/** The saved route, once: reading it forgets it. */
export function takeIntendedRoute(storage: Storage = sessionStorage): string | null {
    const route = storage.getItem(INTENDED_ROUTE_KEY);
    storage.removeItem(INTENDED_ROUTE_KEY);
    return route;
}

/** Forgets the session: all of sessionStorage and Amplify's identity entries (shell §4, logout). */
export function clearStoredSession(
    local: Storage = localStorage,
    session: Storage = sessionStorage,
): void {
    session.clear();
    const keys = Array.from({ length: local.length }, (_, index) => local.key(index));
    for (const key of keys) if (key?.startsWith(COGNITO_STORAGE_PREFIX)) local.removeItem(key);
}

export type StartMode = 'signIn' | 'app';

/**
 * Decides what the first page load shows: the light sign-in shell on its routes and when no
 * tokens are stored, otherwise the app. A signed-out visit to any other route (guarded ones and
 * /changePwd) is replaced by /login (one client-side redirect) after saving the route.
 */
export function decideStartMode(
    clientId: string,
    location: Location = window.location,
    history: History = window.history,
): StartMode {
    if (isSignInShellRoute(location.pathname)) return 'signIn';
    if (hasStoredTokens(clientId)) return 'app';
    saveIntendedRoute(`${location.pathname}${location.search}${location.hash}`);
    history.replaceState(null, '', LOGIN_ROUTE);
    return 'signIn';
}

/** Amplify refreshes a token this long before it expires; reading it ourselves, we do the same. */
const EXPIRY_TOLERANCE_MS = 5_000;

function decodeJwtPayload(token: string): { exp?: unknown } | undefined {
    const payload = token.split('.')[1];
    if (!payload) return undefined;
    try {
        const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
        return JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as {
            exp?: unknown;
        };
    } catch {
        return undefined;
    }
}

/**
 * The stored access token when it is still valid, read from Amplify's entries without loading
 * Amplify (its expiry corrected by Amplify's recorded clock drift, with Amplify's tolerance);
 * undefined when there is none or it must be refreshed, which only Amplify can do.
 */
export function storedAccessToken(
    clientId: string,
    storage: Storage = localStorage,
    now: number = Date.now(),
): string | undefined {
    const prefix = `${COGNITO_STORAGE_PREFIX}${clientId}`;
    const user = storage.getItem(`${prefix}.LastAuthUser`);
    if (!user) return undefined;
    const token = storage.getItem(`${prefix}.${user}.accessToken`);
    if (!token) return undefined;
    const exp = decodeJwtPayload(token)?.exp;
    if (typeof exp !== 'number') return undefined;
    const clockDrift = Number.parseInt(storage.getItem(`${prefix}.${user}.clockDrift`) ?? '0', 10);
    const drift = Number.isFinite(clockDrift) ? clockDrift : 0;
    return now + drift + EXPIRY_TOLERANCE_MS < exp * 1000 ? token : undefined;
}
