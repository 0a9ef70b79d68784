/**
 * Depots of the tour and tenant admin service (`/tenant-admin/v1/depots`, domain §3 Depot, §5
 * Depots): the answer, the list filter, route parameters, the create and update bodies and the
 * CSV upload. The rules of the fields live in domain/depots.ts; lengths here only bound the input.
 */
import { Type, type Static } from 'typebox';

const Id = Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' });

export const DeviceMapping = Type.Object({ service: Type.String(), id: Type.String() });
export type DeviceMapping = Static<typeof DeviceMapping>;

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

/** The fields the depot lists sort by (`sort=["name","ASC"]`). */
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

export const DepotParams = Type.Object({ internalDepotId: Id });
export const TenantDepotParams = Type.Object({ tenantId: Id });
export const TenantDepotItemParams = Type.Object({ tenantId: Id, internalDepotId: Id });

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

/** `POST /tenant-admin/v1/depots`. Coordinates both or neither: without them the address is geocoded. */
export const CreateDepotBody = Type.Object(
    { tenantId: Id, ...depotWriteFields },
    { additionalProperties: false },
);
export type CreateDepotBody = Static<typeof CreateDepotBody>;

/** `PUT /tenant-admin/v1/depots/:internalDepotId`: every field but the organisation, plus the version it was based on. */
export const UpdateDepotBody = Type.Object(
    { ...depotWriteFields, version: Type.Integer({ minimum: 1 }) },
    { additionalProperties: false },
);
export type UpdateDepotBody = Static<typeof UpdateDepotBody>;

/** `POST /tenant-admin/v1/depots/upload`: the CSV file (`text/csv`, the columns of domain/depots.ts `depotCsvColumns`). */
export const DepotUploadBody = Type.String({ description: 'The CSV file' });

/** Answer of a valid `POST /tenant-admin/v1/depots/upload`. */
export const DepotUploadAnswer = Type.Object({ created: Type.Integer() });
export type DepotUploadAnswer = Static<typeof DepotUploadAnswer>;
