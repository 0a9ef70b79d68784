import { describe, expect, it } from 'vitest';
import {
    healthDay,
    healthWarning,
    isCalendarDate,
    isWithinBusinessHours,
    isWithinHealthWindow,
    newestHealthData,
} from '../../domain/healthStatus.js';

const hours = { from: '06:00', to: '21:00' };
/** Berlin is UTC+1 in January and UTC+2 in July. */
const berlinWinter = (time: string) => new Date(`2026-01-15T${time}+01:00`);
const minutesBefore = (date: Date, minutes: number, seconds = 0) =>
    new Date(date.getTime() - minutes * 60_000 - seconds * 1000);

describe('isWithinBusinessHours', () => {
    it('includes both ends to the minute, in the depot’s time zone', () => {
        const at = (time: string) =>
            isWithinBusinessHours({
                now: berlinWinter(time),
                businessHours: hours,
                timeZone: 'Europe/Berlin',
            });
        expect(at('05:59:59')).toBe(false);
        expect(at('06:00:00')).toBe(true);
        expect(at('21:00:59')).toBe(true);
        expect(at('21:01:00')).toBe(false);
    });

    it('reads the wall clock of the zone, also in summer time', () => {
        const now = new Date('2026-07-01T04:30:00Z'); // 06:30 in Berlin, 00:30 in New York
        expect(
            isWithinBusinessHours({ now, businessHours: hours, timeZone: 'Europe/Berlin' }),
        ).toBe(true);
        expect(
            isWithinBusinessHours({ now, businessHours: hours, timeZone: 'America/New_York' }),
        ).toBe(false);
        expect(isWithinBusinessHours({ now, businessHours: hours, timeZone: 'UTC' })).toBe(false);
    });

    it('uses 00:00–23:59 when no or invalid hours are given, and Europe/Berlin when no zone is', () => {
        for (const businessHours of [
            undefined,
            null,
            {},
            { from: '6:00', to: '21:00' },
            { from: '06:00', to: '24:00' },
        ]) {
            expect(isWithinBusinessHours({ now: berlinWinter('00:00'), businessHours })).toBe(true);
            expect(isWithinBusinessHours({ now: berlinWinter('23:59:59'), businessHours })).toBe(
                true,
            );
        }
        // 05:30 UTC is 06:30 in Berlin (default zone): inside 06:00–21:00.
        expect(
            isWithinBusinessHours({
                now: new Date('2026-01-15T05:30:00Z'),
                businessHours: hours,
                timeZone: null,
            }),
        ).toBe(true);
    });

    it('spans midnight when the start is later than the end', () => {
        const night = { from: '22:00', to: '06:00' };
        expect(
            isWithinBusinessHours({
                now: berlinWinter('23:30'),
                businessHours: night,
                timeZone: 'Europe/Berlin',
            }),
        ).toBe(true);
        expect(
            isWithinBusinessHours({
                now: berlinWinter('05:00'),
                businessHours: night,
                timeZone: 'Europe/Berlin',
            }),
        ).toBe(true);
        expect(
            isWithinBusinessHours({
                now: berlinWinter('12:00'),
                businessHours: night,
                timeZone: 'Europe/Berlin',
            }),
        ).toBe(false);
    });
});

describe('isWithinHealthWindow (end shifted back one hour)', () => {
    it('ends one hour before the business hours do', () => {
        const at = (time: string) =>
            isWithinHealthWindow({
                now: berlinWinter(time),
                businessHours: hours,
                timeZone: 'Europe/Berlin',
            });
        expect(at('06:00')).toBe(true);
        expect(at('20:00:59')).toBe(true);
        expect(at('20:01')).toBe(false);
        expect(at('20:30')).toBe(false);
        // Still inside the business hours themselves.
        expect(
            isWithinBusinessHours({
                now: berlinWinter('20:30'),
                businessHours: hours,
                timeZone: 'Europe/Berlin',
            }),
        ).toBe(true);
    });

    it('is empty when the business hours are shorter than an hour', () => {
        expect(
            isWithinHealthWindow({
                now: berlinWinter('08:10'),
                businessHours: { from: '08:00', to: '08:45' },
                timeZone: 'Europe/Berlin',
            }),
        ).toBe(false);
    });

    it('shifts the default hours to 22:59', () => {
        expect(
            isWithinHealthWindow({ now: berlinWinter('22:59'), timeZone: 'Europe/Berlin' }),
        ).toBe(true);
        expect(
            isWithinHealthWindow({ now: berlinWinter('23:00'), timeZone: 'Europe/Berlin' }),
        ).toBe(false);
    });
});

