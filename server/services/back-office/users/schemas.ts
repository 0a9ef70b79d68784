import { Type, type Static } from 'typebox';
import {
    appContexts,
    backOfficeUserTypes,
    roleContexts,
    scopeLevels,
} from '../../../../domain/enums.js';
import { backOfficeUserSortFields } from '../../../../domain/people.js';
import { ScopePath } from '../../../../domain/contracts/common.js';

/** Schemas of the back-office user calls (domain §7); the types are those of domain/people.ts. */

const Id = Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' });
const NullableText = Type.Union([Type.String({ maxLength: 200 }), Type.Null()]);
const DateTime = Type.String({ format: 'date-time' });

export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 25;
/** At most this many rows in one export or download file. */
export const MAX_EXPORT_ROWS = 50_000;

export const UserPermission = Type.Object({
    id: Type.String(),
    roleId: Type.String(),
    roleName: Type.String(),
    contexts: Type.Array(Type.Enum(roleContexts)),
    path: Type.String(),
    scope: Type.Enum(scopeLevels),
    scopeName: Type.String(),
});

export const BackOfficeUser = Type.Object({
    id: Type.String(),
    type: Type.Enum(backOfficeUserTypes),
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
    permissions: Type.Array(UserPermission),
});
export type BackOfficeUserRecord = Static<typeof BackOfficeUser>;

export const BackOfficeUserPage = Type.Object({
    content: Type.Array(BackOfficeUser),
    totalElements: Type.Integer({ minimum: 0 }),
    totalPages: Type.Integer({ minimum: 0 }),
    size: Type.Integer({ minimum: 1 }),
    number: Type.Integer({ minimum: 0 }),
});

const sortPattern = `^(${backOfficeUserSortFields.join('|')}),(asc|desc)$`;

/** The filters shared by the list and the download. */
const filterFields = {
    context: Type.Enum(appContexts),
    path: Type.Optional(ScopePath),
    search: Type.Optional(Type.String({ maxLength: 100 })),
    type: Type.Optional(Type.Enum(backOfficeUserTypes)),
    roleId: Type.Optional(Id),
    sort: Type.Optional(Type.String({ pattern: sortPattern })),
};

export const BackOfficeUserQuery = Type.Object({
    ...filterFields,
    page: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
    size: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
});
export type BackOfficeUserQuery = Static<typeof BackOfficeUserQuery>;

export const downloadFormats = ['csv', 'xlsx'] as const;
export const BackOfficeUserDownloadQuery = Type.Object({
    ...filterFields,
    format: Type.Enum(downloadFormats, { default: 'xlsx' }),
});
export type BackOfficeUserDownloadQuery = Static<typeof BackOfficeUserDownloadQuery>;

const AddPermission = Type.Object(
    { path: Type.String({ maxLength: 400 }), roleId: Id },
    { additionalProperties: false },
);

/** Field values are checked by the domain's rules in the handler, so each broken rule names its field. */
export const CreateBackOfficeUserBody = Type.Object(
    {
        type: Type.Enum(backOfficeUserTypes),
        email: Type.String({ maxLength: 300 }),
        firstName: Type.String({ maxLength: 200 }),
        lastName: Type.String({ maxLength: 200 }),
        mobilePhone: NullableText,
        landLine: NullableText,
        wantsSecondScreenNews: Type.Optional(Type.Boolean()),
        context: Type.Enum(appContexts),
        path: Type.Optional(ScopePath),
        permissions: Type.Object(
            { addPermissions: Type.Array(AddPermission, { maxItems: 200 }) },
            { additionalProperties: false },
        ),
    },
    { additionalProperties: false },
);
export type CreateBackOfficeUserBody = Static<typeof CreateBackOfficeUserBody>;

export const UpdateBackOfficeUserBody = Type.Object(
    {
        type: Type.Enum(backOfficeUserTypes),
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

export const UpdatePermissionsBody = Type.Object(
    {
        id: Id,
        context: Type.Enum(appContexts),
        path: Type.Optional(ScopePath),
        permissions: Type.Object(
            {
                addPermissions: Type.Array(AddPermission, { maxItems: 200 }),
                removePermissions: Type.Array(Id, { maxItems: 200 }),
            },
            { additionalProperties: false },
        ),
    },
    { additionalProperties: false },
);
export type UpdatePermissionsBody = Static<typeof UpdatePermissionsBody>;

export const UserIdsBody = Type.Object(
    { ids: Type.Array(Id, { minItems: 1, maxItems: 100 }) },
    { additionalProperties: false },
);
export const UserIdsAnswer = Type.Object({ ids: Type.Array(Type.String()) });

export const RolesAndScopesQuery = Type.Object({
    context: Type.Enum(appContexts),
    path: Type.Optional(ScopePath),
});

export const RolesAndScopes = Type.Object({
    roles: Type.Array(
        Type.Object({
            id: Type.String(),
            name: Type.String(),
            contexts: Type.Array(Type.Enum(roleContexts)),
            visibilityPath: Type.String(),
            actions: Type.Array(Type.String()),
        }),
    ),
    scopes: Type.Array(
        Type.Object({ path: Type.String(), name: Type.String(), scope: Type.Enum(scopeLevels) }),
    ),
});
