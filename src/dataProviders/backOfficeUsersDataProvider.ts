import type { DataProvider, GetListParams, Identifier, RaRecord } from 'ra-core';
import type { AppContext } from '../../domain/enums';
import type {
    BackOfficeUser,
    BackOfficeUserDownloadQuery,
    BackOfficeUserQueryParams,
    BackOfficeUserType,
    CreateBackOfficeUserBody,
    RolesAndScopes,
    UpdateBackOfficeUserBody,
    UpdatePermissionsBody,
    UserIdsAnswer,
} from '../../domain/contracts/back-office-users';
import type { Page } from '../../domain/contracts/common';
import type { UserProfile } from '../../domain/contracts/profile';
import { currentAccessToken } from '../accessToken';
import { setLatestVersionId } from '../version';
import { withQuery, type QueryValue } from './backOfficeDataProvider';
import { dropEmptyQueryParameters, type HttpClient } from './httpClient';

/**
 * The `backoffice` resource (issue 5, domain §7) over the back-office service's user calls, plus
 * the user dialog's custom calls. Lists know their view: `context` and `path` come from
 * `params.meta` (or the filter), pages are 0-based on the wire, sort is `field,asc|desc`.
 */

/** A back-office user as the pages hold it; loaded from a profile it has no `wantsSecondScreenNews`. */
export type BackOfficeUserRecord = Omit<BackOfficeUser, 'wantsSecondScreenNews'> & {
    wantsSecondScreenNews?: boolean;
} & RaRecord;

/** The view a list or dialog works in: admin; tenant with its id; depot with its path. */
export interface UserView {
    context: AppContext;
    path?: string;
}

export type DownloadFormat = BackOfficeUserDownloadQuery['format'];

/** A file fetched for saving. */
export interface FetchedFile {
    blob: Blob;
    fileName: string;
}

export interface BackOfficeUserMethods {
    /** `GET /api/rolesAndScopes?context=&path=`: what the caller may grant in the view. */
    getRolesAndScopes(view: UserView): Promise<RolesAndScopes>;
    /** `PUT /api/v2/users/{hashId}/permissions`. */
    updatePermissions(body: UpdatePermissionsBody): Promise<BackOfficeUser>;
    /** `GET /api/v2/users/export`: every back-office user the caller may see, as CSV. */
    exportUsers(): Promise<FetchedFile>;
    /** `GET /api/v2/users/download?format=`: the list as filtered, as CSV or Excel. */
    downloadUsers(format: DownloadFormat, query: BackOfficeUserQueryParams): Promise<FetchedFile>;
}

export type BackOfficeUsersDataProvider = DataProvider & BackOfficeUserMethods;

/** Fetches a file with the session's bearer token (the http client reads bodies as text, which breaks spreadsheets). */
export type FileFetcher = (url: string) => Promise<FetchedFile>;

/** The file name of a `content-disposition` header (RFC 6266: `filename*` wins over `filename`). */
export function fileNameOf(disposition: string | null, fallback: string): string {
    if (!disposition) return fallback;
    const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
    if (extended?.[1]) {
        try {
            return decodeURIComponent(extended[1].trim());
        } catch {
            // Fall through to the plain name.
        }
    }
    const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(disposition);
    const name = plain?.[2] ?? plain?.[1];
    return name?.trim() || fallback;
}

