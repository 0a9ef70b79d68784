/** Client configurations: documents, revisions, save and restore bodies, route parameters. */
import { Type, type Static } from 'typebox';

/** A configuration document: any JSON object (its schema is checked by ajv, config-schemas.ts). */
export const ConfigDocument = Type.Record(Type.String(), Type.Unknown());
export type ConfigDocument = Static<typeof ConfigDocument>;

/** One revision of a client configuration (revision 0 with `{}`: nothing saved yet). */
export const ConfigRevision = Type.Object({
    revision: Type.Integer({ minimum: 0 }),
    document: ConfigDocument,
    createdAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    createdBy: Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()]),
    restoredFrom: Type.Union([Type.Integer(), Type.Null()], {
        description: 'The revision this one restored, if it is a restore',
    }),
});
export type ConfigRevision = Static<typeof ConfigRevision>;

export const ConfigSaveBody = Type.Object(
    {
        document: ConfigDocument,
        baseRevision: Type.Integer({
            minimum: 0,
            description:
                'The revision the document was edited from; another current revision is 409 STALE_RECORD.',
        }),
    },
    { additionalProperties: false },
);
export type ConfigSaveBody = Static<typeof ConfigSaveBody>;

export const ConfigRestoreBody = Type.Object(
    {
        baseRevision: Type.Integer({
            minimum: 0,
            description: 'The current revision the user saw when confirming.',
        }),
    },
    { additionalProperties: false },
);
export type ConfigRestoreBody = Static<typeof ConfigRestoreBody>;

const TenantId = Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' });
const DepotId = Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' });
const RevisionNumber = Type.Integer({ minimum: 1, maximum: 1_000_000 });

export const TenantConfigParams = Type.Object({ tenantId: TenantId });
export const DepotConfigParams = Type.Object({ internalDepotId: DepotId });
export const TenantRevisionParams = Type.Object({ tenantId: TenantId, revision: RevisionNumber });
export const DepotRevisionParams = Type.Object({
    internalDepotId: DepotId,
    revision: RevisionNumber,
});
