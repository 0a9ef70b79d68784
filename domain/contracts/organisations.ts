/**
 * Organisations (tenants) and their regions (depot groups) of the tour and tenant admin service
 * (`/tenant-admin/v1/tenants`, `/depotGroups`; domain §2, §3 Organization, §5, §8). Bodies are
 * checked loosely here (types and sizes) and by the rules of domain/organisations.ts in the
 * server, so an id in the wrong format answers INVALID_TENANT_ID and every other fault
 * BAD_REQUEST naming its `/body/<field>`.
 */
import { Type, type Static } from 'typebox';
import {
    MAX_REGIONS,
    ORGANISATION_NAME_MAX_LENGTH,
    REGION_NAME_MAX_LENGTH,
    TENANT_ID_MAX_LENGTH,
} from '../organisations.js';
import { BusinessHours } from './tenant-configuration.js';

const Id = Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' });
// Sizes only: the rules (domain/organisations.ts) name each fault.
const LooseName = (max: number) => Type.String({ maxLength: max * 2 });
const LooseClock = Type.String({ maxLength: 20 });

/** A region (depot group) of an organisation; regions can be renamed, never removed. */
const OrganisationRegion = Type.Object({
    id: Type.String(),
    name: Type.String(),
    depotCount: Type.Integer({ description: 'Depots of the region the caller may see' }),
});
type OrganisationRegion = Static<typeof OrganisationRegion>;

/** An organisation as `/tenant-admin/v1/tenants` answers it. */
export const Organisation = Type.Object({
    id: Type.String(),
    name: Type.String(),
    countryCode: Type.String(),
    timeZone: Type.String(),
    businessHours: BusinessHours,
    regions: Type.Array(OrganisationRegion),
    depotCount: Type.Integer({ description: 'Depots of the organisation the caller may see' }),
    version: Type.Integer(),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
});
export type Organisation = Static<typeof Organisation>;

const editable = {
    name: LooseName(ORGANISATION_NAME_MAX_LENGTH),
    countryCode: Type.String({ maxLength: 10 }),
    timeZone: Type.String({ maxLength: 100 }),
    businessHours: Type.Object(
        { from: LooseClock, to: LooseClock },
        { additionalProperties: false },
    ),
};

/** `POST /tenants`. */
export const OrganisationCreateBody = Type.Object(
    {
        id: Type.String({ maxLength: TENANT_ID_MAX_LENGTH * 5 }),
        ...editable,
        regions: Type.Array(
            Type.Object(
                { name: LooseName(REGION_NAME_MAX_LENGTH) },
                { additionalProperties: false },
            ),
            { maxItems: MAX_REGIONS * 2 },
        ),
    },
    { additionalProperties: false },
);
export type OrganisationCreateBody = Static<typeof OrganisationCreateBody>;

/** `PUT /tenants/:tenantId`: every stored region by id (renames allowed), new ones without id. */
export const OrganisationUpdateBody = Type.Object(
    {
        ...editable,
        regions: Type.Array(
            Type.Object(
                { id: Type.Optional(Id), name: LooseName(REGION_NAME_MAX_LENGTH) },
                { additionalProperties: false },
            ),
            { maxItems: MAX_REGIONS * 2 },
        ),
        version: Type.Integer({ minimum: 1 }),
    },
    { additionalProperties: false },
);
export type OrganisationUpdateBody = Static<typeof OrganisationUpdateBody>;

export const TenantParams = Type.Object({ tenantId: Id });

/** The fields the organisation list sorts by. */
export const organisationSortFields = [
    'name',
    'id',
    'countryCode',
    'timeZone',
    'depotCount',
    'createdAt',
] as const;
export type OrganisationSortField = (typeof organisationSortFields)[number];

const IdList = Type.Union([
    Type.String({ maxLength: 100 }),
    Type.Array(Type.String({ maxLength: 100 }), { maxItems: 500 }),
]);

/** Filters of the organisation list: a search in id and name (`q`), a country, ids (getMany). */
export const OrganisationFilter = Type.Object(
    {
        q: Type.Optional(Type.String({ maxLength: 100 })),
        countryCode: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$' })),
        id: Type.Optional(IdList),
    },
    { additionalProperties: false },
);
export type OrganisationFilter = Static<typeof OrganisationFilter>;

/** A region as `/tenant-admin/v1/depotGroups` answers it. */
export const DepotGroup = Type.Object({
    id: Type.String(),
    name: Type.String(),
    tenantId: Type.String(),
});
export type DepotGroup = Static<typeof DepotGroup>;

export const DepotGroupParams = Type.Object({ id: Id });

/** The fields the region list sorts by. */
export const depotGroupSortFields = ['name', 'id', 'tenantId'] as const;
export type DepotGroupSortField = (typeof depotGroupSortFields)[number];

/** Filters of the region list: the organisation (required unless the caller reads every organisation), a name search, ids (getMany). */
export const DepotGroupFilter = Type.Object(
    {
        tenantId: Type.Optional(Id),
        q: Type.Optional(Type.String({ maxLength: 100 })),
        id: Type.Optional(IdList),
    },
    { additionalProperties: false },
);
export type DepotGroupFilter = Static<typeof DepotGroupFilter>;
