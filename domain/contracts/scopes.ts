/** The depot list and the scope tree (shell §3, §7 `GET /distributionCenters`, `GET /scopes`). */
import { Type, type Static } from 'typebox';
import { scopeLevels } from '../enums.js';
import { IdName, ScopePath } from './common.js';

/** A depot as the selection lists show it (`GET /distributionCenters`, shell §3). */
export const DistributionCenter = Type.Object({
    internalDepotId: Type.String(),
    externalDepotId: Type.String(),
    locationName: Type.String(),
    tenant: IdName,
    group: IdName,
    countryCode: Type.String(),
    timeZone: Type.String(),
    path: Type.String(),
    manualJobUploadEnabled: Type.Boolean(),
});
export type DistributionCenter = Static<typeof DistributionCenter>;

/** `GET /distributionCenters?path=`: the depots under a scope path (all visible ones without). */
export const DistributionCentersQuery = Type.Object({ path: Type.Optional(ScopePath) });
export type DistributionCentersQuery = Static<typeof DistributionCentersQuery>;

/** `GET /scopes?level=&path=`: the tree `level` levels deep (5: down to subcontractors), or its node at `path`. */
export const ScopesQuery = Type.Object({
    level: Type.Integer({ minimum: 1, maximum: 5, default: 5 }),
    path: Type.Optional(ScopePath),
});
export type ScopesQuery = Static<typeof ScopesQuery>;

/** A node of the scope tree (`GET /scopes`, shell §3); children are nodes of the same shape (recursive). */
export const ScopeNode = Type.Cyclic(
    {
        ScopeNode: Type.Object({
            id: Type.String(),
            scope: Type.Enum(scopeLevels),
            name: Type.String(),
            path: Type.String(),
            children: Type.Array(Type.Ref('ScopeNode')),
            countryCode: Type.Optional(Type.String()),
            group: Type.Optional(Type.Object({ id: Type.String() })),
            tenant: Type.Optional(Type.Object({ id: Type.String() })),
            timeZone: Type.Optional(Type.String()),
            address: Type.Optional(Type.String()),
            externalDepotId: Type.Optional(Type.String()),
            internalDepotId: Type.Optional(Type.String()),
        }),
    },
    'ScopeNode',
);
export type ScopeNode = Static<typeof ScopeNode>;
