/**
 * The backfill's choices that the simulator does not make: which days, which detail per day, who
 * drives, the row ids, and the app's ETAs. Pure and deterministic for a seed.
 */
import { zonedParts } from '../../../domain/formatting.js';
import { createRandom, type Random } from '../random.js';
import type { StoredDepot } from './types.js';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * How much history an organisation gets, in days before each depot's local today (1 = yesterday).
 * A level needs the one it builds on: positions and jobs need waypoints, events need jobs.
 */
export interface HistoryDepth {
    /** Weeks of tours and logins (the weekly dashboard: 15). */
    weeks: number;
    /** Days with waypoints (ETA, ATA, sequences, outcomes per stop). */
    waypointDays: number;
    /** Days with positions (driven history; within the events' retention). */
    positionDays: number;
    /** Days with jobs, parcels, assignments and job statuses. */
    jobDays: number;
    /** Days with the other raw driver-app events (tour analysis; within the retention). */
    eventDays: number;
}

export interface BackfillDetail {
    /** The depth of every organisation not in `byTenant`. */
    depth: HistoryDepth;
    byTenant: Readonly<Record<string, HistoryDepth>>;
}

/** What a depot day writes besides its tours and logins. */
export interface DayLevel {
    waypoints: boolean;
    positions: boolean;
    jobs: boolean;
    events: boolean;
}

export interface BackfillVehicle {
    id: string;
    /** The 4-digit vehicle number (the tours' vehicle numbers). */
    number: string;
    subcontractorId: string;
    scopePath: string;
    /** Its regular driver (`vehicles.base_driver_id`), who drives most days. */
    regularDriverId: string | null;
    /** Other driver-app accounts of its subcontractor, who drive it on the other days. */
    standInDriverIds: readonly string[];
}

export interface BackfillDepot extends StoredDepot {
    vehicles: readonly BackfillVehicle[];
}

/** A depot day of the backfill: the unit of work, written whole or not at all. */
export interface BackfillUnit {
    depot: BackfillDepot;
    date: string;
    level: DayLevel;
}

export const unitKey = (depotId: string, date: string) => `${depotId}|${date}`;

/** `YYYY-MM-DD` of `at` on the wall clock of `timeZone`. */
export function localDate(at: Date, timeZone: string): string {
    const parts = zonedParts(at, timeZone);
    if (!parts) throw new RangeError(`invalid instant ${String(at)}`);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`;
}

/** The date `days` after `date` (both `YYYY-MM-DD`). */
export const addDays = (date: string, days: number): string =>
    new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Monday to Saturday. */
const isWorkingDay = (date: string): boolean => new Date(`${date}T00:00:00Z`).getUTCDay() !== 0;

/** The working days of the `weeks` weeks before `today`, newest first, with their offset (1 = the day before). */
export function workingDaysBefore(
    today: string,
    weeks: number,
): { date: string; offset: number }[] {
    const days: { date: string; offset: number }[] = [];
    for (let offset = 1; offset <= 7 * weeks; offset++) {
        const date = addDays(today, -offset);
        if (isWorkingDay(date)) days.push({ date, offset });
    }
    return days;
}

export const depthOf = (detail: BackfillDetail, tenantId: string): HistoryDepth =>
    detail.byTenant[tenantId] ?? detail.depth;

/** The detail of a depot day `offset` days back. */
export function dayLevel(depth: HistoryDepth, offset: number): DayLevel {
    const waypoints = offset <= depth.waypointDays;
    const jobs = waypoints && offset <= depth.jobDays;
    return {
        waypoints,
        positions: waypoints && offset <= depth.positionDays,
        jobs,
        events: jobs && offset <= depth.eventDays,
    };
}

const ID_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * Ids of the rows of one tour, shaped like `newId()` (16 characters of its alphabet): ten drawn
 * from the tour's own stream, then a running number scrambled by an odd multiplier (a bijection
 * on 30 bits, so unique within the tour and not in order). Drawing 16 characters per row would
 * cost as much as simulating the tour.
 */
export function tourIdFactory(seed: string, tourKey: string): () => string {
    const prefix = createRandom(seed, `backfill-ids:${tourKey}`).id().slice(0, 10);
    let count = 0;
    return () => {
        count += 1;
        let bits = Math.imul(count, 0x2f6b_a5d9) & 0x3fff_ffff;
        let tail = '';
        for (let i = 0; i < 6; i++) {
            tail += ID_ALPHABET[bits & 31];
            bits >>>= 5;
        }
        return prefix + tail;
    };
}

/** The driver of a vehicle on a day: its regular driver most days, else a stand-in. */
export function driverOf(
    random: Random,
    regularDriverId: string | null,
    standInDriverIds: readonly string[],
): string | null {
    if (regularDriverId && (standInDriverIds.length === 0 || random.chance(0.85)))
        return regularDriverId;
    return standInDriverIds.length > 0 ? random.pick(standInDriverIds) : regularDriverId;
}

/**
 * How far off a vehicle's tours' ETAs usually are, in minutes: a lasting trait of the tour (its
 * area, its driver), so that the 7-day averages of |ETA − ATA| fall mostly in RTT Good (≤ 45),
 * some in Medium (45–90) and a few in Blocked (> 90).
 */
export function etaErrorMinutes(seed: string, vehicleId: string): number {
    const random = createRandom(seed, `rtt:${vehicleId}`);
    const band = random.next();
    if (band < 0.7) return 8 + 24 * random.next();
    if (band < 0.9) return 52 + 30 * random.next();
    return 100 + 50 * random.next();
}

/** One tour's ETA prediction made at its start: `eta(arrival, progress)` with progress 0…1 along the tour. */
export function etaPredictor(
    seed: string,
    tourKey: string,
    usualErrorMinutes: number,
    startedAt: number,
): (arrival: number, progress: number) => number {
    const random = createRandom(seed, `eta:${tourKey}`);
    // The day's error, and whether the app was optimistic (ETA before the arrival) that day.
    const error = usualErrorMinutes * (0.8 + 0.4 * random.next()) * MINUTE_MS;
    const early = random.chance(0.7) ? -1 : 1;
    return (arrival, progress) => {
        // Growing along the tour (a prediction made at the start), on average `error`.
        const size = error * (0.5 + progress) * (0.6 + 0.8 * random.next());
        const sign = random.chance(0.85) ? early : -early;
        const eta = arrival + sign * size;
        return Math.round(Math.max(eta, startedAt + MINUTE_MS) / 1000) * 1000;
    };
}
