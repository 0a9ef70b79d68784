/**
 * The fleet calls (domain §3-§5, §7, §9, issue 5): driver app accounts and courier accounts,
 * subcontractors, their vehicles, and app licences. Every editable record carries `version`: a
 * save must send the version it was based on, and a stale one is refused with 409 STALE_RECORD.
 */
import { Type, type Static } from 'typebox';
import { appUserSortFields } from '../enums.js';
import { usernameMaxLength } from '../userRules.js';
import { pageOf, ScopePath } from './common.js';

const Id = Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' });
const NullableString = Type.Union([Type.String(), Type.Null()]);
const Text = (maxLength: number) => Type.String({ maxLength });
const longestUsername = Math.max(...Object.values(usernameMaxLength));

/** Driver types in paths: `POST /api/users/{driverType}`. */
export const DriverType = Type.Union([Type.Literal('DRIVER'), Type.Literal('TEMP_DRIVER')]);
export type DriverType = Static<typeof DriverType>;

/** The user type of an app account: a driver app account or a courier account. */
export const AppUserType = Type.Union([Type.Literal('Driver'), Type.Literal('TempDriver')]);
export type AppUserType = Static<typeof AppUserType>;

export const userTypeOfDriverType: Record<DriverType, AppUserType> = {
    DRIVER: 'Driver',
    TEMP_DRIVER: 'TempDriver',
};

