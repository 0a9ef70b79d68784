/**
 * The stops of a tour in its delivery area: each on a street of the network, with an address,
 * coordinates of its type, 1-3 jobs and 1-4 parcels per job.
 */
import { demoCountry } from '../data/countries.js';
import { demoNames } from '../data/people.js';
import type { CoordinateType } from '../../../domain/tours.js';
import type { Random } from '../random.js';
import { wallClockToUtc, isoTime } from './local-time.js';
import { lineOf, snapToStreet, toLatLon, type GridPoint, type StreetNetwork } from './network.js';
import { nameLanguageOf } from './street-names.js';
import type { ImportJobType, PlannedJob, PlannedStop, SimulatedDepot } from './types.js';
import type { DayIds } from './ids.js';

/** A rectangle of the grid in local metres. */
export interface Zone {
    minX: number;
    maxX: number;
    minY: number;
    maxY: number;
}

export interface StopContext {
    random: Random;
    network: StreetNetwork;
    depot: SimulatedDepot;
    date: string;
    ids: DayIds;
}

/** Picks a value by weights (need not sum to 1). */
export function weighted<T>(random: Random, choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
    let draw = random.next() * total;
    for (const [value, weight] of choices) {
        draw -= weight;
        if (draw < 0) return value;
    }
    return (choices[choices.length - 1] as readonly [T, number])[0];
}

const services = [
    'SIGNATURE',
    'ID_CHECK',
    'AGE_CHECK',
    'CASH_ON_DELIVERY',
    'NO_NEIGHBOUR',
    'DEPOSIT_PERMISSION',
    'PREMIUM',
    'BULKY',
] as const;

const descriptions = {
    de: { DELIVERY: 'Paket', PICKUP: 'Abholung', COLLECTION: 'Retoure' },
    it: { DELIVERY: 'Pacco', PICKUP: 'Ritiro', COLLECTION: 'Reso' },
    fr: { DELIVERY: 'Colis', PICKUP: 'Enlèvement', COLLECTION: 'Retour' },
} as const;

const slug = (text: string) =>
    text
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '');

/** The demo country facts of a code; German ones for a country the demo data does not know. */
function countryFacts(countryCode: string) {
    try {
        return demoCountry(countryCode.toUpperCase());
    } catch {
        return demoCountry('DE');
    }
}

function mobilePhone(random: Random, countryCode: string): string {
    const country = countryFacts(countryCode);
    return `+${country.callingCode}${random.pick(country.mobilePrefixes)}${random.digits(country.mobileDigits)}`;
}

/**
 * House numbers rise along the street, odd on one side and even on the other, starting again
 * every 3 km (a long grid line stands for several real streets of the same name).
 */
function houseNumber(
    random: Random,
    network: StreetNetwork,
    point: GridPoint,
    side: number,
): string {
    const along = (point.axis === 'v' ? point.y : point.x) + network.halfExtentM;
    const step = Math.floor((along % 3_000) / 25) + 1;
    const number = side > 0 ? 2 * step - 1 : 2 * step;
    return random.chance(0.04) ? `${number}${random.pick(['a', 'b'])}` : String(number);
}

/** The depot's postcode shifted by the 4 × 4 km area of the stop, when it is numeric. */
function postcodeOf(depot: SimulatedDepot, network: StreetNetwork, x: number, y: number): string {
    if (!/^\d{4,6}$/.test(depot.postcode)) return depot.postcode;
    const column = Math.floor((x + network.halfExtentM) / 4_000);
    const row = Math.floor((y + network.halfExtentM) / 4_000);
    const shifted = (Number(depot.postcode) + column + 3 * row) % 10 ** depot.postcode.length;
    return String(shifted).padStart(depot.postcode.length, '0');
}

/** How far from the street the address's coordinates lie, by coordinate type (metres). */
const sideOffsets: Record<CoordinateType, readonly [number, number]> = {
    ROOFTOP: [8, 25],
    STREET: [0, 3],
    HANDOVER: [15, 50],
};

