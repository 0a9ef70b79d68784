/** Shared inputs and independent measures for the simulator's tests. */
import type { TourIds } from '../../server/demo/simulation/drive.js';
import type { PlannedTour, SimulatedDepot } from '../../server/demo/simulation/types.js';

export const hamburg: SimulatedDepot = {
    externalDepotId: 'HH01',
    latitude: 53.5511,
    longitude: 9.9937,
    timeZone: 'Europe/Berlin',
    countryCode: 'DE',
    locality: 'Hamburg',
    postcode: '20095',
};

export const milano: SimulatedDepot = {
    externalDepotId: 'MI-Deposito Nord/7',
    latitude: 45.4642,
    longitude: 9.19,
    timeZone: 'Europe/Rome',
    countryCode: 'IT',
    locality: 'Milano',
    postcode: '20121',
};

export const vehicleNumbers = (count: number): string[] =>
    Array.from({ length: count }, (_, index) => String(2000 + index * 3));

/** Server-like ids for a planned tour: `t<n>`, `j-<external id>`, `w<n>-<stop>`. */
export function idsFor(tour: PlannedTour, n = 1): TourIds {
    return {
        tourId: `t${n}`,
        jobIds: new Map(
            tour.stops.flatMap((stop) =>
                stop.jobs.map((job) => [job.externalJobId, `j-${job.externalJobId}`] as const),
            ),
        ),
        waypointIds: tour.stops.map((_, index) => `w${n}-${index}`),
    };
}

/** Great-circle distance in metres, computed here rather than with the product's helper. */
export function haversineMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
    const rad = Math.PI / 180;
    const a =
        Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
        Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
    return 2 * 6_371_000 * Math.asin(Math.sqrt(a));
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) and minutes after midnight of an instant in a time zone. */
export function localWallClock(iso: string, timeZone: string): { date: string; minutes: number } {
    let format = formats.get(timeZone);
    if (!format) {
        format = new Intl.DateTimeFormat('en-CA', {
            timeZone,
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            hourCycle: 'h23',
        });
        formats.set(timeZone, format);
    }
    const parts = Object.fromEntries(
        format.formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
    );
    return {
        date: `${parts.year}-${parts.month}-${parts.day}`,
        minutes: Number(parts.hour) * 60 + Number(parts.minute),
    };
}

/** Length of the longest increasing subsequence, by the quadratic textbook method. */
export function longestIncreasing(values: readonly number[]): number {
    const best = values.map(() => 1);
    for (let i = 0; i < values.length; i++)
        for (let j = 0; j < i; j++)
            if ((values[j] as number) < (values[i] as number))
                best[i] = Math.max(best[i] as number, (best[j] as number) + 1);
    return Math.max(0, ...best);
}
