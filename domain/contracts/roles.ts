/**
 * Roles (`/api/roles`, react-admin simple REST; domain §3 Role, §5 Roles): an organisation's own
 * roles and the platform's technical roles (no organisation), which are read-only.
 */
import { Type, type Static } from 'typebox';
import { roleContexts } from '../enums.js';
import { ROLE_NAME_MAX_LENGTH } from '../userRules.js';
import { ScopePath } from './common.js';

const RoleContext = Type.Enum(roleContexts);
const ActionCode = Type.String({ minLength: 1, maxLength: 100 });
const TenantId = Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' });

/** A role as `/api/roles` answers it. Technical roles (no tenant) are read-only. */
export const Role = Type.Object({
    id: Type.String(),
    tenantId: Type.Union([Type.String(), Type.Null()], {
        description: 'The owning organisation; null for the platform’s technical roles (read-only)',
    }),
    name: Type.String(),
    contexts: Type.Array(RoleContext),
    actions: Type.Array(Type.String()),
    visibilityPath: Type.String(),
    fixed: Type.Boolean(),
    technical: Type.Boolean(),
    assignedUsers: Type.Integer({
        description: 'Users holding the role on a scope the caller may read roles in',
    }),
    version: Type.Integer(),
});
export type Role = Static<typeof Role>;

export const RoleList = Type.Array(Role);

const definition = {
    // The rule's own limit is checked by roleNameRule (400 naming /body/name); the schema only caps the size.
    name: Type.String({ maxLength: ROLE_NAME_MAX_LENGTH * 2 }),
    contexts: Type.Array(RoleContext, { maxItems: roleContexts.length }),
    actions: Type.Array(ActionCode, { maxItems: 200 }),
    visibilityPath: ScopePath,
};

/** `POST /api/roles`. */
export const RoleBody = Type.Object(
    { tenantId: TenantId, ...definition },
    { additionalProperties: false },
);
export type RoleBody = Static<typeof RoleBody>;

/** `PUT /api/roles/:id`; unknown fields of a whole record are dropped. */
export const RoleUpdateBody = Type.Object(
    { ...definition, version: Type.Integer({ minimum: 1 }) },
    { additionalProperties: false },
);
export type RoleUpdateBody = Static<typeof RoleUpdateBody>;

export const RoleParams = Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }) });

export const roleSortFields = ['name', 'assignedUsers'] as const;
export type RoleSortField = (typeof roleSortFields)[number];

/** Filters of the role list: the organisation (required unless the caller reads every organisation's roles), a name search, a context, ids (getMany). */
export const RoleFilter = Type.Object(
    {
        tenantId: Type.Optional(TenantId),
        q: Type.Optional(Type.String({ maxLength: 100 })),
        context: Type.Optional(RoleContext),
        id: Type.Optional(
            Type.Union([
                Type.String({ maxLength: 100 }),
                Type.Array(Type.String({ maxLength: 100 }), { maxItems: 500 }),
            ]),
        ),
    },
    { additionalProperties: false },
);
export type RoleFilter = Static<typeof RoleFilter>;