/** A driver app account or courier account (`GET /api/v3/users/app`). */
export const AppUser = Type.Object({
    id: Type.String(),
    type: AppUserType,
    driverType: DriverType,
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
export type AppUser = Static<typeof AppUser>;

/** A page of app accounts (0-based pages, ARCHITECTURE.md, Services). */
export const AppUserPage = pageOf(AppUser);
export type AppUserPage = Static<typeof AppUserPage>;

export type AppUserSortField = (typeof appUserSortFields)[number];

/** Query of `GET /api/v3/users/app`; `path` is a tenant id, depot path or subcontractor path. */
export const AppUserQuery = Type.Object(
    {
        path: Type.Optional(ScopePath),
        driverType: Type.Optional(DriverType),
        active: Type.Optional(Type.Boolean()),
        subcontractorId: Type.Optional(Id),
        search: Type.Optional(Text(100)),
        page: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
        size: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
        /** `<field>,asc|desc` with a field of `appUserSortFields`. */
        sort: Type.Optional(
            Type.String({ pattern: `^(${appUserSortFields.join('|')}),(asc|desc)$` }),
        ),
    },
    { additionalProperties: false },
);
export type AppUserQuery = Static<typeof AppUserQuery>;

/**
 * `POST /api/users/{driverType}`. Field lengths are capped loosely here; the shared field rules
 * (domain/userRules.ts) give the precise 400s.
 */
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

/** The answer of `POST /api/users/{driverType}`: the temporary password is shown once when no e-mail carried it. */
export const CreatedAppUser = Type.Object({ user: AppUser, temporaryPassword: NullableString });
export type CreatedAppUser = Static<typeof CreatedAppUser>;

/**
 * `PUT /api/users/{driverType}/{hashId}`. A different `subcontractorId` moves the account
 * (domain §4): it keeps only its app-account role, now on the new subcontractor; its vehicle
 * stays with the old subcontractor.
 */
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

export const DriverTypeParams = Type.Object({ driverType: DriverType });
export const AppUserParams = Type.Object({ driverType: DriverType, hashId: Id });

/** `PUT /api/users/active|inactive`: courier account ids, all changed in one call. */
export const AppUserIdsBody = Type.Object({
    ids: Type.Array(Id, { minItems: 1, maxItems: 500 }),
});
export type AppUserIdsBody = Static<typeof AppUserIdsBody>;

/** The ids an activation or deactivation changed. */
export const AppUserIdsAnswer = Type.Object({ ids: Type.Array(Type.String()) });
export type AppUserIdsAnswer = Static<typeof AppUserIdsAnswer>;

/** A subcontractor (`/api/subcontractors`, simple REST). */
export const Subcontractor = Type.Object({
    id: Type.String(),
    tenantId: Type.String(),
    depotId: Type.String(),
    externalDepotId: Type.String(),
    name: Type.String(),
    /** The subcontractor ID people use. */
    code: Type.String(),
    scopePath: Type.String(),
    userCount: Type.Integer(),
    vehicleCount: Type.Integer(),
    version: Type.Integer(),
});
export type Subcontractor = Static<typeof Subcontractor>;

export const SubcontractorList = Type.Array(Subcontractor);

export const subcontractorSortFields = ['name', 'code', 'userCount', 'vehicleCount'] as const;
export type SubcontractorSortField = (typeof subcontractorSortFields)[number];

/** `filter` of the subcontractor list: `q` matches name or ID; `id` lists ids (getMany). */
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

/** `POST /api/subcontractors` (the ID is generated when absent). */
export const SubcontractorBody = Type.Object({
    depotId: Id,
    name: Text(300),
    code: Type.Optional(Type.Union([Text(100), Type.Null()])),
});
export type SubcontractorBody = Static<typeof SubcontractorBody>;

/** `PUT /api/subcontractors/{id}`. */
export const SubcontractorUpdateBody = Type.Object({
    name: Text(300),
    code: Text(100),
    version: Type.Integer({ minimum: 0 }),
});
export type SubcontractorUpdateBody = Static<typeof SubcontractorUpdateBody>;

/** A vehicle (`/api/vehicles`, simple REST). */
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
export type Vehicle = Static<typeof Vehicle>;

export const VehicleList = Type.Array(Vehicle);

export const vehicleSortFields = ['number', 'subcontractorName', 'baseDriverName'] as const;
export type VehicleSortField = (typeof vehicleSortFields)[number];

/** `filter` of the vehicle list: `q` matches number, subcontractor and regular driver; `id` lists ids (getMany). */
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

/** `POST /api/vehicles`. */
export const VehicleBody = Type.Object({
    subcontractorId: Id,
    number: Text(50),
    baseDriverId: Type.Optional(Type.Union([Id, Type.Null()])),
});
export type VehicleBody = Static<typeof VehicleBody>;

/** `PUT /api/vehicles/{id}`. */
export const VehicleUpdateBody = Type.Object({
    number: Text(50),
    baseDriverId: Type.Union([Id, Type.Null()]),
    version: Type.Integer({ minimum: 0 }),
});
export type VehicleUpdateBody = Static<typeof VehicleUpdateBody>;

/** `/api/subcontractors/{id}` and `/api/vehicles/{id}`. */
export const IdParams = Type.Object({ id: Id });

export const AppLicensesParams = Type.Object({ tenantId: Id });

/** `?month=YYYY-MM`; the previous calendar month when absent. */
export const AppLicensesQuery = Type.Object(
    { month: Type.Optional(Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' })) },
    { additionalProperties: false },
);
export type AppLicensesQuery = Static<typeof AppLicensesQuery>;

/** `GET /api/tenants/{tenantId}/app-licenses?month=YYYY-MM` (account counting, domain §9). */
export const AppLicenses = Type.Object({
    tenantId: Type.String(),
    /** The counted month, `YYYY-MM`: the previous calendar month unless asked. */
    month: Type.String(),
    /** Peak daily number of distinct driver app logins in the month. */
    maxAppUsages: Type.Integer(),
    /** The day of the peak (`YYYY-MM-DD`), null without logins. */
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
export type AppLicenses = Static<typeof AppLicenses>;

/**
 * A tracker (a GPS device or a phone with Traccar Client or OsmAnd) registered to a vehicle: its
 * identifier is what it sends as `id` in the OsmAnd protocol, and its credential.
 */
export const VehicleTracker = Type.Object({
    id: Type.String(),
    vehicleId: Type.String(),
    identifier: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
    lastSeenAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type VehicleTracker = Static<typeof VehicleTracker>;

/** A tracker identifier: 4–100 letters, digits, `.`, `_`, `:` or `-` (browser and server check the same). */
export const VEHICLE_TRACKER_ID_PATTERN = '^[A-Za-z0-9._:-]{4,100}$';

export const VehicleTrackerBody = Type.Object(
    {
        identifier: Type.String({
            pattern: VEHICLE_TRACKER_ID_PATTERN,
            description:
                "The tracker's identifier (4–100 letters, digits, '.', '_', ':' or '-'), e.g. Traccar Client's device identifier or the tracker's IMEI",
        }),
    },
    { additionalProperties: false },
);
export type VehicleTrackerBody = Static<typeof VehicleTrackerBody>;

export const VehicleTrackerParams = Type.Object({ id: Id, trackerId: Id });
