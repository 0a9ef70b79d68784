import { describe, expect, it } from 'vitest';
import {
    appUsageLevel,
    isPositionOutdated,
    liveKpis,
    liveMapState,
    outdatedReason,
    toursBehindAverage,
    type KpiTour,
} from '../../domain/liveStatus';
import { isNightEta, rttCategory, rttCategoryToday } from '../../domain/rtt';

const now = new Date('2026-11-27T10:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe('app usage (domain §4)', () => {
    it('is not used without an event, normal under 60 minutes, low from 60 minutes', () => {
        expect(appUsageLevel(null, now)).toBe('NOT_USED');
        expect(appUsageLevel(minutesAgo(59.9), now)).toBe('NORMAL');
        expect(appUsageLevel(minutesAgo(60), now)).toBe('LOW');
        expect(appUsageLevel(minutesAgo(300), now)).toBe('LOW');
    });
});

describe('outdated location', () => {
    it('applies to tours on the road only, from 10 minutes without a position', () => {
        expect(isPositionOutdated('ON_ROAD', minutesAgo(9.9), now)).toBe(false);
        expect(isPositionOutdated('ON_ROAD', minutesAgo(10), now)).toBe(true);
        expect(isPositionOutdated('ON_ROAD', null, now)).toBe(true);
        expect(isPositionOutdated('NOT_STARTED', null, now)).toBe(false);
        expect(isPositionOutdated('FINISHED', minutesAgo(120), now)).toBe(false);
    });

    it('names the likely reason from the driver-app events', () => {
        const base = { positionAt: minutesAgo(30), appState: null, battery: 80 } as const;
        expect(outdatedReason({ ...base, lastEventAt: minutesAgo(30) }, now)).toBe('DEVICE_SILENT');
        expect(outdatedReason({ ...base, lastEventAt: null }, now)).toBe('DEVICE_SILENT');
        expect(outdatedReason({ ...base, lastEventAt: minutesAgo(30), battery: 15 }, now)).toBe(
            'LOW_BATTERY',
        );
        expect(
            outdatedReason({ ...base, lastEventAt: minutesAgo(2), appState: 'BACKGROUND' }, now),
        ).toBe('APP_IN_BACKGROUND');
        expect(
            outdatedReason({ ...base, lastEventAt: minutesAgo(2), appState: 'FOREGROUND' }, now),
        ).toBe('NO_GPS_FIX');
        expect(outdatedReason({ ...base, lastEventAt: minutesAgo(2), battery: 9 }, now)).toBe(
            'LOW_BATTERY',
        );
    });
});

describe('behind the depot average (domain §9)', () => {
    const tour = (id: string, done: number, state: 'ON_ROAD' | 'FINISHED' = 'ON_ROAD') => ({
        id,
        state,
        waypointsDone: done,
        waypointsTotal: 100,
    });

    it('flags tours on the road more than 15 points behind the average of those on the road', () => {
        // Average of 60, 60, 60 and 44 is 56: 44 is 12 points behind; 40 would be 15 behind an
        // average of 55 (not more); 39 is 15.75 behind an average of 54.75.
        expect([
            ...toursBehindAverage([tour('a', 60), tour('b', 60), tour('c', 60), tour('d', 44)]),
        ]).toEqual([]);
        expect([
            ...toursBehindAverage([tour('a', 60), tour('b', 60), tour('c', 60), tour('d', 40)]),
        ]).toEqual([]);
        expect([
            ...toursBehindAverage([tour('a', 60), tour('b', 60), tour('c', 60), tour('d', 39)]),
        ]).toEqual(['d']);
    });

    it('compares only tours on the road, and needs two of them', () => {
        expect([...toursBehindAverage([tour('a', 90), tour('b', 10)])]).toEqual(['b']);
        expect([...toursBehindAverage([tour('a', 100, 'FINISHED'), tour('b', 10)])]).toEqual([]);
        expect([
            ...toursBehindAverage([{ ...tour('a', 0), waypointsTotal: 0 }, tour('b', 10)]),
        ]).toEqual([]);
    });
});

