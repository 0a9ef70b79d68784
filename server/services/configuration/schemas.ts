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
});
export type Depot = Static<typeof Depot>;

export const depotSortFields = ['name', 'externalDepotId', 'locality', 'postcode', 'countryCode', 'timeZone', 'tenantName', 'groupName'] as const;
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

export const DepotParams = Type.Object({ internalDepotId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }) });
