import { Type, type Static } from 'typebox';

export const DeviceMapping = Type.Object({ service: Type.String(), id: Type.String() });

/** A depot with every field of domain §3 plus the names of its organisation and region. */
export const Depot = Type.Object({
    id: Type.String({ description: 'Same as internalDepotId (react-admin record id)' }),
    internalDepotId: Type.String(),
    externalDepotId: Type.String(),
    name: Type.String(),
    street: Type.String(),
    houseNo: Type.Union([Type.String(), Type.Null()]),
    postcode: Type.String(),
    locality: Type.String(),
    countryCode: Type.String(),
    latitude: Type.Number(),
    longitude: Type.Number(),
    timeZone: Type.String(),
    tenantId: Type.String(),
    tenantName: Type.String(),
    groupId: Type.String(),
    groupName: Type.String(),
    deviceMappings: Type.Array(DeviceMapping),
    manualJobUploadEnabled: Type.Boolean(),
    scopePath: Type.String(),
    version: Type.Integer({
        description: 'Send it back with an update (409 STALE_RECORD when stale)',
    }),
});
export type Depot = Static<typeof Depot>;

export const depotSortFields = [
    'name',
    'externalDepotId',
    'locality',
    'postcode',
    'countryCode',
    'timeZone',
    'tenantName',
    'groupName',
] as const;
export type DepotSortField = (typeof depotSortFields)[number];

/** Filters of the depot list; `q` searches name, external id, locality and postcode. */
export const DepotFilter = Type.Object(
    {
        q: Type.Optional(Type.String({ maxLength: 100 })),
        tenantId: Type.Optional(Type.String({ maxLength: 100 })),
        groupId: Type.Optional(Type.String({ maxLength: 100 })),
        countryCode: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$' })),
    },
    { additionalProperties: false },
);
export type DepotFilter = Static<typeof DepotFilter>;

export const DepotParams = Type.Object({
    internalDepotId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }),
});

export const TenantDepotParams = Type.Object({
    tenantId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }),
});
export const TenantDepotItemParams = Type.Object({
    tenantId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }),
    internalDepotId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }),
});

/** Fields of a depot write (domain/depots.ts has the rules; lengths here only bound the input). */
const depotWriteFields = {
    groupId: Type.String({ minLength: 1, maxLength: 100 }),
    // Null before the other type in unions: the validator coerces types, and null must stay null.
    externalDepotId: Type.String({ maxLength: 100 }),
    name: Type.String({ maxLength: 300 }),
    street: Type.String({ maxLength: 300 }),
    houseNo: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 100 })])),
    postcode: Type.String({ maxLength: 100 }),
    locality: Type.String({ maxLength: 300 }),
    countryCode: Type.String({ maxLength: 100 }),
    latitude: Type.Optional(Type.Union([Type.Null(), Type.Number()])),
    longitude: Type.Optional(Type.Union([Type.Null(), Type.Number()])),
    timeZone: Type.String({ maxLength: 100 }),
    deviceMappings: Type.Array(Type.String({ maxLength: 200 }), {
        maxItems: 100,
        description: '`service:ID` pairs',
    }),
    manualJobUploadEnabled: Type.Boolean(),
};

/** `POST /depots` (domain/depots.ts `CreateDepotBody`). */
export const CreateDepotBody = Type.Object(
    { tenantId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }), ...depotWriteFields },
    { additionalProperties: false },
);
/** `PUT /depots/:internalDepotId` (domain/depots.ts `UpdateDepotBody`). */
export const UpdateDepotBody = Type.Object(
    { ...depotWriteFields, version: Type.Integer({ minimum: 1 }) },
    { additionalProperties: false },
);

export const DepotUploadAnswer = Type.Object({ created: Type.Integer() });