const defaultFileFetcher: FileFetcher = async (url) => {
    const token = await currentAccessToken().catch(() => undefined);
    const response = await fetch(dropEmptyQueryParameters(url), {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    const versionId = response.headers.get('x-version-id');
    if (versionId) setLatestVersionId(versionId);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const fallback = url.includes('format=xlsx') ? 'backoffice-users.xlsx' : 'backoffice-users.csv';
    return {
        blob: await response.blob(),
        fileName: fileNameOf(response.headers.get('content-disposition'), fallback),
    };
};

const asString = (value: unknown): string | undefined =>
    typeof value === 'string' && value !== '' ? value : undefined;

/** The query of `GET /api/v2/users` for react-admin's list parameters (empty values dropped). */
export function listQueryOf(
    params: Pick<GetListParams, 'pagination' | 'sort' | 'filter' | 'meta'>,
): BackOfficeUserQueryParams {
    const meta = (params.meta ?? {}) as Partial<UserView>;
    const filter = (params.filter ?? {}) as Record<string, unknown>;
    const context = (meta.context ?? asString(filter.context) ?? 'admin') as AppContext;
    const path = meta.path ?? asString(filter.path);
    const query: BackOfficeUserQueryParams = { context };
    if (path) query.path = path;
    const search = asString(filter.q) ?? asString(filter.search);
    if (search) query.search = search;
    const type = asString(filter.type);
    if (type) query.type = type as BackOfficeUserType;
    const roleId = asString(filter.roleId);
    if (roleId) query.roleId = roleId;
    if (params.pagination) {
        query.page = Math.max(0, params.pagination.page - 1);
        query.size = params.pagination.perPage;
    }
    if (params.sort?.field)
        query.sort =
            `${params.sort.field},${params.sort.order === 'DESC' ? 'desc' : 'asc'}` as BackOfficeUserQueryParams['sort'];
    return query;
}

/** A profile (`GET /api/users/{hashId}`) as the edit dialog's record. */
export function recordOfProfile(profile: UserProfile): BackOfficeUserRecord {
    return {
        id: profile.id,
        type: profile.type as BackOfficeUserType,
        email: profile.email,
        firstName: profile.firstName,
        lastName: profile.lastName,
        mobilePhone: profile.mobilePhone,
        landLine: profile.landLine,
        tenantId: profile.tenants.length === 1 ? (profile.tenants[0]?.id ?? null) : null,
        lastLogin: profile.lastLogin,
        created: profile.created,
        version: profile.version,
        permissions: profile.permissions.map((permission) => ({
            id: permission.id,
            roleId: permission.role.id,
            roleName: permission.role.name,
            contexts: [permission.role.context],
            path: permission.path,
            scope: permission.scope,
            scopeName: permission.scopeDetails.name,
        })),
    };
}

const notSupported = (what: string) => () =>
    Promise.reject(new Error(`backoffice: ${what} is not supported`));

export function createBackOfficeUsersDataProvider(
    baseUrl: string,
    httpClient: HttpClient,
    fetchFile: FileFetcher = defaultFileFetcher,
): BackOfficeUsersDataProvider {
    const getJson = async <T>(path: string, query: Record<string, QueryValue> = {}) =>
        (await httpClient(withQuery(`${baseUrl}${path}`, query))).json as T;
    const send = async <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body: unknown) =>
        (await httpClient(`${baseUrl}${path}`, { method, body: JSON.stringify(body) })).json as T;
    const userPath = (id: Identifier) => `/users/${encodeURIComponent(String(id))}`;
    const deleteUsers = (ids: Identifier[]) =>
        send<UserIdsAnswer>('DELETE', '/v2/users', { ids: ids.map(String) });

    const provider: BackOfficeUsersDataProvider = {
        getList: async (_resource, params) => {
            const page = await getJson<Page<BackOfficeUser>>('/v2/users', {
                ...listQueryOf(params),
            });
            return { data: page.content as never[], total: page.totalElements };
        },
        getOne: async (_resource, params) => ({
            data: recordOfProfile(await getJson<UserProfile>(userPath(params.id))) as never,
        }),
        getMany: async (_resource, params) => ({
            data: (await Promise.all(
                params.ids.map(async (id) =>
                    recordOfProfile(await getJson<UserProfile>(userPath(id))),
                ),
            )) as never[],
        }),
        getManyReference: notSupported('getManyReference'),
        create: async (_resource, params) => ({
            data: (await send<BackOfficeUser>(
                'POST',
                '/v2/users',
                params.data as CreateBackOfficeUserBody,
            )) as never,
        }),
        update: async (_resource, params) => ({
            data: (await send<BackOfficeUser>(
                'PUT',
                userPath(params.id),
                params.data as UpdateBackOfficeUserBody,
            )) as never,
        }),
        updateMany: notSupported('updateMany'),
        delete: async (_resource, params) => {
            await deleteUsers([params.id]);
            return { data: (params.previousData ?? { id: params.id }) as never };
        },
        deleteMany: async (_resource, params) => ({ data: (await deleteUsers(params.ids)).ids }),
        getRolesAndScopes: (view) =>
            getJson<RolesAndScopes>('/rolesAndScopes', { context: view.context, path: view.path }),
        updatePermissions: (body) =>
            send<BackOfficeUser>(
                'PUT',
                `/v2/users/${encodeURIComponent(body.id)}/permissions`,
                body,
            ),
        exportUsers: () => fetchFile(`${baseUrl}/v2/users/export`),
        downloadUsers: (format, query) => {
            const { page: _page, size: _size, ...filters } = query;
            return fetchFile(withQuery(`${baseUrl}/v2/users/download`, { format, ...filters }));
        },
    };
    return provider;
}
