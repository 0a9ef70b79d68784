import type { DistributionCenter, ScopeNode } from '../../domain/contracts/scopes';
import type { PageView } from '../../domain/contracts/page-views';
import type { NotificationStatistics } from '../../domain/contracts/statistics';
import type { HealthStatistics } from '../../domain/contracts/health';
import type { TenantConfiguration } from '../../domain/contracts/tenant-configuration';
import type { UserSettings, UserSettingsPatch } from '../../domain/contracts/settings';
import type { UserProfile } from '../../domain/contracts/profile';
import type { HttpClient } from './httpClient';

/** Scope tree depth asked for when none is given (shell §9). */
const DEFAULT_SCOPE_LEVEL = 5;

/** The back-office service's calls that are not CRUD (shell §7), typed for `useDataProvider<AppDataProvider>()`. */
export interface BackOfficeMethods {
    getProfile(): Promise<UserProfile>;
    /** Depots the caller may see, in the spec's order; `path` narrows to a scope path prefix. */
    getDistributionCenters(params?: { path?: string }): Promise<DistributionCenter[]>;
    getScopes(params?: { level?: number; path?: string }): Promise<ScopeNode>;
    /** Another back-office user's profile (`/users/profile/:userHashId`). */
    getUserProfile(hashId: string): Promise<UserProfile>;
    /** `POST /v2/users/:hashId/mfa-reset`: turns another back-office user's two-step sign-in off. */
    resetUserMfa(hashId: string): Promise<void>;
    /** `POST /v2/users/:hashId/invitation`: a new invitation with a new temporary password. */
    resendInvitation(hashId: string): Promise<void>;
    /** `PUT /users/me/settings`: all settings, when none are stored yet. */
    putSettings(settings: UserSettings): Promise<UserSettings>;
    /** `PATCH /users/me/settings`: one setting, when settings are stored. */
    patchSetting(patch: UserSettingsPatch): Promise<UserSettings>;
    getTenantConfiguration(tenantId: string): Promise<TenantConfiguration>;
    /** `date`: YYYY-MM-DD or `today`. */
    getDepotHealthStatistics(internalDepotId: string, date: string): Promise<HealthStatistics>;
    getTenantHealthStatistics(tenantId: string, date: string): Promise<HealthStatistics>;
    getStatistics(path: string): Promise<NotificationStatistics>;
    recordPageView(view: PageView): Promise<void>;
}

export type QueryValue = string | number | boolean | undefined | null;

/** `url` with the query's non-empty parameters (shell §7: empty parameters are dropped). */
export function withQuery(url: string, query: Record<string, QueryValue>): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query))
        if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
    const search = params.toString();
    return search ? `${url}?${search}` : url;
}

export function createBackOfficeMethods(
    baseUrl: string,
    httpClient: HttpClient,
): BackOfficeMethods {
    const getJson = async <T>(
        path: string,
        query: Record<string, string | number | undefined> = {},
    ) => (await httpClient(withQuery(`${baseUrl}${path}`, query))).json as T;
    const send = async <T>(method: 'POST' | 'PUT' | 'PATCH', path: string, body: unknown) =>
        (await httpClient(`${baseUrl}${path}`, { method, body: JSON.stringify(body) })).json as T;
    /** An action on one user that answers 204. */
    const postToUser = async (hashId: string, action: string) =>
        void (await httpClient(`${baseUrl}/v2/users/${encodeURIComponent(hashId)}/${action}`, {
            method: 'POST',
        }));
    return {
        getProfile: () => getJson<UserProfile>('/users/me'),
        getDistributionCenters: (params = {}) =>
            getJson<DistributionCenter[]>('/distributionCenters', { path: params.path }),
        getScopes: (params = {}) =>
            getJson<ScopeNode>('/scopes', {
                level: params.level ?? DEFAULT_SCOPE_LEVEL,
                path: params.path ?? '',
            }),
        getUserProfile: (hashId) => getJson<UserProfile>(`/users/${encodeURIComponent(hashId)}`),
        resetUserMfa: (hashId) => postToUser(hashId, 'mfa-reset'),
        resendInvitation: (hashId) => postToUser(hashId, 'invitation'),
        putSettings: async (settings) =>
            (await send<{ userSettings: UserSettings }>('PUT', '/users/me/settings', settings))
                .userSettings,
        patchSetting: async (patch) =>
            (await send<{ userSettings: UserSettings }>('PATCH', '/users/me/settings', patch))
                .userSettings,
        // Shell §7: underscores in the tenant id are sent as hyphens.
        getTenantConfiguration: (tenantId) =>
            getJson<TenantConfiguration>(
                `/tenant-configuration/${encodeURIComponent(tenantId.replaceAll('_', '-'))}`,
            ),
        getDepotHealthStatistics: (internalDepotId, date) =>
            getJson<HealthStatistics>(
                `/depots/${encodeURIComponent(internalDepotId)}/health-statistics/${encodeURIComponent(date)}`,
            ),
        getTenantHealthStatistics: (tenantId, date) =>
            getJson<HealthStatistics>(
                `/tenants/${encodeURIComponent(tenantId)}/health-statistics/${encodeURIComponent(date)}`,
            ),
        getStatistics: (path) => getJson<NotificationStatistics>('/statistics', { path }),
        recordPageView: async (view) => void (await send('POST', '/analytics/page-views', view)),
    };
}
