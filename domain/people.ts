import type { AppContext, RoleContext, ScopeLevel, UserType } from './enums.js';
import type { PermissionChangeRequest } from './permissionRows.js';
import type { UsernameRule } from './userRules.js';

/**
 * The answers and bodies of the people calls (domain §7, issue 5), shared by the server's
 * TypeBox schemas and the browser. Every editable record carries `version`: a save must send the
 * version it was based on, and a stale one is refused with 409 STALE_RECORD.
 */

/** A page of a list the spec defines with 0-based pages (ARCHITECTURE.md, Services). */
export interface Page<T> {
    content: T[];
    totalElements: number;
    totalPages: number;
    size: number;
    /** 0-based page number. */
    number: number;
}

/** Back-office user types (they sign in with their e-mail). */
export type BackOfficeUserType = Exclude<UserType, 'Driver' | 'TempDriver'>;

/** One role assignment of a user as the caller may see it. */
export interface UserPermission {
    id: string;
    roleId: string;
    roleName: string;
    /** The role's contexts (a role may carry several). */
    contexts: RoleContext[];
    path: string;
    scope: ScopeLevel;
    /** The scope's readable name (organisation, region, depot or subcontractor). */
    scopeName: string;
}

/** `GET /api/v2/users` rows and the answer of every back-office user write. */
export interface BackOfficeUser {
    id: string;
    type: BackOfficeUserType;
    email: string;
    firstName: string;
    lastName: string;
    mobilePhone: string | null;
    landLine: string | null;
    tenantId: string | null;
    wantsSecondScreenNews: boolean;
    lastLogin: string | null;
    created: string;
    version: number;
    /** Only the assignments inside the caller's scopes. */
    permissions: UserPermission[];
}

/** Sortable columns of `GET /api/v2/users` (`sort=<field>,asc|desc`). */
export const backOfficeUserSortFields = [
    'lastName',
    'firstName',
    'email',
    'type',
    'lastLogin',
    'created',
] as const;
export type BackOfficeUserSortField = (typeof backOfficeUserSortFields)[number];

/**
 * Query of `GET /api/v2/users` and `/download` (empty parameters dropped by the browser):
 * `context` and `path` are the current view (admin; tenant with the tenant id; depot with the
 * depot path); `search` matches name and e-mail.
 */
export interface BackOfficeUserQuery {
    context: AppContext;
    path?: string;
    search?: string;
    type?: BackOfficeUserType;
    roleId?: string;
    page?: number;
    size?: number;
    sort?: `${BackOfficeUserSortField},${'asc' | 'desc'}`;
}

/** `POST /api/v2/users`: the user's data plus the permissions to grant in `context`. */
export interface CreateBackOfficeUserBody {
    type: BackOfficeUserType;
    email: string;
    firstName: string;
    lastName: string;
    mobilePhone: string | null;
    landLine: string | null;
    wantsSecondScreenNews?: boolean;
    context: AppContext;
    /** The path of the current view (tenant id or depot path; absent in the admin context). */
    path?: string;
    permissions: { addPermissions: PermissionChangeRequest['addPermissions'] };
}

/** `PUT /api/users/{hashId}`: data only; the e-mail cannot be changed. */
export interface UpdateBackOfficeUserBody {
    type: BackOfficeUserType;
    firstName: string;
    lastName: string;
    mobilePhone: string | null;
    landLine: string | null;
    wantsSecondScreenNews?: boolean;
    version: number;
}

/** `PUT /api/v2/users/{hashId}/permissions`. */
export interface UpdatePermissionsBody {
    id: string;
    context: AppContext;
    path?: string;
    permissions: PermissionChangeRequest;
}

/** `DELETE /api/v2/users` and `PUT /api/users/active|inactive`: a list of user ids, one call. */
export interface UserIdsBody {
    ids: string[];
}

export interface UserIdsAnswer {
    ids: string[];
}

/** A role the user dialog offers (`GET /api/rolesAndScopes`). */
export interface RoleOption {
    id: string;
    name: string;
    contexts: RoleContext[];
    visibilityPath: string;
    actions: string[];
}

/** A scope the user dialog offers: '' is "all tenants" in the tenant context and the admin scope in the admin context. */
export interface ScopeOption {
    path: string;
    name: string;
    scope: ScopeLevel;
}

/** `GET /api/rolesAndScopes?context=&path=`: what the caller may grant in the view. */
export interface RolesAndScopes {
    roles: RoleOption[];
    scopes: ScopeOption[];
}

/** Driver types in paths: `POST /api/users/{driverType}`. */
export const driverTypes = ['DRIVER', 'TEMP_DRIVER'] as const;
export type DriverType = (typeof driverTypes)[number];
export const userTypeOfDriverType: Record<DriverType, 'Driver' | 'TempDriver'> = {
    DRIVER: 'Driver',
    TEMP_DRIVER: 'TempDriver',
};

