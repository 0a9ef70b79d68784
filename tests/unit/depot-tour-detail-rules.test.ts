import { describe, expect, it } from 'vitest';
import {
    addressProblemsOf,
    customWaypointCoordinatesProblem,
    customWaypointStatus,
    drivenPathWithoutLocation,
    timeFrameCheck,
    tourIsOver,
} from '../../domain/depotTourDetail';

/**
 * The rules of a depot's tour detail (issue 15 part 2; docs/decisions.md "Tour detail"), at
 * their boundaries, with expected values worked out by hand.
 */

const END = '2026-03-02T10:00:00.000Z';
const at = (minutesAfterEnd: number) =>
    new Date(Date.parse(END) + minutesAfterEnd * 60_000).toISOString();
const berlin = { latitude: 52.52, longitude: 13.405 };

describe('the time frame check (15 minutes of tolerance after the window closes)', () => {
    const stop = (fields: Partial<Parameters<typeof timeFrameCheck>[0]>) => ({
        state: 'OPEN' as const,
        timeFrameTo: END,
        eta: null,
        ata: null,
        ...fields,
    });
    const now = new Date(at(-60));

    it('is kept by an arrival up to 15 minutes after the end, missed by a later one', () => {
        expect(timeFrameCheck(stop({ state: 'DONE', ata: at(15) }), now)).toBe('MET');
        expect(timeFrameCheck(stop({ state: 'DONE', ata: at(15.02) }), now)).toBe('MISSED');
        // Early arrivals keep the window (the driver waits or delivers early).
        expect(timeFrameCheck(stop({ state: 'DONE', ata: at(-120) }), now)).toBe('MET');
    });

    it('judges a stop not reached by its ETA, and by now once the tolerance is over', () => {
        expect(timeFrameCheck(stop({ eta: at(10) }), now)).toBe('PENDING');
        expect(timeFrameCheck(stop({ eta: at(16) }), now)).toBe('AT_RISK');
        expect(timeFrameCheck(stop({}), now)).toBe('PENDING');
        expect(timeFrameCheck(stop({ state: 'CURRENT', eta: at(5) }), new Date(at(16)))).toBe(
            'MISSED',
        );
        expect(timeFrameCheck(stop({}), new Date(at(15)))).toBe('PENDING');
    });

    it('has nothing to check without a window, for an unassigned stop, or a done stop without arrival', () => {
        expect(timeFrameCheck(stop({ timeFrameTo: null, ata: at(60) }), now)).toBeNull();
        expect(timeFrameCheck(stop({ state: 'UNASSIGNED' }), new Date(at(60)))).toBeNull();
        expect(timeFrameCheck(stop({ state: 'DONE' }), new Date(at(60)))).toBeNull();
    });
});

describe('address errors', () => {
    const placed = { latitude: 52.53, longitude: 13.405, coordinateType: 'ROOFTOP' as const };

    it('finds none for a stop placed on its building near the depot', () => {
        expect(addressProblemsOf(placed, [null, 'ABSENT'], berlin)).toEqual([]);
        expect(addressProblemsOf({ ...placed, coordinateType: null }, [], berlin)).toEqual([]);
        expect(addressProblemsOf({ ...placed, coordinateType: 'HANDOVER' }, [], berlin)).toEqual(
            [],
        );
    });

    it('names each problem: no coordinates, street level, far away, reported by the driver', () => {
        expect(
            addressProblemsOf(
                { latitude: null, longitude: 13.4, coordinateType: null },
                ['ADDRESS_PROBLEM'],
                berlin,
            ),
        ).toEqual(['NO_COORDINATES', 'REPORTED_BY_DRIVER']);
        expect(addressProblemsOf({ ...placed, coordinateType: 'STREET' }, [], berlin)).toEqual([
            'STREET_LEVEL',
        ]);
        // Hamburg is 255 km from Berlin; 0.9° of latitude north of Berlin is 100.1 km.
        expect(
            addressProblemsOf({ ...placed, latitude: 53.55, longitude: 9.99 }, [], berlin),
        ).toEqual(['FAR_FROM_DEPOT']);
        expect(
            addressProblemsOf({ ...placed, latitude: 52.52 + 0.9, longitude: 13.405 }, [], berlin),
        ).toEqual(['FAR_FROM_DEPOT']);
        expect(
            addressProblemsOf({ ...placed, latitude: 52.52 + 0.89, longitude: 13.405 }, [], berlin),
        ).toEqual([]);
    });
});

