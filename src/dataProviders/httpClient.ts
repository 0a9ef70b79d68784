import { currentAccessToken, leaveToLogin, storedSessionToken } from '../accessToken';
import { i18n } from '../i18n/i18next';
import { setLatestVersionId } from '../version';
import { ApiError } from './apiError';

interface HttpResponse {
    status: number;
    headers: Headers;
    body: string;
    json: unknown;
}

export type HttpClient = (url: string, options?: RequestInit) => Promise<HttpResponse>;

export interface HttpClientDeps {
    fetch: typeof fetch;
    /** The access token; `forceRefresh` after a 401. May throw: the request then goes on without one. */
    getAccessToken: (forceRefresh: boolean) => Promise<string | undefined>;
    /**
     * The stored access token while it is valid, synchronously: a request that has one is sent
     * in the same task it is asked for (a query started during a render goes out at once, not
     * after the render).
     */
    storedAccessToken?: () => string | undefined;
    /**
     * Called when a 401 survives a token refresh (shell §4: sign out, go to /login), with the
     * tokens that were refused (undefined where none could be had).
     */
    onSessionLost: (refusedTokens: readonly (string | undefined)[]) => Promise<void>;
    onVersionId: (versionId: string) => void;
    /** The language the user chose: sent as `Accept-Language` (the server orders names in its collation). */
    language?: () => string | undefined;
}

/** Drops query parameters whose value is empty (shell §7). */
export function dropEmptyQueryParameters(url: string): string {
    const [beforeQuery, query] = url.split('?', 2) as [string, string | undefined];
    if (query === undefined) return url;
    const [search = '', hash] = query.split('#', 2);
    const params = new URLSearchParams(search);
    for (const key of [...new Set(params.keys())]) {
        const kept = params.getAll(key).filter((value) => value !== '');
        params.delete(key);
        for (const value of kept) params.append(key, value);
    }
    const rest = params.toString();
    return `${beforeQuery}${rest ? `?${rest}` : ''}${hash === undefined ? '' : `#${hash}`}`;
}

function errorMessage(json: unknown, fallback: string): string {
    if (json && typeof json === 'object' && 'message' in json && typeof json.message === 'string')
        return json.message;
    return fallback;
}

/**
 * The one HTTP client of every data provider: bearer access token, JSON content type, the
 * user's language as `Accept-Language`, empty query parameters dropped, the `x-version-id` header recorded; a 401 refreshes the token and
 * retries once, a second 401 ends the session. Errors become react-admin `HttpError`s whose
 * body is the `{code, message, details}` envelope.
 */
export function createHttpClient(deps: HttpClientDeps): HttpClient {
    const tokenOrNone = (forceRefresh: boolean) =>
        deps.getAccessToken(forceRefresh).catch(() => undefined);

    const send = (url: string, options: RequestInit, token: string | undefined) => {
        const headers = new Headers(options.headers);
        if (!headers.has('Accept')) headers.set('Accept', 'application/json');
        // A JSON body is announced as such; a request without a body announces none (the server refuses an empty JSON body).
        const hasBody = options.body !== undefined && options.body !== null;
        if (hasBody && !headers.has('Content-Type') && !(options.body instanceof FormData))
            headers.set('Content-Type', 'application/json');
        if (token) headers.set('Authorization', `Bearer ${token}`);
        const language = deps.language?.();
        if (language && !headers.has('Accept-Language')) headers.set('Accept-Language', language);
        return deps.fetch(url, { ...options, headers });
    };

    return async (url, options = {}) => {
        const target = dropEmptyQueryParameters(url);
        const token = deps.storedAccessToken?.() ?? (await tokenOrNone(false));
        let response = await send(target, options, token);
        if (response.status === 401) {
            const freshToken = await tokenOrNone(true);
            if (freshToken) response = await send(target, options, freshToken);
            if (response.status === 401) await deps.onSessionLost([token, freshToken]);
        }
        const versionId = response.headers.get('x-version-id');
        if (versionId) deps.onVersionId(versionId);
        const body = await response.text();
        let json: unknown;
        try {
            json = body ? JSON.parse(body) : undefined;
        } catch {
            json = undefined;
        }
        if (response.status < 200 || response.status >= 300) {
            throw new ApiError(
                errorMessage(json, response.statusText || `HTTP ${response.status}`),
                response.status,
                json,
                (options.method ?? 'GET').toUpperCase(),
            );
        }
        return { status: response.status, headers: response.headers, body, json };
    };
}

export const httpClient: HttpClient = createHttpClient({
    fetch: (input, init) => fetch(input, init),
    getAccessToken: currentAccessToken,
    storedAccessToken: storedSessionToken,
    onSessionLost: leaveToLogin,
    onVersionId: setLatestVersionId,
    language: () => i18n.language,
});
