import { describe, expect, it } from 'vitest';
import { offsetMetres } from '../../domain/geo.js';
import {
    summariseTourAnalytics,
    type AnalyticsEvent,
    type AnalyticsJob,
    type AnalyticsWaypoint,
    type TourAnalyticsInput,
    type WaypointAnalytics,
} from '../../domain/tourAnalytics.js';

/**
 * The whole summary (domain/tourAnalytics.ts) on a small hand-made tour. The depot lies on the
 * equator and every place N metres north of it. Planned A B C D E; the app first suggests that
 * order, at 07:50 (A done) it suggests C B D E, and the driver serves A, B, C, E:
 * - A 1 000 m: arrives 07:30, statuses 07:33/07:34, leaves 07:38 (300 m away), frame 07:00-08:00;
 * - B 2 000 m: arrives 08:00 (scan), fails ABSENT 08:02, leaves 08:10 (160 m away), frame to 07:20;
 * - C 3 000 m: a stay 08:40, confirmed by the system without any scan or status, leaves 08:55;
 * - D: not served; its first ETA 06:30Z is 07:30 in Berlin, a night ETA;
 * - E: no coordinates, fails ADDRESS_PROBLEM 09:10, the driver's frame 08:00-08:30.
 * The app is in the background 09:15-09:45 while the vehicle stands still (a break). Planned start
 * 07:00, started 07:20, finished 11:00; a second LOGIN from another device at 10:00.
 */

const at = (time: string) => new Date(`2025-03-10T${time}:00Z`);
const north = (metres: number) => offsetMetres({ latitude: 0, longitude: 10 }, metres, 0);

const waypoint = (
    id: string,
    planned: number,
    changes: Partial<AnalyticsWaypoint>,
): AnalyticsWaypoint => ({
    id,
    plannedSequence: planned,
    suggestedSequence: null,
    drivenSequence: null,
    state: 'OPEN',
    confirmation: null,
    timeFrameFrom: null,
    timeFrameTo: null,
    timeFrameSource: null,
    eta: null,
    firstEta: null,
    ata: null,
    latitude: null,
    longitude: null,
    coordinateType: 'ROOFTOP',
    ...changes,
});
const done = (driven: number, ata: string, metres: number | null) => ({
    state: 'DONE' as const,
    drivenSequence: driven,
    ata: at(ata),
    ...(metres === null ? { coordinateType: null } : north(metres)),
});

// As the processing stores them after both SEQUENCE events: C B D E renumbered 1-4, A kept 1.
const waypoints: AnalyticsWaypoint[] = [
    waypoint('E', 5, {
        ...done(4, '09:10', null),
        suggestedSequence: 4,
        confirmation: 'DRIVER',
        timeFrameFrom: at('08:00'),
        timeFrameTo: at('08:30'),
        timeFrameSource: 'DRIVER',
    }),
    waypoint('A', 1, {
        ...done(1, '07:30', 1000),
        suggestedSequence: 1,
        confirmation: 'DRIVER',
        timeFrameFrom: at('07:00'),
        timeFrameTo: at('08:00'),
        timeFrameSource: 'ASSIGNMENT',
        firstEta: at('07:40'),
    }),
    waypoint('C', 3, {
        ...done(3, '08:40', 3000),
        suggestedSequence: 1,
        confirmation: 'SYSTEM',
        firstEta: at('08:30'),
    }),
    waypoint('B', 2, {
        ...done(2, '08:00', 2000),
        suggestedSequence: 2,
        confirmation: 'DRIVER',
        timeFrameFrom: at('06:20'),
        timeFrameTo: at('07:20'),
        timeFrameSource: 'ASSIGNMENT',
        firstEta: at('07:35'),
    }),
    waypoint('D', 4, { ...north(4500), suggestedSequence: 3, firstEta: at('06:30') }),
];

const job = (
    id: string,
    waypointId: string,
    changes: Partial<AnalyticsJob> = {},
): AnalyticsJob => ({
    id,
    waypointId,
    type: 'DELIVERY',
    outcome: null,
    reason: null,
    statusAt: null,
    ...changes,
});
const jobs = [
    job('j1', 'A', { outcome: 'DELIVERED_TO_CONSIGNEE', statusAt: at('07:33') }),
    job('j2', 'A', { outcome: 'DELIVERED_TO_NEIGHBOUR', statusAt: at('07:34') }),
    job('j3', 'B', { outcome: 'DELIVERY_FAILED', reason: 'ABSENT', statusAt: at('08:02') }),
    job('j4', 'C'),
    job('j5', 'D'),
    job('j6', 'E', {
        outcome: 'DELIVERY_FAILED',
        reason: 'ADDRESS_PROBLEM',
        statusAt: at('09:10'),
    }),
];

