import { generateDriverLogins } from './app-logins.js';
import { generateStaff } from './backoffice.js';
import { depotConfigRevisions, tenantConfigRevisions } from './configs.js';
import { generateAddressCorrections } from './corrections.js';
import { demoOrganisations } from './data/organisations.js';
import { generateFleet, type TakenContacts } from './fleet.js';
import { demoLogins } from './logins.js';
import { generateOrganisations } from './organisations.js';
import { createRandom } from './random.js';
import { generateSubcontractors } from './subcontractors.js';
import type { DemoCounts, DemoDataSet, DemoLogin, UserRow } from './types.js';

/** Row counts of a data set, for logs and the audit entry. */
export function countDemoData(data: DemoDataSet): DemoCounts {
    return {
        tenants: data.tenants.length,
        depotGroups: data.depotGroups.length,
        depots: data.depots.length,
        subcontractors: data.subcontractors.length,
        vehicles: data.vehicles.length,
        users: data.users.length,
        identities: data.identities.length,
        permissionAssignments: data.permissionAssignments.length,
        tenantConfigRevisions: data.tenantConfigRevisions.length,
        depotConfigRevisions: data.depotConfigRevisions.length,
        addressCorrections: data.addressCorrections.length,
        driverLogins: data.driverLogins.length,
        auditLog: data.auditLog.length,
    };
}

/**
 * Organisations, subcontractors and back-office staff: everything the demo sign-ins depend on.
 * `taken` holds the staff's contacts, which the fleet must not reuse.
 */
function generatePeople(seed: string) {
    const organisations = generateOrganisations(createRandom(seed, 'organisations'));
    const subcontractors = generateSubcontractors(
        createRandom(seed, 'subcontractors'),
        organisations.depots,
    );
    const taken: TakenContacts = { usernames: new Set(), phones: new Set(), emails: new Set() };
    const staff = generateStaff(
        createRandom(seed, 'staff'),
        demoOrganisations,
        organisations.depots,
        subcontractors,
        taken,
    );
    return { organisations, subcontractors, taken, staff };
}

/**
 * The demo sign-ins of a seed and the back-office users they belong to, equal to those of
 * `generateDemoData(seed)` at a fraction of its cost: a restart prints them without generating
 * the fleet, configurations and history.
 */
export function generateDemoSignIns(seed: string): { logins: DemoLogin[]; staffUsers: UserRow[] } {
    const { staff } = generatePeople(seed);
    return { logins: demoLogins(staff.staff), staffUsers: staff.users };
}

/**
 * The whole demo data set for a seed: organisations, regions, depots, subcontractors, vehicles,
 * drivers and courier accounts, back-office staff with their roles, client configurations,
 * drivers' address corrections, driver-app logins of the last two months and the demo sign-ins.
 * Pure: no I/O, no clock; the same seed gives deep-equal data. Each part draws from its own
 * random stream, so extending one part leaves the others unchanged.
 */
export function generateDemoData(seed: string): DemoDataSet {
    const { organisations, subcontractors, taken, staff } = generatePeople(seed);
    const fleet = generateFleet(createRandom(seed, 'fleet'), subcontractors, taken);
    const adminIdOf = (tenantId: string) =>
        staff.staff.find(
            (member) =>
                member.user.tenantId === tenantId &&
                member.roleIds.includes('role-organization-admin'),
        )?.user.id ?? null;
    const configs = createRandom(seed, 'configs');
    const data: DemoDataSet = {
        seed,
        tenants: organisations.tenants,
        depotGroups: organisations.depotGroups,
        depots: organisations.depots.map((depot) => depot.row),
        subcontractors: subcontractors.map((suco) => suco.row),
        vehicles: fleet.vehicles,
        users: [...staff.users, ...fleet.users],
        identities: [...staff.identities, ...fleet.identities],
        permissionAssignments: [...staff.permissionAssignments, ...fleet.permissionAssignments],
        tenantConfigRevisions: tenantConfigRevisions(configs, demoOrganisations, adminIdOf),
        depotConfigRevisions: depotConfigRevisions(configs, organisations.depots, adminIdOf),
        addressCorrections: generateAddressCorrections(
            createRandom(seed, 'corrections'),
            organisations.depots,
            adminIdOf,
        ),
        driverLogins: generateDriverLogins(
            createRandom(seed, 'driver-logins'),
            fleet.users,
            subcontractors.map((suco) => suco.row),
            fleet.vehicles,
        ),
        auditLog: [],
        logins: demoLogins(staff.staff),
    };
    const counts = countDemoData(data);
    data.auditLog.push({
        id: configs.id(),
        action: 'demo-seed',
        entityType: 'demo',
        changes: { ...counts, auditLog: 1 },
    });
    return data;
}
