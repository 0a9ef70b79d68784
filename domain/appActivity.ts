/**
 * The driver's and the app's activity over a tour's day (issue 16, domain §4 app usage, §9 "app
 * activity shown red if under 60 minutes in the foreground"): minutes in the foreground, the
 * day's usage level, logins, breaks (long background stretches without movement), departures
 * from the stops, and the day's split into service, breaks and driving. Written down in
 * docs/analytics.md.
 */
import { distanceMetres, type LatLon } from './geo.js';
import type { AppUsageLevel } from './liveStatus.js';

/** Domain §9: under this many minutes in the foreground the app's use is LOW. */
export const LOW_APP_FOREGROUND_MINUTES = 60;
/** A background stretch at least this long, without movement, is a break. */
export const BREAK_MIN_MINUTES = 15;
/** Positions of a break stay within this distance of the last position before it. */
export const BREAK_STAY_RADIUS_METRES = 150;
/** The positions that judge a break are at most this far in time from its start and its end. */
export const BREAK_POSITION_MAX_GAP_MINUTES = 15;
/** The vehicle may have driven off at this speed between the break's end and the next position. */
export const BREAK_DRIVE_OFF_KMH = 60;
/** The vehicle has left a stop at its first position this far from it after the arrival. */
export const DEPARTURE_RADIUS_METRES = 150;

export interface AppEvent {
    type: string;
    at: Date;
    /** FOREGROUND or BACKGROUND on an APP_STATE event; anything else is no change of state. */
    appState?: string;
}

export interface TimedPlace extends LatLon {
    at: Date;
}

/** A stretch of time in epoch milliseconds, `from` ≤ `to`. */
export interface Stretch {
    from: number;
    to: number;
}

const MINUTE_MS = 60_000;

const comesForward = (event: AppEvent) =>
    event.type === 'LOGIN' || (event.type === 'APP_STATE' && event.appState === 'FOREGROUND');
const goesBackground = (event: AppEvent) =>
    event.type === 'APP_STATE' && event.appState === 'BACKGROUND';
const byTime = <T extends { at: Date }>(a: T, b: T) => a.at.getTime() - b.at.getTime();

/** Stretches from an event that `opens` until the next that `closes`; an open one ends at `end`. */
function stretches(
    events: readonly AppEvent[],
    opens: (event: AppEvent) => boolean,
    closes: (event: AppEvent) => boolean,
    end: number,
): Stretch[] {
    const found: Stretch[] = [];
    let since: number | null = null;
    for (const event of [...events].sort(byTime)) {
        const at = event.at.getTime();
        if (since === null && opens(event)) since = at;
        else if (since !== null && closes(event)) {
            found.push({ from: since, to: at });
            since = null;
        }
    }
    if (since !== null && end > since) found.push({ from: since, to: end });
    return found;
}

/**
 * Whole minutes the app was in the foreground: from a LOGIN or FOREGROUND until the next
 * BACKGROUND or LOGOUT; a stretch still open ends at the later of the last event and
 * `finishedAt`. Null without any LOGIN or APP_STATE event (nothing to measure).
 */
export function foregroundMinutes(
    events: readonly AppEvent[],
    finishedAt: Date | null,
): number | null {
    if (!events.some((event) => event.type === 'LOGIN' || event.type === 'APP_STATE')) return null;
    const end = events.reduce(
        (latest, event) => Math.max(latest, event.at.getTime()),
        finishedAt?.getTime() ?? -Infinity,
    );
    const total = foregroundStretches(events, new Date(end)).reduce(
        (sum, stretch) => sum + stretch.to - stretch.from,
        0,
    );
    return Math.round(total / MINUTE_MS);
}

/**
 * The day's app usage: NOT_USED without any event from the app, LOW under
 * LOW_APP_FOREGROUND_MINUTES in the foreground, NORMAL otherwise (also when the foreground time
 * is unknown: no LOGIN or APP_STATE event, but scans or statuses).
 */