/** A driver app account or courier account (`GET /api/v3/users/app`). */
export interface AppUser {
    id: string;
    type: 'Driver' | 'TempDriver';
    driverType: DriverType;
    username: string;
    email: string | null;
    firstName: string;
    lastName: string;
    mobilePhone: string;
    tenantId: string;
    depotId: string;
    externalDepotId: string;
    subcontractorId: string;
    subcontractorName: string;
    vehicleId: string | null;
    vehicleNumber: string | null;
    active: boolean;
    wantsSecondScreenNews: boolean;
    lastLogin: string | null;
    created: string;
    version: number;
    scopePath: string;
}

export const appUserSortFields = [
    'lastName',
    'firstName',
    'username',
    'subcontractorName',
    'vehicleNumber',
    'lastLogin',
    'created',
    'active',
] as const;
export type AppUserSortField = (typeof appUserSortFields)[number];

/** Query of `GET /api/v3/users/app`; `path` is a tenant id, depot path or subcontractor path. */
export interface AppUserQuery {
    path?: string;
    driverType?: DriverType;
    active?: boolean;
    subcontractorId?: string;
    search?: string;
    page?: number;
    size?: number;
    sort?: `${AppUserSortField},${'asc' | 'desc'}`;
}

/** `POST /api/users/{driverType}`. */
export interface CreateAppUserBody {
    username: string;
    email?: string | null;
    firstName: string;
    lastName: string;
    mobilePhone: string;
    subcontractorId: string;
    vehicleId?: string | null;
    wantsSecondScreenNews?: boolean;
}

/** The answer of `POST /api/users/{driverType}`: the temporary password is shown once when no e-mail carried it. */
export interface CreatedAppUser {
    user: AppUser;
    temporaryPassword: string | null;
}

/**
 * `PUT /api/users/{driverType}/{hashId}`. A different `subcontractorId` moves the account
 * (domain §4): it keeps only its app-account role, now on the new subcontractor; its vehicle
 * stays with the old subcontractor.
 */
export interface UpdateAppUserBody {
    firstName: string;
    lastName: string;
    mobilePhone: string;
    email?: string | null;
    subcontractorId: string;
    vehicleId?: string | null;
    wantsSecondScreenNews?: boolean;
    version: number;
}

/** A subcontractor (`/api/subcontractors`, simple REST). */
export interface Subcontractor {
    id: string;
    tenantId: string;
    depotId: string;
    externalDepotId: string;
    name: string;
    /** The subcontractor ID people use. */
    code: string;
    scopePath: string;
    userCount: number;
    vehicleCount: number;
    version: number;
}

export interface SubcontractorBody {
    depotId: string;
    name: string;
    code?: string | null;
}

export interface SubcontractorUpdateBody {
    name: string;
    code: string;
    version: number;
}

/** A vehicle (`/api/vehicles`, simple REST). */
export interface Vehicle {
    id: string;
    tenantId: string;
    depotId: string;
    subcontractorId: string;
    subcontractorName: string;
    number: string;
    baseDriverId: string | null;
    baseDriverName: string | null;
    scopePath: string;
    version: number;
}

export interface VehicleBody {
    subcontractorId: string;
    number: string;
    baseDriverId?: string | null;
}

export interface VehicleUpdateBody {
    number: string;
    baseDriverId: string | null;
    version: number;
}

/** A role (`/api/roles`, simple REST). Technical roles (no tenant) are read-only. */
export interface Role {
    id: string;
    tenantId: string | null;
    name: string;
    contexts: RoleContext[];
    actions: string[];
    visibilityPath: string;
    fixed: boolean;
    technical: boolean;
    assignedUsers: number;
    version: number;
}

export interface RoleBody {
    tenantId: string;
    name: string;
    contexts: RoleContext[];
    actions: string[];
    visibilityPath: string;
}

export interface RoleUpdateBody {
    name: string;
    contexts: RoleContext[];
    actions: string[];
    visibilityPath: string;
    version: number;
}

/** `GET /api/tenants/{tenantId}/app-licenses?month=YYYY-MM` (account counting, domain §9). */
export interface AppLicenses {
    tenantId: string;
    /** The counted month, `YYYY-MM`: the previous calendar month unless asked. */
    month: string;
    /** Peak daily number of distinct driver app logins in the month. */
    maxAppUsages: number;
    /** The day of the peak (`YYYY-MM-DD`), null without logins. */
    peakDay: string | null;
    accounts: { drivers: number; courierAccounts: number; active: number; inactive: number };
    depots: {
        internalDepotId: string;
        externalDepotId: string;
        name: string;
        drivers: number;
        courierAccounts: number;
        maxAppUsages: number;
    }[];
}

/** The tenant configuration value choosing the username rule (docs/decisions.md). */
export interface DriverAccountSettings {
    usernameRule: UsernameRule;
}
