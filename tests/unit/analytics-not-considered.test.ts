import { describe, expect, it } from 'vitest';
import { offsetMetres } from '../../domain/geo.js';
import {
    DUBIOUS_QUICK_METRES,
    DUBIOUS_QUICK_SECONDS,
    DUBIOUS_SPEED_KMH,
    LOCATION_FAR_OFF_METRES,
    ONSITE_RADIUS_METRES,
    SCANTIME_BATCH_OTHER_STOPS,
    SCANTIME_BATCH_SECONDS,
    notConsideredReason,
    notConsideredReasons,
    notConsideredReasonsInDrivenOrder,
    type NotConsideredContext,
    type NotConsideredStop,
} from '../../domain/notConsideredReasons.js';

/** The not-considered rules (domain/notConsideredReasons.ts), each at its boundary. */

const at = (time: string) => new Date(`2025-03-10T${time.length === 5 ? `${time}:00` : time}Z`);
// On the equator N metres north is exactly N metres away, so the boundaries are exact.
const origin = { latitude: 0, longitude: 10 };
const north = (metres: number) => offsetMetres(origin, metres, 0);

/** A delivered stop at the origin, scanned there at 10:00 and reported at 10:01. */
const stop = (changes: Partial<NotConsideredStop> = {}): NotConsideredStop => ({
    state: 'DONE',
    confirmation: 'DRIVER',
    place: origin,
    ata: at('10:00'),
    jobs: [{ type: 'DELIVERY', outcome: 'DELIVERED_TO_CONSIGNEE', reason: null }],
    onsiteEvents: [
        { at: at('10:00'), position: origin },
        { at: at('10:01'), position: origin },
    ],
    firstStatusAt: at('10:01'),
    ...changes,
});
const alone: NotConsideredContext = { otherFirstStatuses: [], previous: null };
const reasonOf = (changes: Partial<NotConsideredStop>, context = alone) =>
    notConsideredReason(stop(changes), context);
const positionsAt = (...metres: (number | null)[]) =>
    metres.map((m, i) => ({ at: at(`10:0${i}`), position: m === null ? null : north(m) }));

describe('thresholds', () => {
    it('are the documented ones, the reasons in rule order', () => {
        expect(notConsideredReasons).toEqual([
            'INVALID_ADDRESS',
            'PARCELSHOP_DELIVERY',
            'ONLY_COLLECTION_CANCELLED_EVENTS',
            'LOCATION_FAR_OFF',
            'NO_ONSITE_SCANEVENT',
            'SCANTIME_AMBIGUOUS',
            'DRIVING_TIME_DUBIOUS',
        ]);
        expect(LOCATION_FAR_OFF_METRES).toBe(500);
        expect(ONSITE_RADIUS_METRES).toBe(150);
        expect(SCANTIME_BATCH_SECONDS).toBe(60);
        expect(SCANTIME_BATCH_OTHER_STOPS).toBe(2);
        expect(DUBIOUS_SPEED_KMH).toBe(150);
        expect(DUBIOUS_QUICK_SECONDS).toBe(30);
        expect(DUBIOUS_QUICK_METRES).toBe(300);
    });
});

