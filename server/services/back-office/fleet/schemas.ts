import { Type, type Static } from 'typebox';
import { appUserSortFields, driverTypes } from '../../../../domain/people.js';
import { usernameMaxLength } from '../../../../domain/userRules.js';
import { ScopePath } from '../../../../domain/contracts/common.js';

/** TypeBox schemas of the fleet routes (issue 5); the shapes are domain/people.ts's, checked with `satisfies` in the repositories. */

const Id = Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' });
const NullableString = Type.Union([Type.String(), Type.Null()]);
const Text = (maxLength: number) => Type.String({ maxLength });
const longestUsername = Math.max(...Object.values(usernameMaxLength));

export const DriverTypeSchema = Type.Union([Type.Literal('DRIVER'), Type.Literal('TEMP_DRIVER')]);
export type DriverTypeValue = Static<typeof DriverTypeSchema> & (typeof driverTypes)[number];

export const AppUser = Type.Object({
    id: Type.String(),
    type: Type.Union([Type.Literal('Driver'), Type.Literal('TempDriver')]),
    driverType: DriverTypeSchema,
    username: Type.String(),
    email: NullableString,
    firstName: Type.String(),
    lastName: Type.String(),
    mobilePhone: Type.String(),
    tenantId: Type.String(),
    depotId: Type.String(),
    externalDepotId: Type.String(),
    subcontractorId: Type.String(),
    subcontractorName: Type.String(),
    vehicleId: NullableString,
    vehicleNumber: NullableString,
    active: Type.Boolean(),
    wantsSecondScreenNews: Type.Boolean(),
    lastLogin: NullableString,
    created: Type.String(),
    version: Type.Integer(),
    scopePath: Type.String(),
});

export const AppUserPage = Type.Object({
    content: Type.Array(AppUser),
    totalElements: Type.Integer(),
    totalPages: Type.Integer(),
    size: Type.Integer(),
    number: Type.Integer(),
});

const sortPattern = `^(${appUserSortFields.join('|')}),(asc|desc)$`;

export const AppUserQuery = Type.Object(
    {
        path: Type.Optional(ScopePath),
        driverType: Type.Optional(DriverTypeSchema),
        active: Type.Optional(Type.Boolean()),
        subcontractorId: Type.Optional(Id),
        search: Type.Optional(Text(100)),
        page: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
        size: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
        sort: Type.Optional(Type.String({ pattern: sortPattern })),
    },
    { additionalProperties: false },
);
export type AppUserQuery = Static<typeof AppUserQuery>;

/** Field lengths are capped loosely here; the shared field rules (domain/userRules.ts) give the precise 400s. */
export const CreateAppUserBody = Type.Object({
    username: Text(longestUsername + 20),
    email: Type.Optional(Type.Union([Text(300), Type.Null()])),
    firstName: Text(200),
    lastName: Text(200),
    mobilePhone: Text(100),
    subcontractorId: Id,
    vehicleId: Type.Optional(Type.Union([Id, Type.Null()])),
    wantsSecondScreenNews: Type.Optional(Type.Boolean()),
});
export type CreateAppUserBody = Static<typeof CreateAppUserBody>;

export const UpdateAppUserBody = Type.Object({
    firstName: Text(200),
    lastName: Text(200),
    mobilePhone: Text(100),
    email: Type.Optional(Type.Union([Text(300), Type.Null()])),
    subcontractorId: Id,
    vehicleId: Type.Optional(Type.Union([Id, Type.Null()])),
    wantsSecondScreenNews: Type.Optional(Type.Boolean()),
    version: Type.Integer({ minimum: 0 }),
});
export type UpdateAppUserBody = Static<typeof UpdateAppUserBody>;

export const CreatedAppUser = Type.Object({ user: AppUser, temporaryPassword: NullableString });

export const DriverTypeParams = Type.Object({ driverType: DriverTypeSchema });
export const AppUserParams = Type.Object({ driverType: DriverTypeSchema, hashId: Id });