export function appUsageOfDay(appEvents: number, foreground: number | null): AppUsageLevel {
    if (appEvents === 0) return 'NOT_USED';
    return foreground !== null && foreground < LOW_APP_FOREGROUND_MINUTES ? 'LOW' : 'NORMAL';
}

/** The app in the foreground: from a LOGIN or FOREGROUND until the next BACKGROUND or LOGOUT. */
export function foregroundStretches(events: readonly AppEvent[], end: Date): Stretch[] {
    const closes = (event: AppEvent) => event.type === 'LOGOUT' || goesBackground(event);
    return stretches(events, comesForward, closes, end.getTime());
}

/** The app in the background: from a BACKGROUND until the next FOREGROUND, LOGIN or LOGOUT. */
export function backgroundStretches(events: readonly AppEvent[], end: Date): Stretch[] {
    const closes = (event: AppEvent) => event.type === 'LOGOUT' || comesForward(event);
    return stretches(events, goesBackground, closes, end.getTime());
}

/** True when the vehicle stayed put through `stretch`; null when the positions cannot tell. */
function stayedPut(stretch: Stretch, positions: readonly TimedPlace[]): boolean | null {
    const maxGap = BREAK_POSITION_MAX_GAP_MINUTES * MINUTE_MS;
    const before = positions.filter((p) => p.at.getTime() <= stretch.from).at(-1);
    const after = positions.find((p) => p.at.getTime() >= stretch.to);
    if (!before || stretch.from - before.at.getTime() > maxGap) return null;
    if (!after || after.at.getTime() - stretch.to > maxGap) return null;
    const inside = positions.filter(
        (p) => p.at.getTime() > stretch.from && p.at.getTime() < stretch.to,
    );
    if (inside.some((p) => distanceMetres(before, p) > BREAK_STAY_RADIUS_METRES)) return false;
    // km/h × ms / 3600 = metres.
    const driveOff = (BREAK_DRIVE_OFF_KMH * (after.at.getTime() - stretch.to)) / 3600;
    return distanceMetres(before, after) <= BREAK_STAY_RADIUS_METRES + driveOff;
}

/**
 * The breaks within `window` (the tour's start to its end): background stretches, cut to the
 * window, of at least BREAK_MIN_MINUTES, with no scan or status inside, through which the
 * vehicle stayed put (see docs/analytics.md). Null when a candidate has no positions near enough
 * in time to judge it.
 */
export function breakStretches(
    events: readonly AppEvent[],
    positions: readonly TimedPlace[],
    window: Stretch,
): Stretch[] | null {
    const work = events
        .filter((event) => event.type === 'SCAN' || event.type === 'STATUS_CHANGE')
        .map((event) => event.at.getTime());
    const sortedPositions = [...positions].sort(byTime);
    const breaks: Stretch[] = [];
    for (const stretch of backgroundStretches(events, new Date(window.to))) {
        const cut = {
            from: Math.max(stretch.from, window.from),
            to: Math.min(stretch.to, window.to),
        };
        if (cut.to - cut.from < BREAK_MIN_MINUTES * MINUTE_MS) continue;
        if (work.some((at) => at > cut.from && at < cut.to)) continue;
        const stayed = stayedPut(cut, sortedPositions);
        if (stayed === null) return null;
        if (stayed) breaks.push(cut);
    }
    return breaks;
}

/** Logins of the day: how many, from how many devices (IMEI) and by how many drivers. */
export function loginFigures(
    events: readonly (AppEvent & { userId: string | null; deviceImei?: string | null })[],
): { logins: number; loginDevices: number; loginDrivers: number } {
    const logins = events.filter((event) => event.type === 'LOGIN');
    const distinct = (values: readonly (string | null | undefined)[]) =>
        new Set(values.filter((value): value is string => !!value)).size;
    return {
        logins: logins.length,
        loginDevices: distinct(logins.map((event) => event.deviceImei)),
        loginDrivers: distinct(logins.map((event) => event.userId)),
    };
}

