import type { RoleContext, ScopeLevel, UserSettings } from './enums.js';
import type { ProfileActions } from './permissions.js';

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
