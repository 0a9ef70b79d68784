import type {
    CreateParams,
    DataProvider,
    DeleteManyParams,
    DeleteParams,
    GetListParams,
    Identifier,
    RaRecord,
    UpdateManyParams,
    UpdateParams,
} from 'ra-core';
import type { UserIdsAnswer } from '../../domain/contracts/back-office-users';
import type {
    AppLicenses,
    AppUser,
    AppUserIdsAnswer,
    AppUserPage,
    CreateAppUserBody,
    CreatedAppUser,
    DriverType,
    UpdateAppUserBody,
} from '../../domain/contracts/fleet';
import { appUserSortFields } from '../../domain/enums';
import { emptyToNull } from '../../domain/userRules';
import type { HttpClient } from './httpClient';

/** An app account as react-admin holds it; a fresh one carries its temporary password once. */
export type AppUserRecord = AppUser & { temporaryPassword?: string | null };

/** The driver type a resource lists and creates (undefined: both). */
const driverTypeOfResource: Record<string, DriverType | undefined> = {
    tempDrivers: 'TEMP_DRIVER',
    subcontractorDrivers: 'DRIVER',
    'app-accounts': undefined,
    'app-accounts-admin': undefined,
};

const text = (value: unknown): string | undefined =>
    typeof value === 'string' && value !== '' ? value : undefined;

/**
 * The query of `GET /api/v3/users/app` from react-admin's list parameters. Filters: `path` (tenant
 * id, depot path or subcontractor path; a page's permanent filter), `depotPath` (a user's depot
 * choice inside it), `driverType`, `active` (boolean or 'true'/'false'), `subcontractorId`, `q`.
 */
