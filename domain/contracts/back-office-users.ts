/**
 * The back-office user calls (domain §7, issue 5): list, download, create, edit, permissions,
 * delete, and what the user dialog may offer. Every editable record carries `version`: a save
 * must send the version it was based on, and a stale one is refused with 409 STALE_RECORD.
 */
import { Type, type Static } from 'typebox';
import { appContexts, backOfficeUserTypes, roleContexts, scopeLevels } from '../enums.js';
import { pageOf, ScopePath } from './common.js';

const Id = Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' });
const NullableText = Type.Union([Type.String({ maxLength: 200 }), Type.Null()]);
const DateTime = Type.String({ format: 'date-time' });

const MAX_PAGE_SIZE = 500;
const DEFAULT_PAGE_SIZE = 25;

/** A user's hashId (opaque, non-sequential). */
export const UserParams = Type.Object({ hashId: Id });
export type UserParams = Static<typeof UserParams>;

/** Back-office user types (they sign in with their e-mail). */
export const BackOfficeUserType = Type.Enum(backOfficeUserTypes);
export type BackOfficeUserType = Static<typeof BackOfficeUserType>;

/** One role assignment of a user as the caller may see it. */
export const UserPermission = Type.Object({
    id: Type.String(),
    roleId: Type.String(),
    roleName: Type.String(),
    /** The role's contexts (a role may carry several). */
    contexts: Type.Array(Type.Enum(roleContexts)),
    path: Type.String(),
    scope: Type.Enum(scopeLevels),
    /** The scope's readable name (organisation, region, depot or subcontractor). */
    scopeName: Type.String(),
});
export type UserPermission = Static<typeof UserPermission>;

/** `GET /v2/users` rows and the answer of every back-office user write. */
export const BackOfficeUser = Type.Object({
    id: Type.String(),
    type: BackOfficeUserType,
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    mobilePhone: Type.Union([Type.String(), Type.Null()]),
    landLine: Type.Union([Type.String(), Type.Null()]),
    tenantId: Type.Union([Type.String(), Type.Null()]),
    wantsSecondScreenNews: Type.Boolean(),
    lastLogin: Type.Union([DateTime, Type.Null()]),
    created: DateTime,
    version: Type.Integer({ minimum: 1 }),
    /** Only the assignments inside the caller's scopes. */
    permissions: Type.Array(UserPermission),
});
export type BackOfficeUser = Static<typeof BackOfficeUser>;

export const BackOfficeUserPage = pageOf(BackOfficeUser);
export type BackOfficeUserPage = Static<typeof BackOfficeUserPage>;

/** Sortable columns of `GET /v2/users` (`sort=<field>,asc|desc`). */
const backOfficeUserSortFields = [
    'lastName',
    'firstName',
    'email',
    'type',
    'lastLogin',
    'created',
] as const;
export type BackOfficeUserSortField = (typeof backOfficeUserSortFields)[number];

const sortPattern = `^(${backOfficeUserSortFields.join('|')}),(asc|desc)$`;

/**
 * The filters shared by the list and the download: `context` and `path` are the current view
 * (admin; tenant with the tenant id; depot with the depot path); `search` matches name and e-mail.
 */
const filterFields = {
    context: Type.Enum(appContexts),
    path: Type.Optional(ScopePath),
    search: Type.Optional(Type.String({ maxLength: 100 })),
    type: Type.Optional(BackOfficeUserType),
    roleId: Type.Optional(Id),
    sort: Type.Optional(Type.String({ pattern: sortPattern })),
};

/** Query of `GET /v2/users` (0-based `page`). */
export const BackOfficeUserQuery = Type.Object({
    ...filterFields,
    page: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
    size: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
});
export type BackOfficeUserQuery = Static<typeof BackOfficeUserQuery>;
/** `BackOfficeUserQuery` as a client sends it: `page` and `size` may be left out (their defaults apply). */
export type BackOfficeUserQueryParams = Omit<BackOfficeUserQuery, 'page' | 'size'> &
    Partial<Pick<BackOfficeUserQuery, 'page' | 'size'>>;

const downloadFormats = ['csv', 'xlsx'] as const;

/** Query of `GET /v2/users/download`: the list's filters and the file format. */
export const BackOfficeUserDownloadQuery = Type.Object({
    ...filterFields,
    format: Type.Enum(downloadFormats, { default: 'xlsx' }),
});
export type BackOfficeUserDownloadQuery = Static<typeof BackOfficeUserDownloadQuery>;