describe('healthWarning', () => {
    const now = berlinWinter('10:00');
    const base = { now, businessHours: hours, timeZone: 'Europe/Berlin' };

    it('warns when the newest data is 30 minutes old or older, not before', () => {
        expect(
            healthWarning({
                ...base,
                lastAssignmentAt: minutesBefore(now, 30).toISOString(),
                lastStatusChangeAt: null,
            }),
        ).toBe(true);
        expect(
            healthWarning({
                ...base,
                lastAssignmentAt: minutesBefore(now, 29, 59).toISOString(),
                lastStatusChangeAt: null,
            }),
        ).toBe(false);
        expect(
            healthWarning({
                ...base,
                lastAssignmentAt: minutesBefore(now, 45),
                lastStatusChangeAt: minutesBefore(now, 31),
            }),
        ).toBe(true);
    });

    it('looks at the newer of the two times', () => {
        expect(
            healthWarning({
                ...base,
                lastAssignmentAt: minutesBefore(now, 120).toISOString(),
                lastStatusChangeAt: minutesBefore(now, 5).toISOString(),
            }),
        ).toBe(false);
        expect(
            healthWarning({
                ...base,
                lastAssignmentAt: minutesBefore(now, 5).toISOString(),
                lastStatusChangeAt: minutesBefore(now, 120).toISOString(),
            }),
        ).toBe(false);
        expect(
            newestHealthData('2026-01-15T08:00:00Z', '2026-01-15T09:00:00Z')?.toISOString(),
        ).toBe('2026-01-15T09:00:00.000Z');
    });

    it('warns when data is missing, using the time that is there when one is', () => {
        expect(healthWarning({ ...base, lastAssignmentAt: null, lastStatusChangeAt: null })).toBe(
            true,
        );
        expect(
            healthWarning({ ...base, lastAssignmentAt: undefined, lastStatusChangeAt: '' }),
        ).toBe(true);
        expect(
            healthWarning({ ...base, lastAssignmentAt: 'not a date', lastStatusChangeAt: null }),
        ).toBe(true);
        expect(
            healthWarning({
                ...base,
                lastAssignmentAt: null,
                lastStatusChangeAt: minutesBefore(now, 1).toISOString(),
            }),
        ).toBe(false);
        expect(newestHealthData(null, undefined)).toBeNull();
    });

    it('never warns outside the shifted window, however old the data', () => {
        for (const time of ['05:59', '20:01', '21:00', '23:00']) {
            expect(
                healthWarning({
                    ...base,
                    now: berlinWinter(time),
                    lastAssignmentAt: null,
                    lastStatusChangeAt: null,
                }),
                time,
            ).toBe(false);
        }
        expect(
            healthWarning({
                ...base,
                now: berlinWinter('20:00'),
                lastAssignmentAt: null,
                lastStatusChangeAt: null,
            }),
        ).toBe(true);
    });

    it('decides the window in the depot’s zone', () => {
        // 10:00 in Berlin is 04:00 in New York: outside 06:00–21:00 there.
        expect(
            healthWarning({
                ...base,
                timeZone: 'America/New_York',
                lastAssignmentAt: null,
                lastStatusChangeAt: null,
            }),
        ).toBe(false);
    });

    it('treats data stamped in the future (clock skew) as fresh', () => {
        expect(
            healthWarning({
                ...base,
                lastAssignmentAt: new Date(now.getTime() + 60 * 60_000),
                lastStatusChangeAt: null,
            }),
        ).toBe(false);
    });
});

describe('healthDay', () => {
    it('turns `today` into the calendar date of the zone', () => {
        const now = new Date('2026-01-15T23:30:00Z'); // already the 16th in Berlin, still the 15th in New York
        expect(healthDay('today', now, 'Europe/Berlin')?.date).toBe('2026-01-16');
        expect(healthDay('today', now, 'America/New_York')?.date).toBe('2026-01-15');
    });

    it('spans the local day: 24 hours, 23 and 25 on the days the clocks change', () => {
        const now = new Date();
        expect(healthDay('2026-01-15', now, 'Europe/Berlin')).toEqual({
            date: '2026-01-15',
            from: new Date('2026-01-14T23:00:00Z'),
            to: new Date('2026-01-15T23:00:00Z'),
        });
        const spring = healthDay('2026-03-29', now, 'Europe/Berlin');
        expect(spring).toEqual({
            date: '2026-03-29',
            from: new Date('2026-03-28T23:00:00Z'),
            to: new Date('2026-03-29T22:00:00Z'),
        });
        const autumn = healthDay('2026-10-25', now, 'Europe/Berlin');
        expect(autumn).toEqual({
            date: '2026-10-25',
            from: new Date('2026-10-24T22:00:00Z'),
            to: new Date('2026-10-25T23:00:00Z'),
        });
        expect(healthDay('2026-12-31', now, 'America/New_York')).toEqual({
            date: '2026-12-31',
            from: new Date('2026-12-31T05:00:00Z'),
            to: new Date('2027-01-01T05:00:00Z'),
        });
    });

    it('refuses dates that do not exist', () => {
        for (const date of [
            '2026-02-29',
            '2026-13-01',
            '2026-00-10',
            '2026-04-31',
            'yesterday',
            '2026-1-5',
            '',
        ]) {
            expect(healthDay(date, new Date(), 'Europe/Berlin'), date).toBeNull();
        }
        expect(isCalendarDate('2028-02-29')).toBe(true);
        expect(isCalendarDate('2026-02-29')).toBe(false);
    });
});
