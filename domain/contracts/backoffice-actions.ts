/**
 * Backoffice actions (admins only, domain §2): role sync between environments (the signed
 * role-sync file, its preview and import; domain/roleSync.ts has the rules) and translation
 * update (locale files, domain/localeFiles.ts).
 */
import { Type, type Static } from 'typebox';
import { languages, roleContexts } from '../enums.js';
import { ScopePath } from './common.js';

export const ROLE_SYNC_FORMAT = 'backoffice-role-sync';
export const ROLE_SYNC_FORMAT_VERSION = 1;

const Text = (maxLength: number) => Type.String({ maxLength });
const Strings = Type.Array(Type.String());
const NullableString = Type.Union([Type.String(), Type.Null()]);

/** One role of a role-sync file. */
export const SyncedRole = Type.Object(
    {
        /** Technical roles: their id; an organisation's role: `<tenantId>/<name>` (informative; matching uses tenantId and name). */
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
export type SyncedRole = Static<typeof SyncedRole>;

const roleSyncContent = {
    format: Type.Literal(ROLE_SYNC_FORMAT),
    formatVersion: Type.Literal(ROLE_SYNC_FORMAT_VERSION),
    environment: Type.String({ minLength: 1, maxLength: 100 }),
    exportedAt: Type.String({ format: 'date-time' }),
    roles: Type.Array(SyncedRole, { maxItems: 10_000 }),
};

/** The signed part of a role-sync file: everything but `signature`. */
export const RoleSyncContent = Type.Object(roleSyncContent, { additionalProperties: false });
export type RoleSyncContent = Static<typeof RoleSyncContent>;

/** A role-sync file as exported; preview and import take it as the body. */
export const RoleSyncFile = Type.Object(
    {
        ...roleSyncContent,
        /** HMAC-SHA256 (base64url) of `canonicalJson(content)` with the environments' shared secret. */
        signature: Type.String({ minLength: 1, maxLength: 200 }),
    },
    { additionalProperties: false },
);
export type RoleSyncFile = Static<typeof RoleSyncFile>;

/** `GET /api/backoffice-actions/roles/sync-settings`. */
export const RoleSyncSettings = Type.Object({
    environment: Type.String(),
    secretSource: Type.Union([Type.Literal('configured'), Type.Literal('ephemeral')], {
        description:
            'ephemeral: no ROLE_SYNC_SECRET is set, files verify only in this running server',
    }),
});
export type RoleSyncSettings = Static<typeof RoleSyncSettings>;

export const RoleChangeKind = Type.Union([
    Type.Literal('create'),
    Type.Literal('update'),
    Type.Literal('unchanged'),
    Type.Literal('skipped'),
    Type.Literal('conflict'),
]);
export type RoleChangeKind = Static<typeof RoleChangeKind>;

/**
 * Why a role is skipped (left out, the rest is imported) or in conflict (the import is refused):
 * - TENANT_NOT_FOUND (skipped): the organisation does not exist here;
 * - UNKNOWN_ACTIONS (skipped): action codes this release does not know;
 * - TECHNICAL_ROLE (skipped): a technical role that differs here or is missing (comes with the release);
 * - ROLE_IS_ASSIGNED_TO_USER (conflict): the update drops a context, or narrows the visibility path
 *   away from a scope, that assignments here rely on;
 * - INVALID_ROLE (conflict): the role breaks the role rules here (e.g. its visibility path is no scope here);
 * - DUPLICATE_ROLE_NAME (conflict): a technical role here has the name.
 */
export const RoleSyncReason = Type.Union([
    Type.Literal('TENANT_NOT_FOUND'),
    Type.Literal('UNKNOWN_ACTIONS'),
    Type.Literal('TECHNICAL_ROLE'),
    Type.Literal('ROLE_IS_ASSIGNED_TO_USER'),
    Type.Literal('INVALID_ROLE'),
    Type.Literal('DUPLICATE_ROLE_NAME'),
]);
export type RoleSyncReason = Static<typeof RoleSyncReason>;

/** What importing one role does here. */
export const RoleChange = Type.Object({
    key: Type.String(),
    name: Type.String(),
    tenantId: NullableString,
    technical: Type.Boolean(),
    kind: RoleChangeKind,
    /** The matching role here (update, unchanged, and conflicts of existing roles). */
    roleId: NullableString,
    /** The name here when the import changes it (only its case or spaces can differ). */
    nameBefore: NullableString,
    addedActions: Strings,
    removedActions: Strings,
    contextsBefore: Type.Union([Strings, Type.Null()]),
    contextsAfter: Strings,
    visibilityPathBefore: NullableString,
    visibilityPathAfter: Type.String(),
    reason: Type.Optional(RoleSyncReason),
    /** What the reason is about: unknown codes, broken rules, contexts or scopes in use. */
    reasonDetails: Type.Optional(Strings),
});
export type RoleChange = Static<typeof RoleChange>;

/** What importing a file would do (the preview). */
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

/** What an import did: the preview it applied, with the counts. */
export const RoleSyncResult = Type.Object({
    ...RoleSyncPreview.properties,
    created: Type.Integer(),
    updated: Type.Integer(),
});
export type RoleSyncResult = Static<typeof RoleSyncResult>;

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

/** One UI language: bundled, or updated by an upload (when, by whom). */
export const TranslationStatus = Type.Object({
    language: Type.Enum(languages),
    status: Type.Union([Type.Literal('bundled'), Type.Literal('updated')]),
    updatedAt: NullableString,
    updatedBy: Type.Union([
        Type.Object({
            id: Type.String(),
            name: Type.String(),
            email: NullableString,
        }),
        Type.Null(),
    ]),
});
export type TranslationStatus = Static<typeof TranslationStatus>;

export const TranslationStatusList = Type.Array(TranslationStatus);

/** A locale file: nested objects whose leaves are texts (checked against English by the handler). */
export const LocaleDocument = Type.Record(Type.String(), Type.Unknown());
export type LocaleDocument = Static<typeof LocaleDocument>;
