import { Type, type Static } from 'typebox';
import {
    dateFormats,
    languages,
    lengthFormats,
    numberFormats,
    roleContexts,
    scopeLevels,
    timeFormats,
    userTypes,
    weightFormats,
} from '../../../domain/enums.js';
import {
    PAGE_VIEW_PATH_MAX_LENGTH,
    PAGE_VIEW_ROUTE_NAME_MAX_LENGTH,
    screenClasses,
} from '../../../domain/pageViews.js';
import { addEditUserFromValues } from '../../../domain/tenantConfiguration.js';
import { userSettingsKeys } from '../../../domain/userSettings.js';
import { usernameRules } from '../../../domain/userRules.js';
import { IdName, ScopePath } from '../../../domain/contracts/common.js';

const actionsByPath = Type.Record(Type.String(), Type.Array(Type.String()));

export const UserSettings = Type.Object({
    dateFormat: Type.Enum(dateFormats),
    timeFormat: Type.Enum(timeFormats),
    lengthFormat: Type.Enum(lengthFormats),
    weightFormat: Type.Enum(weightFormats),
    numberFormat: Type.Enum(numberFormats),
});

/** `PATCH /users/me/settings`: one setting; the value is checked against the key by the route. */
export const UserSettingsPatch = Type.Object({
    settingsKey: Type.Enum(userSettingsKeys),
    settingsValue: Type.String({ minLength: 1, maxLength: 40 }),
});

export const UserSettingsAnswer = Type.Object({ userSettings: UserSettings });

export const ProfilePermission = Type.Object({
    id: Type.String(),
    role: Type.Object({
        id: Type.String(),
        name: Type.String(),
        actions: Type.Array(Type.String()),
        context: Type.Enum(roleContexts),
    }),
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
    actions: Type.Object({
        ADMIN: Type.Array(Type.String()),
        TENANT: actionsByPath,
        DEPOT: actionsByPath,
        SUBCONTRACTOR: actionsByPath,
    }),
    tenants: Type.Array(IdName),
    type: Type.Enum(userTypes),
    version: Type.Integer({ minimum: 1 }),
});

/** A user's hashId (opaque, non-sequential). */
export const UserParams = Type.Object({
    hashId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }),
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

/** An organisation id as the browser sends it (letters, digits, `-`, `_`). */
const TenantId = Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' });

export const TenantConfigurationParams = Type.Object({ tenantId: TenantId });

const ClockTime = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' });

export const TenantConfiguration = Type.Object({
    id: Type.String(),
    frontend: Type.Object({
        businessHours: Type.Object({ from: ClockTime, to: ClockTime }),
        addEditUserFrom: Type.Enum(addEditUserFromValues),
        maxTemporaryUsersPerDepot: Type.Integer({ minimum: 0 }),
        hidePhoneNumberLastDigits: Type.Boolean(),
        liveDashboardRefreshIntervalInSec: Type.Integer({ minimum: 1 }),
        liveStatusShowLastUpdatedTime: Type.Boolean(),
        deviceMappingServices: Type.Array(Type.String()),
        driverUsernameRule: Type.Enum(usernameRules),
    }),
});

/** `YYYY-MM-DD` or `today`; the calendar check follows in the route (400 naming `/params/date`). */
const HealthDate = Type.String({ pattern: '^(today|\\d{4}-\\d{2}-\\d{2})$' });

export const DepotHealthParams = Type.Object({
    internalDepotId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }),
    date: HealthDate,
});
export const TenantHealthParams = Type.Object({ tenantId: TenantId, date: HealthDate });

export const HealthStatistics = Type.Object({
    lastAssignmentAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    lastStatusChangeAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export const StatisticsQuery = Type.Object({ path: Type.Optional(ScopePath) });

export const NotificationStatistics = Type.Object({
    path: Type.String(),
    addressCorrections: Type.Object({ pending: Type.Integer({ minimum: 0 }) }),
});

/** `POST /analytics/page-views`: sent only with consent; a path without query or fragment. */
export const PageViewBody = Type.Object(
    {
        consent: Type.Literal(true),
        path: Type.String({
            minLength: 1,
            maxLength: PAGE_VIEW_PATH_MAX_LENGTH,
            pattern: '^/[^?#]*$',
        }),
        routeName: Type.Optional(
            Type.String({ minLength: 1, maxLength: PAGE_VIEW_ROUTE_NAME_MAX_LENGTH }),
        ),
        language: Type.Enum(languages),
        screen: Type.Enum(screenClasses),
    },
    { additionalProperties: false },
);

export const PageViewRecord = Type.Object({
    id: Type.String(),
    occurredAt: Type.String({ format: 'date-time' }),
    path: Type.String(),
    routeName: Type.Union([Type.String(), Type.Null()]),
    language: Type.String(),
    screen: Type.Enum(screenClasses),
    tenantId: Type.Union([Type.String(), Type.Null()]),
    roles: Type.Array(Type.String()),
});

export const pageViewSortFields = [
    'occurredAt',
    'path',
    'routeName',
    'language',
    'screen',
    'tenantId',
] as const;
export type PageViewSortField = (typeof pageViewSortFields)[number];

const IsoDate = Type.String({
    pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2}))?$',
});

/** Filters of the page-view list; `q` searches the path, `from`/`to` are ISO dates (a plain `to` date includes its day, UTC). */
export const PageViewFilter = Type.Object(
    {
        q: Type.Optional(Type.String({ maxLength: PAGE_VIEW_PATH_MAX_LENGTH })),
        tenantId: Type.Optional(Type.String({ maxLength: 100 })),
        language: Type.Optional(Type.Enum(languages)),
        from: Type.Optional(IsoDate),
        to: Type.Optional(IsoDate),
    },
    { additionalProperties: false },
);
export type PageViewFilter = Static<typeof PageViewFilter>;