describe('notConsideredReason', () => {
    it('is null for a trustworthy stop and for a stop not done', () => {
        expect(reasonOf({})).toBeNull();
        expect(reasonOf({ state: 'OPEN', place: null })).toBeNull();
        expect(reasonOf({ state: 'CURRENT', place: null })).toBeNull();
    });

    it('INVALID_ADDRESS without coordinates or with a job failed for an address problem', () => {
        expect(reasonOf({ place: null })).toBe('INVALID_ADDRESS');
        const jobs = [
            { type: 'DELIVERY' as const, outcome: 'DELIVERED_TO_CONSIGNEE' as const, reason: null },
            {
                type: 'DELIVERY' as const,
                outcome: 'DELIVERY_FAILED' as const,
                reason: 'ADDRESS_PROBLEM' as const,
            },
        ];
        expect(reasonOf({ jobs })).toBe('INVALID_ADDRESS');
    });

    it('PARCELSHOP_DELIVERY only when every job went to a parcel shop', () => {
        const shop = { type: 'DELIVERY' as const, outcome: 'DELIVERED_TO_PARCEL_SHOP' as const };
        expect(
            reasonOf({
                jobs: [
                    { ...shop, reason: null },
                    { ...shop, reason: null },
                ],
            }),
        ).toBe('PARCELSHOP_DELIVERY');
        const mixed = [
            { ...shop, reason: null },
            { type: 'DELIVERY' as const, outcome: 'DELIVERED_TO_CONSIGNEE' as const, reason: null },
        ];
        expect(reasonOf({ jobs: mixed })).toBeNull();
    });

    it('ONLY_COLLECTION_CANCELLED_EVENTS only when every job is a failed collection', () => {
        const failed = {
            type: 'COLLECTION' as const,
            outcome: 'COLLECTION_FAILED' as const,
            reason: 'ABSENT' as const,
        };
        expect(reasonOf({ jobs: [failed, failed] })).toBe('ONLY_COLLECTION_CANCELLED_EVENTS');
        const collected = {
            type: 'COLLECTION' as const,
            outcome: 'COLLECTED' as const,
            reason: null,
        };
        expect(reasonOf({ jobs: [failed, collected] })).toBeNull();
        const pickup = {
            type: 'PICKUP' as const,
            outcome: 'PICKUP_FAILED' as const,
            reason: 'ABSENT' as const,
        };
        expect(reasonOf({ jobs: [pickup] })).toBeNull();
    });

    it('LOCATION_FAR_OFF when the first positioned scan or status is more than 500 m away', () => {
        // Beyond 500 m it is far off; at 500 m it is not on site either (over 150 m). No two
        // coordinates lie exactly 500.0 m apart here (the nearest are 1e-13 m either side), so
        // this case holds the rule at 500 m as the geometry gives it.
        expect(reasonOf({ onsiteEvents: positionsAt(501, 0) })).toBe('LOCATION_FAR_OFF');
        expect(reasonOf({ onsiteEvents: positionsAt(500, 500) })).toBe('NO_ONSITE_SCANEVENT');
        // The first event without a position is skipped.
        expect(reasonOf({ onsiteEvents: positionsAt(null, 501) })).toBe('LOCATION_FAR_OFF');
        // Only the first positioned one counts: on site later is still far off at first.
        expect(reasonOf({ onsiteEvents: positionsAt(501, 0, 0) })).toBe('LOCATION_FAR_OFF');
    });

    it('NO_ONSITE_SCANEVENT when no positioned scan or status was within 150 m', () => {
        expect(reasonOf({ onsiteEvents: positionsAt(151, 151) })).toBe('NO_ONSITE_SCANEVENT');
        expect(reasonOf({ onsiteEvents: positionsAt(151, 150) })).toBeNull();
        // Not judged without any position.
        expect(reasonOf({ onsiteEvents: positionsAt(null, null) })).toBeNull();
    });

    it('NO_ONSITE_SCANEVENT for a system-confirmed stop without any scan or status', () => {
        expect(reasonOf({ confirmation: 'SYSTEM', onsiteEvents: [], firstStatusAt: null })).toBe(
            'NO_ONSITE_SCANEVENT',
        );
        expect(reasonOf({ confirmation: 'SYSTEM', onsiteEvents: positionsAt(null) })).toBeNull();
    });

    it('SCANTIME_AMBIGUOUS when 2 other stops had their first status within 60 s', () => {
        const context = (...others: string[]) => ({ ...alone, otherFirstStatuses: others.map(at) });
        // The stop's first status is at 10:01:00.
        expect(reasonOf({}, context('10:00:00', '10:02:00'))).toBe('SCANTIME_AMBIGUOUS');
        expect(reasonOf({}, context('10:00:00', '10:02:01'))).toBeNull();
        expect(reasonOf({}, context('10:01:00'))).toBeNull();
        expect(reasonOf({ firstStatusAt: null }, context('10:01:00', '10:01:00'))).toBeNull();
    });

    it('DRIVING_TIME_DUBIOUS faster than 150 km/h from the previous stop', () => {
        // 1 500 m in 36 s is exactly 150 km/h; in 35 s it is faster.
        const from = (seconds: number, metres: number) => ({
            otherFirstStatuses: [],
            previous: {
                place: north(metres),
                ata: new Date(at('10:00').getTime() - seconds * 1000),
            },
        });
        expect(reasonOf({}, from(36, 1500))).toBeNull();
        expect(reasonOf({}, from(35, 1500))).toBe('DRIVING_TIME_DUBIOUS');
    });

    it('DRIVING_TIME_DUBIOUS in under 30 s for more than 300 m', () => {
        const from = (seconds: number, metres: number) => ({
            otherFirstStatuses: [],
            previous: {
                place: north(metres),
                ata: new Date(at('10:00').getTime() - seconds * 1000),
            },
        });
        expect(reasonOf({}, from(29, 301))).toBe('DRIVING_TIME_DUBIOUS');
        expect(reasonOf({}, from(30, 301))).toBeNull();
        expect(reasonOf({}, from(29, 300))).toBeNull();
        // The same moment at another place; the same moment at the same place is fine.
        expect(reasonOf({}, from(0, 10))).toBe('DRIVING_TIME_DUBIOUS');
        expect(reasonOf({}, from(0, 0))).toBeNull();
        // Not judged without the previous stop's place or arrival.
        expect(
            reasonOf({}, { otherFirstStatuses: [], previous: { place: null, ata: at('10:00') } }),
        ).toBeNull();
    });

    it('takes the first rule that matches', () => {
        // No coordinates and a system confirmation without events: the address comes first.
        expect(reasonOf({ place: null, confirmation: 'SYSTEM', onsiteEvents: [] })).toBe(
            'INVALID_ADDRESS',
        );
        const shop = {
            type: 'DELIVERY' as const,
            outcome: 'DELIVERED_TO_PARCEL_SHOP' as const,
            reason: null,
        };
        expect(reasonOf({ jobs: [shop], onsiteEvents: positionsAt(900) })).toBe(
            'PARCELSHOP_DELIVERY',
        );
    });
});

describe('notConsideredReasonsInDrivenOrder', () => {
    it('judges each stop against the one before it and the first statuses of the others', () => {
        const stops = [
            stop({ ata: at('10:00'), firstStatusAt: at('10:30:00') }),
            // 2 000 m from the first in 20 s.
            stop({
                place: north(2000),
                ata: at('10:00:20'),
                onsiteEvents: [],
                firstStatusAt: at('10:30:30'),
            }),
            stop({
                place: north(4000),
                ata: at('10:20'),
                onsiteEvents: [],
                firstStatusAt: at('10:31:00'),
            }),
        ];
        // All three first statuses lie within 60 s of each other: all batched (the second would
        // also be dubious, but batching comes first).
        expect(notConsideredReasonsInDrivenOrder(stops)).toEqual([
            'SCANTIME_AMBIGUOUS',
            'SCANTIME_AMBIGUOUS',
            'SCANTIME_AMBIGUOUS',
        ]);
        const spread = stops.map((s, i) => ({ ...s, firstStatusAt: at(`1${i}:00`) }));
        expect(notConsideredReasonsInDrivenOrder(spread)).toEqual([
            null,
            'DRIVING_TIME_DUBIOUS',
            null,
        ]);
    });
});
