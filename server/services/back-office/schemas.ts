import { Type } from 'typebox';
import { dateFormats, lengthFormats, numberFormats, roleContexts, scopeLevels, timeFormats, weightFormats } from '../../../domain/enums.js';
import { IdName, ScopePath } from '../common-schemas.js';

const actionsByPath = Type.Record(Type.String(), Type.Array(Type.String()));

export const UserSettings = Type.Object({
    dateFormat: Type.Enum(dateFormats),
    timeFormat: Type.Enum(timeFormats),
    lengthFormat: Type.Enum(lengthFormats),
    weightFormat: Type.Enum(weightFormats),
    numberFormat: Type.Enum(numberFormats),
});

export const ProfilePermission = Type.Object({
    id: Type.String(),
    role: Type.Object({ id: Type.String(), name: Type.String(), actions: Type.Array(Type.String()), context: Type.Enum(roleContexts) }),
    scope: Type.Enum(scopeLevels),
    path: Type.String(),
    scopeDetails: Type.Object({ name: Type.String() }),
});

export const UserProfile = Type.Object({
    id: Type.String(),
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    initials: Type.String(),
    mobilePhone: Type.Union([Type.String(), Type.Null()]),
    landLine: Type.Union([Type.String(), Type.Null()]),
    created: Type.String({ format: 'date-time' }),
    lastLogin: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    settings: Type.Union([UserSettings, Type.Null()]),
    permissions: Type.Array(ProfilePermission),
    actions: Type.Object({ ADMIN: Type.Array(Type.String()), TENANT: actionsByPath, DEPOT: actionsByPath, SUBCONTRACTOR: actionsByPath }),
    tenants: Type.Array(IdName),
});

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

export const DistributionCentersQuery = Type.Object({ path: Type.Optional(ScopePath) });

export const ScopesQuery = Type.Object({
    level: Type.Integer({ minimum: 1, maximum: 5, default: 5 }),
    path: Type.Optional(ScopePath),
});

/** A scope tree node; children are nodes of the same shape (recursive). */
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