/** The index of the first of `sorted` after `time` (binary search). */
function firstAfter(sorted: readonly TimedPlace[], time: number): number {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
        const middle = (low + high) >> 1;
        if ((sorted[middle]?.at.getTime() ?? Infinity) <= time) low = middle + 1;
        else high = middle;
    }
    return low;
}

/** A done stop, as the day's time split needs it. */
export interface ServedStop {
    id: string;
    /** Null when the stop has no coordinates. */
    place: LatLon | null;
    ata: Date | null;
    /** The latest status time of its jobs. */
    lastStatusAt: Date | null;
}

/**
 * When the vehicle left each stop (given in driven order), epoch ms: its first position beyond
 * DEPARTURE_RADIUS_METRES after the arrival and no later than the next stop's arrival (the last
 * stop: the finish), else its last status time; null when neither is known.
 */
export function departures(
    stops: readonly ServedStop[],
    positions: readonly TimedPlace[],
    finishedAt: Date | null,
): Map<string, number | null> {
    const sorted = [...positions].sort(byTime);
    const left = new Map<string, number | null>();
    stops.forEach((stop, index) => {
        const ata = stop.ata?.getTime() ?? null;
        const place = stop.place;
        const until = stops[index + 1]?.ata?.getTime() ?? finishedAt?.getTime() ?? Infinity;
        let departed: number | null = null;
        if (ata !== null && place) {
            for (let k = firstAfter(sorted, ata); k < sorted.length; k++) {
                const p = sorted[k] as TimedPlace;
                if (p.at.getTime() > until) break;
                if (distanceMetres(place, p) > DEPARTURE_RADIUS_METRES) {
                    departed = p.at.getTime();
                    break;
                }
            }
        }
        const lastStatus = stop.lastStatusAt?.getTime() ?? null;
        if (departed === null && lastStatus !== null && lastStatus >= (ata ?? -Infinity))
            departed = lastStatus;
        left.set(stop.id, departed);
    });
    return left;
}

export interface DaySplit {
    /** Milliseconds of service per stop with an arrival and a departure, breaks taken out. */
    serviceOf: Map<string, number>;
    serviceMinutes: number | null;
    breakMinutes: number | null;
    drivingMinutes: number | null;
}

const wholeMinutes = (ms: number) => Math.round(ms / MINUTE_MS);
const overlap = (a: Stretch, b: Stretch) =>
    Math.max(0, Math.min(a.to, b.to) - Math.max(a.from, b.from));

/**
 * The day's time from the start to `end`: service at the stops (arrival to departure), breaks,
 * and driving (the rest). Driving is null when the breaks cannot be judged.
 */
export function daySplit(day: {
    stops: readonly ServedStop[];
    departed: ReadonlyMap<string, number | null>;
    events: readonly AppEvent[];
    positions: readonly TimedPlace[];
    startedAt: Date | null;
    end: number | null;
}): DaySplit {
    const start = day.startedAt?.getTime() ?? null;
    const end = day.end;
    const known = start !== null && end !== null && end > start;
    const breaks = known
        ? breakStretches(day.events, day.positions, { from: start, to: end })
        : null;
    const serviceOf = new Map<string, number>();
    for (const stop of day.stops) {
        const from = stop.ata?.getTime() ?? null;
        const to = day.departed.get(stop.id) ?? null;
        if (from === null || to === null || to < from) continue;
        const inBreaks = (breaks ?? []).reduce((sum, b) => sum + overlap(b, { from, to }), 0);
        serviceOf.set(stop.id, to - from - inBreaks);
    }
    const service = [...serviceOf.values()].reduce((sum, ms) => sum + ms, 0);
    const breakMs = breaks?.reduce((sum, b) => sum + b.to - b.from, 0) ?? null;
    return {
        serviceOf,
        serviceMinutes: serviceOf.size > 0 ? wholeMinutes(service) : null,
        breakMinutes: breakMs === null ? null : wholeMinutes(breakMs),
        drivingMinutes:
            known && breakMs !== null
                ? wholeMinutes(Math.max(0, end - start - service - breakMs))
                : null,
    };
}