describe('custom waypoint coordinates', () => {
    it('takes coordinates within 100 km of the depot', () => {
        expect(customWaypointCoordinatesProblem(52.53, 13.41, berlin)).toBeNull();
        expect(customWaypointCoordinatesProblem(52.52 + 0.89, 13.405, berlin)).toBeNull();
    });

    it('refuses out of range, not finite, 0/0 and far away', () => {
        expect(customWaypointCoordinatesProblem(90.0001, 13.4, berlin)).toBe('OUT_OF_RANGE');
        expect(customWaypointCoordinatesProblem(52.5, -180.1, berlin)).toBe('OUT_OF_RANGE');
        expect(customWaypointCoordinatesProblem(Number.NaN, 13.4, berlin)).toBe('OUT_OF_RANGE');
        expect(customWaypointCoordinatesProblem(52.5, Infinity, berlin)).toBe('OUT_OF_RANGE');
        expect(customWaypointCoordinatesProblem(0, 0, berlin)).toBe('NULL_ISLAND');
        // 0/0 is refused as an unset position even for a depot next to it.
        expect(customWaypointCoordinatesProblem(0, 0, { latitude: 0.1, longitude: 0 })).toBe(
            'NULL_ISLAND',
        );
        expect(customWaypointCoordinatesProblem(52.52 + 0.9, 13.405, berlin)).toBe('TOO_FAR');
    });
});

describe('a custom waypoint’s status', () => {
    const stamp = new Date('2026-03-02T08:00:00Z');
    it('follows its way into the tour', () => {
        expect(customWaypointStatus({ processedAt: null, deletedAt: null, waypointId: null })).toBe(
            'PENDING',
        );
        expect(
            customWaypointStatus({ processedAt: stamp, deletedAt: null, waypointId: 'w1' }),
        ).toBe('APPLIED');
        expect(
            customWaypointStatus({ processedAt: stamp, deletedAt: null, waypointId: null }),
        ).toBe('DISCARDED');
        expect(
            customWaypointStatus({ processedAt: null, deletedAt: stamp, waypointId: 'w1' }),
        ).toBe('REMOVING');
        expect(
            customWaypointStatus({ processedAt: stamp, deletedAt: stamp, waypointId: 'w1' }),
        ).toBeNull();
    });
});

describe('the driven path without the driver-location right', () => {
    const path = [8, 9, 10, 11].map((hour) => ({
        at: `2026-03-02T${String(hour).padStart(2, '0')}:00:00.000Z`,
    }));
    const done = (ata: string) => ({ state: 'DONE' as const, ata });

    it('ends at the arrival at the last stop done', () => {
        const stops = [
            done('2026-03-02T09:00:00.000Z'),
            done('2026-03-02T09:30:00.000Z'),
            { state: 'CURRENT' as const, ata: null },
        ];
        expect(drivenPathWithoutLocation(path, stops, 'ON_ROAD')).toEqual(path.slice(0, 2));
    });

    it('is empty before any stop is done, and whole once the tour is finished', () => {
        expect(drivenPathWithoutLocation(path, [{ state: 'OPEN', ata: null }], 'ON_ROAD')).toEqual(
            [],
        );
        expect(drivenPathWithoutLocation(path, [], 'FINISHED')).toEqual(path);
    });
});

describe('a tour that is over', () => {
    it('is finished, or of a day before today in its depot’s zone', () => {
        // 23:30 UTC on 2 March is already 3 March in Berlin.
        const now = new Date('2026-03-02T23:30:00Z');
        expect(tourIsOver({ state: 'ON_ROAD', tourDate: '2026-03-02' }, 'Europe/Berlin', now)).toBe(
            true,
        );
        expect(tourIsOver({ state: 'ON_ROAD', tourDate: '2026-03-02' }, 'UTC', now)).toBe(false);
        expect(tourIsOver({ state: 'FINISHED', tourDate: '2026-03-03' }, 'UTC', now)).toBe(true);
        expect(tourIsOver({ state: 'NOT_STARTED', tourDate: '2026-03-04' }, 'UTC', now)).toBe(
            false,
        );
    });
});