function jobOf(
    context: StopContext,
    type: ImportJobType,
    address: PlannedJob['address'],
): PlannedJob {
    const { random, depot, ids } = context;
    const parcelCount = weighted(random, [
        [1, 68],
        [2, 20],
        [3, 8],
        [4, 4],
    ] as const);
    const parcels = Array.from({ length: parcelCount }, () => ids.parcel(random));
    let weightKg = 0;
    for (let i = 0; i < parcelCount; i++) weightKg += 0.2 + random.next() ** 2 * 24.8;
    const [lengthCm, widthCm, heightCm] = [
        random.int(20, 120),
        random.int(15, 80),
        random.int(5, 60),
    ];
    const language = nameLanguageOf(depot.countryCode);
    const job: PlannedJob = {
        externalJobId: ids.job(),
        type,
        description: descriptions[language][type],
        quantity: parcelCount,
        weightKg: Math.round(weightKg * 10) / 10,
        volumeM3:
            Math.round(((parcelCount * lengthCm * widthCm * heightCm) / 1e6) * 0.8 * 1000) / 1000,
        lengthCm,
        widthCm,
        heightCm,
        address,
        parcels,
    };
    if (random.chance(0.18))
        job.services = [...new Set([random.pick(services), random.pick(services)])].sort();
    if (random.chance(0.4))
        job.shipperReference = `${random.pick(['ORD', 'INV', 'REF'])}-${random.digits(8)}`;
    if (random.chance(0.25)) job.betterTracking = true;
    return job;
}

function contactsOf(random: Random, countryCode: string, kind: 'CONSIGNEE' | 'SHIPPER') {
    const names = demoNames[nameLanguageOf(countryCode)];
    const [first, last] = [random.pick(names.first), random.pick(names.last)];
    const contact: { kind: typeof kind; name: string; phone?: string; email?: string } = {
        kind,
        name: `${first} ${last}`,
    };
    if (random.chance(0.7)) contact.phone = mobilePhone(random, countryCode);
    if (random.chance(0.45))
        contact.email = `${slug(first)}.${slug(last)}${random.int(1, 99)}@${random.pick(['example.com', 'example.org', 'example.net'])}`;
    return [contact];
}

/** One stop at a random place of `zone`, with its jobs; `sequence` is set once the order is planned. */
export function generateStop(context: StopContext, zone: Zone): PlannedStop {
    const { random, network, depot, date } = context;
    const x = zone.minX + random.next() * (zone.maxX - zone.minX);
    const y = zone.minY + random.next() * (zone.maxY - zone.minY);
    const point = snapToStreet(network, x, y, random.chance(0.5) ? 'v' : 'h', false);
    const coordinateType = weighted<CoordinateType>(random, [
        ['ROOFTOP', 80],
        ['STREET', 15],
        ['HANDOVER', 5],
    ]);
    const side = random.chance(0.5) ? 1 : -1;
    const [low, high] = sideOffsets[coordinateType];
    const across = side * (low + random.next() * (high - low));
    const shift = coordinateType === 'HANDOVER' ? random.int(-20, 20) : 0;
    const location =
        point.axis === 'v'
            ? toLatLon(network, point.x + across, point.y + shift)
            : toLatLon(network, point.x + shift, point.y + across);
    const address: PlannedJob['address'] = {
        street: lineOf(network, point).name,
        houseNo: houseNumber(random, network, point, side),
        postcode: postcodeOf(depot, network, point.x, point.y),
        locality: depot.locality,
        countryCode: depot.countryCode,
        latitude: Math.round(location.latitude * 1e6) / 1e6,
        longitude: Math.round(location.longitude * 1e6) / 1e6,
        coordinateType,
    };
    const jobCount = weighted(random, [
        [1, 74],
        [2, 20],
        [3, 6],
    ] as const);
    const jobs = Array.from({ length: jobCount }, () =>
        jobOf(
            context,
            weighted<ImportJobType>(random, [
                ['DELIVERY', 88],
                ['PICKUP', 8],
                ['COLLECTION', 4],
            ]),
            address,
        ),
    );
    const consignee = contactsOf(random, depot.countryCode, 'CONSIGNEE');
    for (const job of jobs)
        job.contacts =
            job.type === 'PICKUP' ? contactsOf(random, depot.countryCode, 'SHIPPER') : consignee;
    if (random.chance(0.12)) {
        const from = random.int(16, 32) * 30;
        const timeFrame = {
            from: isoTime(wallClockToUtc(date, from, depot.timeZone)),
            to: isoTime(wallClockToUtc(date, from + random.int(4, 8) * 30, depot.timeZone)),
        };
        for (const job of jobs) job.timeFrame = timeFrame;
    }
    return { sequence: 0, point, location, coordinateType, jobs };
}
