import type { Language, RoleContext, ScopeLevel, UserType } from './enums.js';
import type { UserSettings, UserSettingsKey } from './userSettings.js';
import type { ProfileActions } from './permissions.js';
import type { UsernameRule } from './userRules.js';

/** One permission of the profile (shell §3 User profile). */
export interface ProfilePermission {
    id: string;
    role: { id: string; name: string; actions: string[]; context: RoleContext };
    scope: ScopeLevel;
    path: string;
    scopeDetails: { name: string };
}

/** The answer of `GET /api/users/me` (shell §3, §7). */
export interface UserProfile {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    initials: string;
    mobilePhone: string | null;
    landLine: string | null;
    created: string;
    lastLogin: string | null;
    settings: UserSettings | null;
    permissions: ProfilePermission[];
    actions: ProfileActions;
    tenants: { id: string; name: string }[];
    /** The user's type and record version (for the edit dialog's optimistic concurrency). */
    type: UserType;
    version: number;
}

/** `PATCH /api/users/me/settings` (shell §7): one setting at a time. */
export interface UserSettingsPatch<K extends UserSettingsKey = UserSettingsKey> {
    settingsKey: K;
    settingsValue: UserSettings[K];
}

/** The frontend part of a tenant configuration (`GET /api/tenant-configuration/{tenantId}`, shell §3). */
export interface TenantConfiguration {
    id: string;
    frontend: {
        businessHours: { from: string; to: string };
        addEditUserFrom: string;
        maxTemporaryUsersPerDepot: number;
        hidePhoneNumberLastDigits: boolean;
        liveDashboardRefreshIntervalInSec: number;
        liveStatusShowLastUpdatedTime: boolean;
        deviceMappingServices: string[];
        /** The username rule of the organisation's driver accounts (docs/decisions.md). */
        driverUsernameRule: UsernameRule;
    };
}

/** Health statistics of a depot or tenant for one day (shell §3); null when there is no such data. */
export interface HealthStatistics {
    lastAssignmentAt: string | null;
    lastStatusChangeAt: string | null;
}

/** Notification statistics of a scope path (`GET /api/statistics?path=`): the drawer's badges. */
export interface NotificationStatistics {
    path: string;
    addressCorrections: { pending: number };
}

/** Screen size classes of the layout (MUI breakpoints). */
export type ScreenClass = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

/** `POST /api/analytics/page-views`: sent only with analytics consent. */
export interface PageView {
    consent: true;
    path: string;
    routeName?: string;
    language: Language;
    screen: ScreenClass;
}

/** A depot as the selection lists show it (`GET /api/distributionCenters`, shell §3). */
export interface DistributionCenter {
    internalDepotId: string;
    externalDepotId: string;
    locationName: string;
    tenant: { id: string; name: string };
    group: { id: string; name: string };
    countryCode: string;
    timeZone: string;
    path: string;
    manualJobUploadEnabled: boolean;
}

/** A node of the scope tree (`GET /api/scopes`, shell §3). */
export interface ScopeNode {
    id: string;
    scope: ScopeLevel;
    name: string;
    path: string;
    children: ScopeNode[];
    countryCode?: string;
    group?: { id: string };
    tenant?: { id: string };
    timeZone?: string;
    address?: string;
    externalDepotId?: string;
    internalDepotId?: string;
}

/** Initials shown in the header: first letters of first and last name. */
export function initialsOf(firstName: string, lastName: string): string {
    return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
}

/** Depot list order (shell §3): tenant name, group name, depot number, location name. */
export function compareDistributionCenters(a: DistributionCenter, b: DistributionCenter): number {
    return (
        a.tenant.name.localeCompare(b.tenant.name) ||
        a.group.name.localeCompare(b.group.name) ||
        a.externalDepotId.localeCompare(b.externalDepotId, undefined, { numeric: true }) ||
        a.locationName.localeCompare(b.locationName)
    );
}