const event = (type: AnalyticsEvent['type'], time: string, changes: Partial<AnalyticsEvent> = {}) =>
    ({ type, at: at(time), userId: 'u1', ...changes }) as AnalyticsEvent;
const events = [
    event('LOGIN', '06:50', { deviceImei: 'imei-1' }),
    event('SEQUENCE', '06:55', { sequence: ['A', 'B', 'C', 'D', 'E'] }),
    event('SCAN', '07:30', { jobId: 'j1', position: north(1000) }),
    event('STATUS_CHANGE', '07:33', { jobId: 'j1', position: north(1000) }),
    event('STATUS_CHANGE', '07:34', { jobId: 'j2', position: north(1000) }),
    event('SEQUENCE', '07:50', { sequence: ['C', 'B', 'D', 'E'] }),
    event('SCAN', '08:00', { jobId: 'j3', position: north(2000) }),
    event('STATUS_CHANGE', '08:02', { jobId: 'j3', position: north(2000) }),
    event('STATUS_CHANGE', '09:10', { jobId: 'j6', position: null }),
    event('APP_STATE', '09:15', { appState: 'BACKGROUND' }),
    event('APP_STATE', '09:45', { appState: 'FOREGROUND' }),
    event('LOGIN', '10:00', { deviceImei: 'imei-2' }),
    event('LOGOUT', '11:00'),
].reverse(); // in any order

const positions = (
    [
        ['07:20', 0],
        ['07:30', 1000],
        ['07:36', 1100],
        ['07:38', 1300],
        ['08:00', 2000],
        ['08:05', 2100],
        ['08:10', 2160],
        ['08:40', 3000],
        ['08:45', 3100],
        ['08:55', 3500],
        ['09:14', 4000],
        ['09:46', 4000],
        ['10:50', 0],
    ] as const
).map(([time, metres]) => ({ at: at(time), ...north(metres) }));

const tour: TourAnalyticsInput = {
    timeZone: 'Europe/Berlin',
    depot: north(0),
    plannedStart: at('07:00'),
    startedAt: at('07:20'),
    finishedAt: at('11:00'),
    waypoints,
    jobs,
    events,
    positions,
};