const AddPermission = Type.Object(
    { path: Type.String({ maxLength: 400 }), roleId: Id },
    { additionalProperties: false },
);

/**
 * `POST /v2/users`: the user's data plus the permissions to grant in `context`. Field values are
 * checked by the domain's rules in the handler, so each broken rule names its field.
 */
export const CreateBackOfficeUserBody = Type.Object(
    {
        type: BackOfficeUserType,
        email: Type.String({ maxLength: 300 }),
        firstName: Type.String({ maxLength: 200 }),
        lastName: Type.String({ maxLength: 200 }),
        mobilePhone: NullableText,
        landLine: NullableText,
        wantsSecondScreenNews: Type.Optional(Type.Boolean()),
        context: Type.Enum(appContexts),
        /** The path of the current view (tenant id or depot path; absent in the admin context). */
        path: Type.Optional(ScopePath),
        permissions: Type.Object(
            { addPermissions: Type.Array(AddPermission, { maxItems: 200 }) },
            { additionalProperties: false },
        ),
    },
    { additionalProperties: false },
);
export type CreateBackOfficeUserBody = Static<typeof CreateBackOfficeUserBody>;

/** `PUT /users/{hashId}`: data only; the e-mail cannot be changed. */
export const UpdateBackOfficeUserBody = Type.Object(
    {
        type: BackOfficeUserType,
        /** Optional; when sent it must equal the stored e-mail (it cannot be changed). */
        email: Type.Optional(Type.String({ maxLength: 300 })),
        firstName: Type.String({ maxLength: 200 }),
        lastName: Type.String({ maxLength: 200 }),
        mobilePhone: NullableText,
        landLine: NullableText,
        wantsSecondScreenNews: Type.Optional(Type.Boolean()),
        version: Type.Integer({ minimum: 1 }),
    },
    { additionalProperties: false },
);
export type UpdateBackOfficeUserBody = Static<typeof UpdateBackOfficeUserBody>;

/** `PUT /v2/users/{hashId}/permissions`. */
/** The permissions a change adds (role on a scope path) and removes (assignment ids). */
export const PermissionChangeRequest = Type.Object(
    {
        addPermissions: Type.Array(AddPermission, { maxItems: 200 }),
        removePermissions: Type.Array(Id, { maxItems: 200 }),
    },
    { additionalProperties: false },
);
export type PermissionChangeRequest = Static<typeof PermissionChangeRequest>;

export const UpdatePermissionsBody = Type.Object(
    {
        id: Id,
        context: Type.Enum(appContexts),
        path: Type.Optional(ScopePath),
        permissions: PermissionChangeRequest,
    },
    { additionalProperties: false },
);
export type UpdatePermissionsBody = Static<typeof UpdatePermissionsBody>;

/** `DELETE /v2/users`: a list of user ids, one call (all or none). */
export const UserIdsBody = Type.Object(
    { ids: Type.Array(Id, { minItems: 1, maxItems: 100 }) },
    { additionalProperties: false },
);
export type UserIdsBody = Static<typeof UserIdsBody>;

export const UserIdsAnswer = Type.Object({ ids: Type.Array(Type.String()) });
export type UserIdsAnswer = Static<typeof UserIdsAnswer>;

/** `GET /rolesAndScopes?context=&path=`: the view the user dialog works in. */
export const RolesAndScopesQuery = Type.Object({
    context: Type.Enum(appContexts),
    path: Type.Optional(ScopePath),
});
export type RolesAndScopesQuery = Static<typeof RolesAndScopesQuery>;

/** A role the user dialog offers (`GET /rolesAndScopes`). */
const RoleOption = Type.Object({
    id: Type.String(),
    name: Type.String(),
    contexts: Type.Array(Type.Enum(roleContexts)),
    visibilityPath: Type.String(),
    actions: Type.Array(Type.String()),
});
type RoleOption = Static<typeof RoleOption>;

/** A scope the user dialog offers: '' is "all tenants" in the tenant context and the admin scope in the admin context. */
export const ScopeOption = Type.Object({
    path: Type.String(),
    name: Type.String(),
    scope: Type.Enum(scopeLevels),
});
export type ScopeOption = Static<typeof ScopeOption>;

/** `GET /rolesAndScopes?context=&path=`: what the caller may grant in the view. */
export const RolesAndScopes = Type.Object({
    roles: Type.Array(RoleOption),
    scopes: Type.Array(ScopeOption),
});
export type RolesAndScopes = Static<typeof RolesAndScopes>;
