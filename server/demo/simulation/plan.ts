/**
 * The tours of a depot day: each tour serves its own area of the street grid (the same area,
 * vehicle, tour number, type and sequence optimisation every day), with 30-150 stops (most
 * 60-120) ordered by nearest neighbour plus 2-opt and a planned start between 06:30 and 08:30
 * local time. Pure and deterministic: the same input gives deep-equal plans.
 */
import type { SequenceOptimisation, TourType } from '../../../domain/tours.js';
import { createRandom, type Random } from '../random.js';
import { dayIds } from './ids.js';
import { isoTime, wallClockToUtc } from './local-time.js';
import { buildNetwork, type StreetNetwork } from './network.js';
import { plannedOrder } from './order.js';
import { generateStop, weighted, type StopContext, type Zone } from './stops.js';
import type { DepotDayPlan, PlannedStop, PlannedTour, SimulatedDepot } from './types.js';

export interface PlanInput {
    depot: SimulatedDepot;
    /** The depot's vehicle numbers; each tour gets one, so there are at most this many tours. */
    vehicles: readonly string[];
    /** YYYY-MM-DD, in the depot's time zone. */
    date: string;
    seed: string;
    /** How many tours (default: 85-97 % of the vehicles, varying by day). */
    tourCount?: number;
    /** Stops of every tour (MIN_STOPS…MAX_STOPS; default: drawn per tour, most 60-120), e.g. for a benchmark. */
    stopsPerTour?: number;
    /** The depot's network from an earlier call with the same depot and seed, to save building it. */
    network?: StreetNetwork;
}

/** The smallest and largest tour. */
const MIN_STOPS = 30;
const MAX_STOPS = 150;

interface TourSlot {
    tourNumber: string;
    vehicleNumber: string;
    tourType: TourType;
    sequenceOptimisation: SequenceOptimisation;
    zone: Zone;
}

/** Most tours have 60-120 stops, a tenth fewer and a tenth more. */
function stopCount(random: Random): number {
    const band = weighted(random, [
        ['small', 10],
        ['usual', 80],
        ['large', 10],
    ] as const);
    if (band === 'small') return random.int(MIN_STOPS, 59);
    if (band === 'large') return random.int(121, MAX_STOPS);
    return Math.round((random.int(60, 120) + random.int(60, 120)) / 2);
}

/** One rectangle of the grid per possible tour, covering a square that grows with the fleet. */
function zones(random: Random, network: StreetNetwork, count: number): Zone[] {
    const half = Math.min(network.halfExtentM - 200, 1_200 * Math.sqrt(count));
    const columns = Math.ceil(Math.sqrt(count));
    const rows = Math.ceil(count / columns);
    const [width, height] = [(2 * half) / columns, (2 * half) / rows];
    const cells: Zone[] = [];
    for (let row = 0; row < rows; row++)
        for (let column = 0; column < columns; column++)
            cells.push({
                minX: -half + column * width,
                maxX: -half + (column + 1) * width,
                minY: -half + row * height,
                maxY: -half + (row + 1) * height,
            });
    return random.shuffle(cells).slice(0, count);
}

function tourSlots(
    random: Random,
    network: StreetNetwork,
    vehicles: readonly string[],
): TourSlot[] {
    const firstNumber = random.int(1, 8) * 100 + random.int(0, 20);
    const vehicleOrder = random.shuffle(vehicles);
    const areas = zones(random, network, vehicles.length);
    return vehicleOrder.map((vehicleNumber, index) => ({
        tourNumber: String(firstNumber + index),
        vehicleNumber,
        tourType: weighted<TourType>(random, [
            ['NTC', 80],
            ['TCG', 15],
            ['USER', 5],
        ]),
        sequenceOptimisation: weighted<SequenceOptimisation>(random, [
            ['FREE', 60],
            ['FIXED', 25],
            ['PREVIOUS', 15],
        ]),
        zone: areas[index] as Zone,
    }));
}

function planTour(
    input: PlanInput,
    network: StreetNetwork,
    slot: TourSlot,
    ids: StopContext['ids'],
): PlannedTour {
    const { depot, date, seed } = input;
    const random = createRandom(seed, `tour:${depot.externalDepotId}:${date}:${slot.tourNumber}`);
    const context: StopContext = { random, network, depot, date, ids };
    const unordered = Array.from({ length: input.stopsPerTour ?? stopCount(random) }, () =>
        generateStop(context, slot.zone),
    );
    const order = plannedOrder(
        network.depotPoint,
        unordered.map((stop) => stop.point),
    );
    const stops = order.map((index, position) => ({
        ...(unordered[index] as PlannedStop),
        sequence: position + 1,
    }));
    const startMinutes = 6 * 60 + 30 + 5 * random.int(0, 24);
    return {
        externalDepotId: depot.externalDepotId,
        date,
        timeZone: depot.timeZone,
        tourNumber: slot.tourNumber,
        vehicleNumber: slot.vehicleNumber,
        tourType: slot.tourType,
        sequenceOptimisation: slot.sequenceOptimisation,
        plannedStart: isoTime(wallClockToUtc(date, startMinutes, depot.timeZone)),
        stops,
        network,
    };
}

/** The planned tours of one depot on one date. */
export function planDepotDay(input: PlanInput): DepotDayPlan {
    const { depot, date, seed, vehicles } = input;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`date must be YYYY-MM-DD: ${date}`);
    if (vehicles.length === 0) throw new RangeError('a depot day needs at least one vehicle');
    if (new Set(vehicles).size !== vehicles.length) throw new RangeError('vehicle numbers repeat');
    const { stopsPerTour } = input;
    if (
        stopsPerTour !== undefined &&
        !(Number.isInteger(stopsPerTour) && stopsPerTour >= MIN_STOPS && stopsPerTour <= MAX_STOPS)
    )
        throw new RangeError(`stopsPerTour must be an integer from ${MIN_STOPS} to ${MAX_STOPS}`);
    const network = input.network ?? buildNetwork(depot, seed);
    const slots = tourSlots(
        createRandom(seed, `depot:${depot.externalDepotId}`),
        network,
        vehicles,
    );
    const day = createRandom(seed, `day:${depot.externalDepotId}:${date}`);
    const count =
        input.tourCount ?? Math.max(1, Math.round(vehicles.length * (0.85 + 0.12 * day.next())));
    if (!Number.isInteger(count) || count < 0 || count > vehicles.length)
        throw new RangeError(`tourCount must be an integer from 0 to ${vehicles.length}`);
    const ids = dayIds(depot.externalDepotId, date);
    const tours = slots.slice(0, count).map((slot) => planTour(input, network, slot, ids));
    return { depot, date, seed, network, tours };
}
