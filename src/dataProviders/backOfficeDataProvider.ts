import type { DistributionCenter, ScopeNode, UserProfile } from '../../domain/profile';
import type { HttpClient } from './httpClient';

/** Scope tree depth asked for when none is given (shell §9). */
export const DEFAULT_SCOPE_LEVEL = 5;

/** The back-office service's calls that are not CRUD (shell §7), typed for `useDataProvider<AppDataProvider>()`. */
export interface BackOfficeMethods {
    getProfile(): Promise<UserProfile>;
    /** Depots the caller may see, in the spec's order; `path` narrows to a scope path prefix. */
    getDistributionCenters(params?: { path?: string }): Promise<DistributionCenter[]>;
    getScopes(params?: { level?: number; path?: string }): Promise<ScopeNode>;
}

function withQuery(url: string, query: Record<string, string | number | undefined>): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
    const search = params.toString();
    return search ? `${url}?${search}` : url;
}

export function createBackOfficeMethods(baseUrl: string, httpClient: HttpClient): BackOfficeMethods {
    const getJson = async <T>(path: string, query: Record<string, string | number | undefined> = {}) =>
        (await httpClient(withQuery(`${baseUrl}${path}`, query))).json as T;
    return {
        getProfile: () => getJson<UserProfile>('/users/me'),
        getDistributionCenters: (params = {}) => getJson<DistributionCenter[]>('/distributionCenters', { path: params.path }),
        getScopes: (params = {}) => getJson<ScopeNode>('/scopes', { level: params.level ?? DEFAULT_SCOPE_LEVEL, path: params.path ?? '' }),
    };
}