describe('summariseTourAnalytics', () => {
    const analytics = summariseTourAnalytics(tour);

    it('measures the app and the logins', () => {
        // Foreground 06:50-09:15 and 09:45-11:00: 145 + 75.
        expect(analytics).toMatchObject({
            appForegroundMinutes: 220,
            appUsage: 'NORMAL',
            logins: 2,
            loginDevices: 2,
            loginDrivers: 1,
        });
    });

    it('reads the sequence requests and the start', () => {
        // At 07:50 the previous order's next stop was B (A done at 07:34); the new one puts C first.
        expect(analytics).toMatchObject({
            sequenceRequests: 2,
            startedBeforeSequence: false,
            firstWaypointChanges: 1,
            startDelayMinutes: 20,
        });
    });

    it('splits the day into service, a break and driving', () => {
        // Service A 8 + B 10 + C 15 + E 0 = 33; break 30; driving 220 − 33 − 30.
        expect(analytics).toMatchObject({
            serviceMinutes: 33,
            breakMinutes: 30,
            drivingMinutes: 157,
        });
    });

    it('counts the jobs', () => {
        expect(analytics).toMatchObject({
            jobsSuccessful: 2,
            jobsFailed: 2,
            failedJobsByReason: { ABSENT: 1, REFUSED: 0, ADDRESS_PROBLEM: 1, TRAFFIC: 0 },
        });
    });

    it('measures the ETAs over the considered stops, and the night ETAs in the depot zone', () => {
        // A 10, B 25 (C not considered, E has no first ETA). In UTC A and B would be night too.
        expect(analytics.etaDeviation).toEqual({ averageMinutes: 17.5, stops: 2 });
        expect(analytics.nightEtas).toBe(1);
    });

    it('leaves a done stop with a night ETA out of the ETA accuracy, as the live status does', () => {
        // B's first ETA at 06:50 UTC is 07:50 in Berlin: night. Only A's 10 minutes remain.
        const nightB = summariseTourAnalytics({
            ...tour,
            waypoints: waypoints.map((w) => (w.id === 'B' ? { ...w, firstEta: at('06:50') } : w)),
        });
        expect(nightB.etaDeviation).toEqual({ averageMinutes: 10, stops: 1 });
        expect(nightB.nightEtas).toBe(2);
    });

    it('scores the sequence', () => {
        // Suggested A C B D E, driven A B C E: 3 of 4 in order; c = 1 3 2 4 → (1 + 0 + 1)·2/12.
        expect(analytics.sequenceFidelity).toBe(75);
        expect(analytics.sequenceAdherence).toBe(0.333);
    });

    it('tallies the time frames and the missed windows', () => {
        expect(analytics.timeFrames).toEqual({
            driver: { total: 1, missed: 1 },
            system: { total: 2, missed: 1 },
        });
        // B is 40 late after a 20-minute late start; E is 40 late at an invalid address.
        expect(analytics.missedWindows).toEqual({
            total: 2,
            byCause: {
                ADDRESS_ERROR: 1,
                LATE_DEPARTURE: 1,
                SERVICE_TIME_OVERRUN: 0,
                SEQUENCE_DEVIATION: 0,
                TRAFFIC: 0,
            },
        });
    });

    it('recommends what the figures raise', () => {
        expect(analytics.recommendations).toEqual([
            { code: 'MULTIPLE_APP_LOGINS', value: 2, threshold: 2 },
        ]);
    });

    it('answers each waypoint in planned order', () => {
        const none = { missedWindow: false, windowMiss: null, missedWindowCause: null };
        const expected: WaypointAnalytics[] = [
            {
                waypointId: 'A',
                departedAt: '2025-03-10T07:38:00.000Z',
                notConsideredReason: null,
                ...none,
            },
            {
                waypointId: 'B',
                departedAt: '2025-03-10T08:10:00.000Z',
                notConsideredReason: null,
                missedWindow: true,
                windowMiss: 'LATE',
                missedWindowCause: 'LATE_DEPARTURE',
            },
            {
                waypointId: 'C',
                departedAt: '2025-03-10T08:55:00.000Z',
                notConsideredReason: 'NO_ONSITE_SCANEVENT',
                ...none,
            },
            { waypointId: 'D', departedAt: null, notConsideredReason: null, ...none },
            {
                waypointId: 'E',
                departedAt: '2025-03-10T09:10:00.000Z',
                notConsideredReason: 'INVALID_ADDRESS',
                missedWindow: true,
                windowMiss: 'LATE',
                missedWindowCause: 'ADDRESS_ERROR',
            },
        ];
        expect(analytics.waypoints).toEqual(expected);
    });

    it('answers JSON values only', () => {
        expect(JSON.parse(JSON.stringify(analytics))).toEqual(analytics);
    });

    it('leaves what needs positions unknown without them, never wrong', () => {
        const blind = summariseTourAnalytics({ ...tour, positions: [] });
        // Departures fall back to the last status: A 07:34, B 08:02, E 09:10; C has none.
        expect(blind.waypoints.map((w) => w.departedAt)).toEqual([
            '2025-03-10T07:34:00.000Z',
            '2025-03-10T08:02:00.000Z',
            null,
            null,
            '2025-03-10T09:10:00.000Z',
        ]);
        // The background stretch cannot be judged: no break and no driving figure.
        expect(blind).toMatchObject({
            serviceMinutes: 6,
            breakMinutes: null,
            drivingMinutes: null,
        });
    });

    it('summarises a tour that never started', () => {
        const idle = summariseTourAnalytics({
            ...tour,
            startedAt: null,
            finishedAt: null,
            waypoints: waypoints.map((w) => ({
                ...w,
                state: 'OPEN',
                drivenSequence: null,
                ata: null,
            })),
            jobs: jobs.map((j) => ({ ...j, outcome: null, reason: null, statusAt: null })),
            events: [],
            positions: [],
        });
        expect(idle).toMatchObject({
            appForegroundMinutes: null,
            appUsage: 'NOT_USED',
            logins: 0,
            sequenceRequests: 0,
            startedBeforeSequence: false,
            startDelayMinutes: null,
            serviceMinutes: null,
            drivingMinutes: null,
            breakMinutes: null,
            jobsSuccessful: 0,
            jobsFailed: 0,
            etaDeviation: { averageMinutes: null, stops: 0 },
            sequenceFidelity: null,
            sequenceAdherence: null,
            recommendations: [],
            missedWindows: { total: 0 },
        });
    });
});
