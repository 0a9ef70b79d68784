import type { Random } from './random.js';
import type { DemoDriverLogin, SubcontractorRow, UserRow, VehicleRow } from './types.js';

/** Days of logins before the seed runs: always the whole previous calendar month and the current one. */
const LOGIN_DAYS = 62;
const MINUTES_PER_DAY = 24 * 60;
/** Chance that an account signs in to the driver app on a given day. */
const DAILY_CHANCE = { Driver: 0.4, TempDriver: 0.1 } as const;
/** Deactivated accounts have not signed in for at least this many days. */
const INACTIVE_QUIET_DAYS = 14;

/**
 * Driver-app LOGIN events of the driver and courier accounts over the last LOGIN_DAYS days, for
 * the app licences (peak daily logins) and the accounts' last login. Times are minutes before the
 * seed runs (clock-free), one login per account and day at most, during the working day.
 */
export function generateDriverLogins(
    random: Random,
    users: readonly UserRow[],
    subcontractors: readonly SubcontractorRow[],
    vehicles: readonly VehicleRow[],
): DemoDriverLogin[] {
    const sucoById = new Map(subcontractors.map((suco) => [suco.id, suco]));
    const vehicleById = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle]));
    const logins: DemoDriverLogin[] = [];
    for (const user of users) {
        if (user.type !== 'Driver' && user.type !== 'TempDriver') continue;
        const suco = sucoById.get(user.subcontractorId ?? '');
        if (!suco) continue;
        const vehicle = user.vehicleId ? vehicleById.get(user.vehicleId) : undefined;
        const firstDay = user.active === false ? INACTIVE_QUIET_DAYS : 0;
        for (let day = firstDay; day < LOGIN_DAYS; day++) {
            if (!random.chance(DAILY_CHANCE[user.type])) continue;
            // Between 05:00 and 09:00 of "that day", counted back from the seed time.
            const minuteOfMorning = random.int(0, 4 * 60 - 1);
            logins.push({
                id: random.id(),
                tenantId: suco.tenantId,
                depotId: suco.depotId,
                scopePath: vehicle?.scopePath ?? suco.scopePath,
                vehicleId: vehicle?.id ?? null,
                userId: user.id ?? '',
                minutesAgo: day * MINUTES_PER_DAY + MINUTES_PER_DAY - 5 * 60 - minuteOfMorning,
            });
        }
    }
    return logins;
}
