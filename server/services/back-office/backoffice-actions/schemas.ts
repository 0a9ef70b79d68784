import { Type, type Static } from 'typebox';
import { languages, roleContexts } from '../../../../domain/enums.js';
import { ROLE_SYNC_FORMAT, ROLE_SYNC_FORMAT_VERSION } from '../../../../domain/roleSync.js';
import { ScopePath } from '../../../../domain/contracts/common.js';

const Text = (maxLength: number) => Type.String({ maxLength });

/** One role of a role-sync file (domain/roleSync.ts `SyncedRole`). */
export const SyncedRole = Type.Object(
    {
        key: Type.String({ minLength: 1, maxLength: 300 }),
        name: Text(200),
        tenantId: Type.Union([Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }), Type.Null()]),
        contexts: Type.Array(Type.Enum(roleContexts), { maxItems: roleContexts.length }),
        actions: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 300 }),
        visibilityPath: ScopePath,
        technical: Type.Boolean(),
    },
    { additionalProperties: false },
);

/** A role-sync file as exported (domain/roleSync.ts `RoleSyncFile`); preview and import take it as the body. */
export const RoleSyncFile = Type.Object(
    {
        format: Type.Literal(ROLE_SYNC_FORMAT),
        formatVersion: Type.Literal(ROLE_SYNC_FORMAT_VERSION),
        environment: Type.String({ minLength: 1, maxLength: 100 }),
        exportedAt: Type.String({ format: 'date-time' }),
        roles: Type.Array(SyncedRole, { maxItems: 10_000 }),
        signature: Type.String({ minLength: 1, maxLength: 200 }),
    },
    { additionalProperties: false },
);
export type RoleSyncFile = Static<typeof RoleSyncFile>;

export const RoleSyncSettings = Type.Object({
    environment: Type.String(),
    secretSource: Type.Union([Type.Literal('configured'), Type.Literal('ephemeral')], {
        description:
            'ephemeral: no ROLE_SYNC_SECRET is set, files verify only in this running server',
    }),
});

const RoleChangeKind = Type.Union([
    Type.Literal('create'),
    Type.Literal('update'),
    Type.Literal('unchanged'),
    Type.Literal('skipped'),
    Type.Literal('conflict'),
]);
const RoleSyncReason = Type.Union([
    Type.Literal('TENANT_NOT_FOUND'),
    Type.Literal('UNKNOWN_ACTIONS'),
    Type.Literal('TECHNICAL_ROLE'),
    Type.Literal('ROLE_IS_ASSIGNED_TO_USER'),
    Type.Literal('INVALID_ROLE'),
    Type.Literal('DUPLICATE_ROLE_NAME'),
]);
const Strings = Type.Array(Type.String());

/** What importing one role does here (domain/roleSync.ts `RoleChange`). */
export const RoleChange = Type.Object({
    key: Type.String(),
    name: Type.String(),
    tenantId: Type.Union([Type.String(), Type.Null()]),
    technical: Type.Boolean(),
    kind: RoleChangeKind,
    roleId: Type.Union([Type.String(), Type.Null()]),
    nameBefore: Type.Union([Type.String(), Type.Null()]),
    addedActions: Strings,
    removedActions: Strings,
    contextsBefore: Type.Union([Strings, Type.Null()]),
    contextsAfter: Strings,
    visibilityPathBefore: Type.Union([Type.String(), Type.Null()]),
    visibilityPathAfter: Type.String(),
    reason: Type.Optional(RoleSyncReason),
    reasonDetails: Type.Optional(Strings),
});

export const RoleSyncPreview = Type.Object({
    sourceEnvironment: Type.String(),
    targetEnvironment: Type.String(),
    exportedAt: Type.String(),
    /** Send it with the import so that exactly what was previewed is applied. */
    checksum: Type.String(),
    /** False when a role is in conflict: the import would be refused. */
    applicable: Type.Boolean(),
    changes: Type.Array(RoleChange),
});
export type RoleSyncPreview = Static<typeof RoleSyncPreview>;

export const RoleSyncResult = Type.Object({
    ...RoleSyncPreview.properties,
    created: Type.Integer(),
    updated: Type.Integer(),
});

export const RoleImportQuery = Type.Object({
    checksum: Type.Optional(
        Type.String({
            pattern: '^[0-9a-f]{64}$',
            description:
                'The preview’s checksum: the import is refused (409 STALE_RECORD) when the plan changed since',
        }),
    ),
});

export const LanguageParams = Type.Object({ language: Type.Enum(languages) });

export const TranslationStatus = Type.Object({
    language: Type.Enum(languages),
    status: Type.Union([Type.Literal('bundled'), Type.Literal('updated')]),
    updatedAt: Type.Union([Type.String(), Type.Null()]),
    updatedBy: Type.Union([
        Type.Object({
            id: Type.String(),
            name: Type.String(),
            email: Type.Union([Type.String(), Type.Null()]),
        }),
        Type.Null(),
    ]),
});
export type TranslationStatus = Static<typeof TranslationStatus>;

/** A locale file: nested objects whose leaves are texts (checked against English by the handler). */
export const LocaleFileBody = Type.Record(Type.String(), Type.Unknown());
