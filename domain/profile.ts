import type { DistributionCenter } from './contracts/scopes.js';

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