describe('live map colour (domain §4)', () => {
    it('is completed, else outdated, else behind, else on the road or not started', () => {
        expect(liveMapState({ state: 'FINISHED', outdated: true, behindAverage: true })).toBe(
            'COMPLETED',
        );
        expect(liveMapState({ state: 'ON_ROAD', outdated: true, behindAverage: true })).toBe(
            'OUTDATED',
        );
        expect(liveMapState({ state: 'ON_ROAD', outdated: false, behindAverage: true })).toBe(
            'BEHIND',
        );
        expect(liveMapState({ state: 'ON_ROAD', outdated: false, behindAverage: false })).toBe(
            'ON_ROAD',
        );
        expect(liveMapState({ state: 'NOT_STARTED', outdated: false, behindAverage: false })).toBe(
            'NOT_STARTED',
        );
    });
});

describe('KPI tiles', () => {
    it('counts tours by state, stops, jobs, flags and RTT categories', () => {
        const tour = (overrides: Partial<KpiTour>): KpiTour => ({
            state: 'ON_ROAD',
            waypointsDone: 0,
            waypointsTotal: 0,
            jobsSuccessful: 0,
            jobsFailed: 0,
            jobsTotal: 0,
            behindAverage: false,
            outdated: false,
            rttCategory: null,
            ...overrides,
        });
        expect(
            liveKpis([
                tour({
                    state: 'NOT_STARTED',
                    waypointsTotal: 10,
                    jobsTotal: 12,
                    rttCategory: 'GOOD',
                }),
                tour({
                    waypointsDone: 4,
                    waypointsTotal: 10,
                    jobsSuccessful: 3,
                    jobsFailed: 1,
                    jobsTotal: 11,
                    behindAverage: true,
                    rttCategory: 'MEDIUM',
                }),
                tour({
                    waypointsDone: 2,
                    waypointsTotal: 8,
                    jobsSuccessful: 2,
                    jobsTotal: 9,
                    outdated: true,
                    rttCategory: 'BLOCKED',
                }),
                tour({
                    state: 'FINISHED',
                    waypointsDone: 7,
                    waypointsTotal: 7,
                    jobsSuccessful: 6,
                    jobsFailed: 2,
                    jobsTotal: 8,
                }),
            ]),
        ).toEqual({
            notStarted: 1,
            onRoad: 2,
            finished: 1,
            stopsDone: 13,
            stopsPlanned: 35,
            jobsSuccessful: 11,
            jobsFailed: 3,
            jobsTotal: 40,
            behindAverage: 1,
            outdated: 1,
            rtt: { GOOD: 1, MEDIUM: 1, BLOCKED: 1, NONE: 1 },
        });
    });
});

describe('RTT categories (domain §4, §9)', () => {
    it('is Good up to 45 minutes, Medium up to 90, Blocked over 90, none without data', () => {
        expect(rttCategory(null)).toBeNull();
        expect(rttCategory(0)).toBe('GOOD');
        expect(rttCategory(45)).toBe('GOOD');
        expect(rttCategory(45.01)).toBe('MEDIUM');
        expect(rttCategory(90)).toBe('MEDIUM');
        expect(rttCategory(90.01)).toBe('BLOCKED');
    });

    it('shows a Medium tour as Blocked on a bad day, and only a Medium one', () => {
        expect(rttCategoryToday('MEDIUM', 91)).toBe('BLOCKED');
        expect(rttCategoryToday('MEDIUM', 90)).toBe('MEDIUM');
        expect(rttCategoryToday('MEDIUM', null)).toBe('MEDIUM');
        expect(rttCategoryToday('GOOD', 200)).toBe('GOOD');
        expect(rttCategoryToday(null, 200)).toBeNull();
    });

    it('counts ETAs before 8:00 and from 19:00 on the depot clock as night', () => {
        // 06:59 UTC is 07:59 in Berlin (winter); 07:00 UTC is 08:00.
        expect(isNightEta('2026-11-27T06:59:00Z', 'Europe/Berlin')).toBe(true);
        expect(isNightEta('2026-11-27T07:00:00Z', 'Europe/Berlin')).toBe(false);
        expect(isNightEta('2026-11-27T17:59:00Z', 'Europe/Berlin')).toBe(false);
        expect(isNightEta('2026-11-27T18:00:00Z', 'Europe/Berlin')).toBe(true);
    });
});