export const UserIdsBody = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 500 }) });
export const UserIdsAnswer = Type.Object({ ids: Type.Array(Type.String()) });

export const Subcontractor = Type.Object({
    id: Type.String(),
    tenantId: Type.String(),
    depotId: Type.String(),
    externalDepotId: Type.String(),
    name: Type.String(),
    code: Type.String(),
    scopePath: Type.String(),
    userCount: Type.Integer(),
    vehicleCount: Type.Integer(),
    version: Type.Integer(),
});

export const subcontractorSortFields = ['name', 'code', 'userCount', 'vehicleCount'] as const;
export type SubcontractorSortField = (typeof subcontractorSortFields)[number];

export const SubcontractorFilter = Type.Object(
    {
        q: Type.Optional(Text(100)),
        depotId: Type.Optional(Id),
        path: Type.Optional(ScopePath),
        id: Type.Optional(Type.Array(Id, { maxItems: 500 })),
    },
    { additionalProperties: false },
);
export type SubcontractorFilter = Static<typeof SubcontractorFilter>;

export const SubcontractorBody = Type.Object({
    depotId: Id,
    name: Text(300),
    code: Type.Optional(Type.Union([Text(100), Type.Null()])),
});
export type SubcontractorBody = Static<typeof SubcontractorBody>;

export const SubcontractorUpdateBody = Type.Object({
    name: Text(300),
    code: Text(100),
    version: Type.Integer({ minimum: 0 }),
});
export type SubcontractorUpdateBody = Static<typeof SubcontractorUpdateBody>;

export const Vehicle = Type.Object({
    id: Type.String(),
    tenantId: Type.String(),
    depotId: Type.String(),
    subcontractorId: Type.String(),
    subcontractorName: Type.String(),
    number: Type.String(),
    baseDriverId: NullableString,
    baseDriverName: NullableString,
    scopePath: Type.String(),
    version: Type.Integer(),
});

export const vehicleSortFields = ['number', 'subcontractorName', 'baseDriverName'] as const;
export type VehicleSortField = (typeof vehicleSortFields)[number];

export const VehicleFilter = Type.Object(
    {
        q: Type.Optional(Text(100)),
        depotId: Type.Optional(Id),
        subcontractorId: Type.Optional(Id),
        path: Type.Optional(ScopePath),
        id: Type.Optional(Type.Array(Id, { maxItems: 500 })),
    },
    { additionalProperties: false },
);
export type VehicleFilter = Static<typeof VehicleFilter>;

export const VehicleBody = Type.Object({
    subcontractorId: Id,
    number: Text(50),
    baseDriverId: Type.Optional(Type.Union([Id, Type.Null()])),
});
export type VehicleBody = Static<typeof VehicleBody>;

export const VehicleUpdateBody = Type.Object({
    number: Text(50),
    baseDriverId: Type.Union([Id, Type.Null()]),
    version: Type.Integer({ minimum: 0 }),
});
export type VehicleUpdateBody = Static<typeof VehicleUpdateBody>;

export const IdParams = Type.Object({ id: Id });

export const AppLicensesParams = Type.Object({ tenantId: Id });
export const AppLicensesQuery = Type.Object(
    { month: Type.Optional(Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' })) },
    { additionalProperties: false },
);

export const AppLicenses = Type.Object({
    tenantId: Type.String(),
    month: Type.String(),
    maxAppUsages: Type.Integer(),
    peakDay: NullableString,
    accounts: Type.Object({
        drivers: Type.Integer(),
        courierAccounts: Type.Integer(),
        active: Type.Integer(),
        inactive: Type.Integer(),
    }),
    depots: Type.Array(
        Type.Object({
            internalDepotId: Type.String(),
            externalDepotId: Type.String(),
            name: Type.String(),
            drivers: Type.Integer(),
            courierAccounts: Type.Integer(),
            maxAppUsages: Type.Integer(),
        }),
    ),
});
