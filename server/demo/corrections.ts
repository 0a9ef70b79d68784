import { coordinateTypes, driverCommentReasons } from '../../domain/addressCorrections.js';
import { demoCountry } from './data/countries.js';
import type { DemoDepot } from './organisations.js';
import type { Random } from './random.js';
import type { DemoAddressCorrection } from './types.js';

const EARTH_RADIUS_M = 6_371_000;
const METRES_PER_DEGREE = 111_320;
/** Per depot: pending corrections, and reviewed ones (approved or rejected). */
const PENDING = { min: 1, max: 4 };
const DECIDED = { min: 2, max: 6 };
/** Written by drivers with the reason OTHER. */
const OTHER_COMMENTS = [
    'Entrance at the back of the building',
    'Gate code needed, door on the left',
    'Parcel box next to the garage',
];

const round = (value: number, decimals: number) =>
    Math.round(value * 10 ** decimals) / 10 ** decimals;

function distanceMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
    const rad = Math.PI / 180;
    const dLat = (lat2 - lat1) * rad;
    const dLon = (lon2 - lon1) * rad;
    const a =
        Math.sin(dLat / 2) ** 2 +
        Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
    return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(a));
}

/**
 * Location corrections sent by drivers for delivery addresses around each depot's city: a few
 * still pending, others approved or rejected by the organisation's admin. Times are minutes
 * before the seed runs, so the data looks recent whenever it is written.
 */
export function generateAddressCorrections(
    random: Random,
    depots: readonly DemoDepot[],
    reviewerOf: (tenantId: string) => string | null,
): DemoAddressCorrection[] {
    const rows: DemoAddressCorrection[] = [];
    for (const depot of depots) {
        const country = demoCountry(depot.city.countryCode);
        const pending = random.int(PENDING.min, PENDING.max);
        const decided = random.int(DECIDED.min, DECIDED.max);
        for (let index = 0; index < pending + decided; index++) {
            const currentLatitude = round(depot.city.latitude + (random.next() - 0.5) * 0.1, 6);
            const currentLongitude = round(depot.city.longitude + (random.next() - 0.5) * 0.14, 6);
            // The corrected position lies 10 to 150 metres away in any direction.
            const metres = random.int(10, 150);
            const bearing = random.next() * 2 * Math.PI;
            const correctedLatitude = round(
                currentLatitude + (metres * Math.cos(bearing)) / METRES_PER_DEGREE,
                6,
            );
            const correctedLongitude = round(
                currentLongitude +
                    (metres * Math.sin(bearing)) /
                        (METRES_PER_DEGREE * Math.cos((currentLatitude * Math.PI) / 180)),
                6,
            );
            const reason = random.pick(driverCommentReasons);
            const isPending = index < pending;
            const createdMinutesAgo = isPending
                ? random.int(5, 3 * 24 * 60)
                : random.int(2 * 24 * 60, 30 * 24 * 60);
            rows.push({
                id: random.id(),
                tenantId: depot.row.tenantId,
                depotId: depot.row.internalDepotId,
                scopePath: depot.row.scopePath,
                status: isPending ? 'PENDING' : random.chance(0.75) ? 'APPROVED' : 'REJECTED',
                currentLatitude,
                currentLongitude,
                correctedLatitude,
                correctedLongitude,
                coordinateType: random.pick(coordinateTypes),
                distanceM: round(
                    distanceMetres(
                        currentLatitude,
                        currentLongitude,
                        correctedLatitude,
                        correctedLongitude,
                    ),
                    1,
                ),
                navigationAddress: `${random.pick(country.streets)} ${random.int(1, 120)}, ${depot.city.postcode} ${depot.city.locality}`,
                driverCommentReason: reason,
                driverComment: reason === 'OTHER' ? random.pick(OTHER_COMMENTS) : null,
                doneBy: isPending ? null : reviewerOf(depot.row.tenantId),
                createdMinutesAgo,
                decidedMinutesAgo: isPending ? null : random.int(1, createdMinutesAgo - 1),
            });
        }
    }
    return rows;
}
