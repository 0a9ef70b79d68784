import { DRIVER_ROLE_ID, TEMP_DRIVER_ROLE_ID } from '../../domain/roles.js';
import { demoCountry } from './data/countries.js';
import { driverUsername, mobilePhone, personName } from './contacts.js';
import type { Random } from './random.js';
import type { DemoSubcontractor } from './subcontractors.js';
import type { DemoIdentity, PermissionAssignmentRow, UserRow, VehicleRow } from './types.js';

const VEHICLE_COUNT = 400;
/** Driver app accounts and courier accounts per vehicle, so 800 in all. */
const APP_USERS_PER_VEHICLE = 2;

export interface FleetPart {
    vehicles: VehicleRow[];
    users: UserRow[];
    identities: DemoIdentity[];
    permissionAssignments: PermissionAssignmentRow[];
}

/** Shared uniqueness sets: the database enforces them across all users. */
export interface TakenContacts {
    usernames: Set<string>;
    phones: Set<string>;
    emails: Set<string>;
}

/** Vehicles per subcontractor: about even, summing to `total`, at least 5 each. */
function vehicleCounts(random: Random, subcontractors: number, total: number): number[] {
    const counts = Array.from(
        { length: subcontractors },
        (_, index) => Math.floor(total / subcontractors) + (index < total % subcontractors ? 1 : 0),
    );
    for (let move = 0; move < subcontractors * 2; move++) {
        const from = random.int(0, subcontractors - 1);
        const to = random.int(0, subcontractors - 1);
        if ((counts[from] ?? 0) > 5) {
            counts[from] = (counts[from] ?? 0) - 1;
            counts[to] = (counts[to] ?? 0) + 1;
        }
    }
    return counts;
}

function appUser(
    random: Random,
    suco: DemoSubcontractor,
    temporary: boolean,
    taken: TakenContacts,
): { user: UserRow; identity: DemoIdentity } {
    const { organisation, city } = suco.depot;
    const username = driverUsername(
        random,
        organisation.usernameRule,
        city.province,
        taken.usernames,
    );
    // Italian rule: the login is an e-mail address (spec-decisions).
    const email =
        organisation.usernameRule === 'ITALIAN'
            ? `${username.toLowerCase()}@${organisation.emailDomain}`
            : null;
    if (email) taken.emails.add(email);
    const sub = random.uuid();
    const user: UserRow = {
        id: random.id(),
        tenantId: suco.row.tenantId,
        type: temporary ? 'TempDriver' : 'Driver',
        email,
        username,
        ...personName(random, city.countryCode),
        mobilePhone: mobilePhone(random, demoCountry(city.countryCode), taken.phones),
        subcontractorId: suco.row.id,
        driverType: temporary ? 'TEMP_DRIVER' : 'DRIVER',
        wantsSecondScreenNews: random.chance(0.3),
        active: temporary ? random.chance(0.8) : true,
        scopePath: suco.row.scopePath,
        identitySub: sub,
    };
    return { user, identity: { sub, username: email ?? username, email } };
}

/**
 * Vehicles with unique 4-digit numbers per depot, and the subcontractors' driver app accounts
 * and courier accounts (no passwords: they cannot sign in to the back office). Most vehicles
 * get a regular driver of the same subcontractor.
 */
export function generateFleet(
    random: Random,
    subcontractors: readonly DemoSubcontractor[],
    taken: TakenContacts,
): FleetPart {
    const part: FleetPart = { vehicles: [], users: [], identities: [], permissionAssignments: [] };
    const numbersByDepot = new Map<string, Set<string>>();
    const counts = vehicleCounts(random, subcontractors.length, VEHICLE_COUNT);
    subcontractors.forEach((suco, index) => {
        const depotId = suco.row.depotId;
        const numbers = numbersByDepot.get(depotId) ?? new Set<string>();
        numbersByDepot.set(depotId, numbers);
        const vehicles: VehicleRow[] = [];
        for (let n = 0; n < (counts[index] ?? 0); n++) {
            let number = String(random.int(1000, 9999));
            while (numbers.has(number)) number = String(random.int(1000, 9999));
            numbers.add(number);
            vehicles.push({
                id: random.id(),
                tenantId: suco.row.tenantId,
                depotId,
                subcontractorId: suco.row.id,
                number,
                scopePath: suco.row.scopePath,
            });
        }
        const users: UserRow[] = [];
        for (let n = 0; n < vehicles.length * APP_USERS_PER_VEHICLE; n++) {
            const { user, identity } = appUser(random, suco, random.chance(0.15), taken);
            users.push(user);
            part.identities.push(identity);
            part.permissionAssignments.push({
                id: random.id(),
                userId: user.id,
                roleId: user.type === 'TempDriver' ? TEMP_DRIVER_ROLE_ID : DRIVER_ROLE_ID,
                scopePath: suco.row.scopePath,
                tenantId: suco.row.tenantId,
            });
        }
        const regulars = random.shuffle(users.filter((user) => user.type === 'Driver'));
        for (const vehicle of vehicles) {
            const driver = random.chance(0.9) ? regulars.pop() : undefined;
            if (!driver) continue;
            vehicle.baseDriverId = driver.id;
            driver.vehicleId = vehicle.id;
        }
        for (const user of users) {
            if (!user.vehicleId && random.chance(0.5)) user.vehicleId = random.pick(vehicles).id;
        }
        part.vehicles.push(...vehicles);
        part.users.push(...users);
    });
    return part;
}