export function appUserQueryOf(
    resource: string,
    params: Pick<GetListParams, 'filter' | 'pagination' | 'sort'>,
): Record<string, string> {
    const filter = (params.filter ?? {}) as Record<string, unknown>;
    const active =
        filter.active === true || filter.active === 'true'
            ? 'true'
            : filter.active === false || filter.active === 'false'
              ? 'false'
              : undefined;
    const query: Record<string, string | undefined> = {
        path: text(filter.depotPath) ?? text(filter.path),
        driverType: driverTypeOfResource[resource] ?? text(filter.driverType),
        active,
        subcontractorId: text(filter.subcontractorId),
        search: text(filter.q),
    };
    const { page = 1, perPage = 25 } = params.pagination ?? {};
    query.page = String(Math.max(0, page - 1));
    query.size = String(perPage);
    // Only the server's sort fields (react-admin's default `id` would be refused with a 400).
    const sortField = appUserSortFields.find((field) => field === params.sort?.field);
    if (sortField) query.sort = `${sortField},${params.sort?.order === 'DESC' ? 'desc' : 'asc'}`;
    return Object.fromEntries(
        Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
}

/** The body of a create from the form's values (empty strings sent as null, shell §5). */
export function createAppUserBody(data: Record<string, unknown>): CreateAppUserBody {
    return {
        username: String(data.username ?? '').trim(),
        email: emptyToNull(text(data.email)?.trim()),
        firstName: String(data.firstName ?? ''),
        lastName: String(data.lastName ?? ''),
        mobilePhone: String(data.mobilePhone ?? ''),
        subcontractorId: String(data.subcontractorId ?? ''),
        vehicleId: emptyToNull(text(data.vehicleId)),
        wantsSecondScreenNews: data.wantsSecondScreenNews === true,
    };
}

/** The body of an update; the version is the one the form was based on (409 STALE_RECORD when outdated). */
export function updateAppUserBody(
    data: Record<string, unknown>,
    previous: Partial<AppUser> | undefined,
): UpdateAppUserBody {
    const moved =
        previous?.subcontractorId !== undefined &&
        data.subcontractorId !== previous.subcontractorId;
    return {
        firstName: String(data.firstName ?? ''),
        lastName: String(data.lastName ?? ''),
        mobilePhone: String(data.mobilePhone ?? ''),
        email: emptyToNull(text(data.email)?.trim()),
        subcontractorId: String(data.subcontractorId ?? previous?.subcontractorId ?? ''),
        // The vehicle stays with the old subcontractor (domain §4).
        vehicleId: moved ? null : emptyToNull(text(data.vehicleId)),
        wantsSecondScreenNews: data.wantsSecondScreenNews === true,
        version: Number(data.version ?? previous?.version ?? 0),
    };
}

function driverTypeOf(resource: string, record: Partial<AppUser> | undefined): DriverType {
    return record?.driverType ?? driverTypeOfResource[resource] ?? 'DRIVER';
}

const unsupported = (what: string) => () =>
    Promise.reject(new Error(`${what} is not offered by the app accounts API`));

/**
 * Driver app accounts and courier accounts (domain §7) for the resources `tempDrivers`,
 * `app-accounts`, `app-accounts-admin` and `subcontractorDrivers`. Pages edit the record of the
 * list row (there is no single-account read); `updateMany` with `{ active }` is the bulk
 * activation (one call).
 */
export function createAppUsersDataProvider(baseUrl: string, httpClient: HttpClient): DataProvider {
    const json = (path: string, method: string, body?: unknown) =>
        httpClient(`${baseUrl}${path}`, {
            method,
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
    const methods = createAppUsersMethods(baseUrl, httpClient);

    return {
        async getList(resource, params) {
            const query = new URLSearchParams(appUserQueryOf(resource, params));
            const { json: page } = await httpClient(`${baseUrl}/v3/users/app?${query.toString()}`);
            const { content, totalElements } = page as AppUserPage;
            return { data: content, total: totalElements } as never;
        },
        getOne: unsupported('getOne'),
        getMany: unsupported('getMany'),
        getManyReference: unsupported('getManyReference'),
        async create(resource, params: CreateParams) {
            const driverType = driverTypeOf(resource, params.data as Partial<AppUser>);
            const { json: created } = await json(
                `/users/${driverType}`,
                'POST',
                createAppUserBody(params.data as Record<string, unknown>),
            );
            const { user, temporaryPassword } = created as CreatedAppUser;
            return { data: { ...user, temporaryPassword } } as never;
        },
        async update(resource, params: UpdateParams) {
            const previous = params.previousData as Partial<AppUser> | undefined;
            const driverType = driverTypeOf(
                resource,
                previous ?? (params.data as Partial<AppUser>),
            );
            const body = updateAppUserBody(params.data as Record<string, unknown>, previous);
            const { json: user } = await json(
                `/users/${driverType}/${encodeURIComponent(String(params.id))}`,
                'PUT',
                body,
            );
            return { data: user as AppUser } as never;
        },
        async updateMany(_resource, params: UpdateManyParams) {
            const { active } = params.data as { active?: unknown };
            if (typeof active !== 'boolean')
                throw new Error('updateMany of app accounts changes `active` only');
            return { data: await methods.setUsersActive(params.ids, active) };
        },
        async delete(_resource, params: DeleteParams) {
            await json('/v2/users', 'DELETE', { ids: [String(params.id)] });
            return { data: (params.previousData ?? { id: params.id }) as RaRecord } as never;
        },
        async deleteMany(_resource, params: DeleteManyParams) {
            const { json: answer } = await json('/v2/users', 'DELETE', {
                ids: params.ids.map(String),
            });
            return { data: (answer as UserIdsAnswer).ids };
        },
    };
}

/** The custom calls of the app accounts (merged into `AppDataProvider` by the coordinator). */
export interface AppUsersMethods {
    /** `PUT /api/users/active|inactive` with all ids in one call; answers the changed ids. */
    setUsersActive: (ids: readonly Identifier[], active: boolean) => Promise<string[]>;
    /** `GET /api/tenants/{tenantId}/app-licenses?month=YYYY-MM` (default the previous month). */
    getAppLicenses: (tenantId: string, month?: string) => Promise<AppLicenses>;
}

export function createAppUsersMethods(baseUrl: string, httpClient: HttpClient): AppUsersMethods {
    return {
        async setUsersActive(ids, active) {
            const { json: answer } = await httpClient(
                `${baseUrl}/users/${active ? 'active' : 'inactive'}`,
                { method: 'PUT', body: JSON.stringify({ ids: ids.map(String) }) },
            );
            return (answer as AppUserIdsAnswer).ids;
        },
        async getAppLicenses(tenantId, month) {
            const query = month ? `?month=${encodeURIComponent(month)}` : '';
            const { json: answer } = await httpClient(
                `${baseUrl}/tenants/${encodeURIComponent(tenantId)}/app-licenses${query}`,
            );
            return answer as AppLicenses;
        },
    };
}
