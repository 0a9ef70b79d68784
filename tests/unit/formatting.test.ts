import { describe, expect, it } from 'vitest';
import {
    convertLength,
    convertWeight,
    createFormatters,
    DEFAULT_TIME_ZONE,
    EMPTY_VALUE,
    formatDate,
    formatDateTime,
    formatLength,
    formatNumber,
    formatTime,
    formatWeight,
    KG_TO_POUNDS,
    KM_TO_MILES,
    roundTo,
    weekStartsOn,
    zonedParts,
} from '../../domain/formatting';
import { defaultUserSettings } from '../../domain/userSettings';
import type { UserSettings } from '../../domain/contracts/settings';

// 21 November 2026, 14:30 in Berlin (CET, UTC+1).
const AFTERNOON = '2026-11-21T13:30:00Z';

describe('constants', () => {
    it('uses the factors, time zone and week start of shell §9', () => {
        expect(KM_TO_MILES).toBe(0.621371192237334);
        expect(KG_TO_POUNDS).toBe(2.20462);
        expect(DEFAULT_TIME_ZONE).toBe('Europe/Berlin');
        expect(weekStartsOn).toBe(1);
    });
});

describe('roundTo', () => {
    it('rounds half away from zero to 2 decimals by default', () => {
        expect(roundTo(1.234)).toBe(1.23);
        expect(roundTo(1.235)).toBe(1.24);
        expect(roundTo(1.005)).toBe(1.01);
        expect(roundTo(-1.005)).toBe(-1.01);
        expect(roundTo(-1.004)).toBe(-1);
        expect(roundTo(2.675)).toBe(2.68);
        expect(roundTo(0.125, 2)).toBe(0.13);
        expect(roundTo(12.5, 0)).toBe(13);
    });

    it('never yields negative zero, and keeps tiny and huge values sane', () => {
        expect(Object.is(roundTo(-0.001), 0)).toBe(true);
        expect(Object.is(roundTo(-0), 0)).toBe(true);
        expect(roundTo(1e-7)).toBe(0);
        expect(roundTo(5e-7, 6)).toBe(0.000001);
        expect(roundTo(1e22)).toBe(1e22);
        expect(roundTo(Number.NaN)).toBeNaN();
        expect(roundTo(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
    });
});

describe('formatNumber', () => {
    it('groups thousands and separates decimals by the number format', () => {
        expect(formatNumber(1234.56, 'EN')).toBe('1,234.56');
        expect(formatNumber(1234.56, 'DE')).toBe('1.234,56');
        expect(formatNumber(1234567.891, 'EN')).toBe('1,234,567.89');
        expect(formatNumber(1234567.891, 'DE')).toBe('1.234.567,89');
        expect(formatNumber(999, 'DE')).toBe('999');
        expect(formatNumber(1000, 'DE')).toBe('1.000');
    });

    it('rounds to 2 decimals and drops trailing zeros', () => {
        expect(formatNumber(12.5, 'EN')).toBe('12.5');
        expect(formatNumber(12.5, 'DE')).toBe('12,5');
        expect(formatNumber(12.499, 'EN')).toBe('12.5');
        expect(formatNumber(0.005, 'EN')).toBe('0.01');
        expect(formatNumber(0.004, 'EN')).toBe('0');
        expect(formatNumber(999.999, 'EN')).toBe('1,000');
        expect(formatNumber(7, 'EN')).toBe('7');
    });

    it('formats zero and negative values', () => {
        expect(formatNumber(0, 'EN')).toBe('0');
        expect(formatNumber(-0, 'DE')).toBe('0');
        expect(formatNumber(-0.001, 'EN')).toBe('0');
        expect(formatNumber(-1234.5, 'EN')).toBe('-1,234.5');
        expect(formatNumber(-1234.5, 'DE')).toBe('-1.234,5');
        expect(formatNumber(-0.005, 'DE')).toBe('-0,01');
    });

    it('honours fixed and fewer decimals', () => {
        expect(formatNumber(12.5, 'EN', { minDecimals: 2 })).toBe('12.50');
        expect(formatNumber(12, 'DE', { minDecimals: 2 })).toBe('12,00');
        expect(formatNumber(12.56, 'EN', { maxDecimals: 0 })).toBe('13');
        expect(formatNumber(12.5, 'EN', { maxDecimals: 0 })).toBe('13');
        expect(formatNumber(1.23456, 'EN', { maxDecimals: 4 })).toBe('1.2346');
        expect(formatNumber(1, 'EN', { maxDecimals: 1, minDecimals: 3 })).toBe('1.0');
    });

    it('shows a dash for missing or non-finite values', () => {
        expect(formatNumber(null, 'EN')).toBe(EMPTY_VALUE);
        expect(formatNumber(undefined, 'EN')).toBe(EMPTY_VALUE);
        expect(formatNumber(Number.NaN, 'EN')).toBe(EMPTY_VALUE);
        expect(formatNumber(Number.POSITIVE_INFINITY, 'DE')).toBe(EMPTY_VALUE);
    });
});

describe('lengths and weights', () => {
    it('converts with the factors of shell §9, rounded to 2 decimals', () => {
        expect(convertLength(12.5, 'LENGTH_METRIC')).toBe(12.5);
        expect(convertLength(12.5, 'LENGTH_IMPERIAL')).toBe(7.77);
        expect(convertLength(1, 'LENGTH_IMPERIAL')).toBe(0.62);
        expect(convertLength(100, 'LENGTH_IMPERIAL')).toBe(62.14);
        expect(convertWeight(25, 'WEIGHT_METRIC')).toBe(25);
        expect(convertWeight(25, 'WEIGHT_IMPERIAL')).toBe(55.12);
        expect(convertWeight(1, 'WEIGHT_IMPERIAL')).toBe(2.2);
        expect(convertWeight(1.23456, 'WEIGHT_METRIC')).toBe(1.23);
    });

    it('labels the unit and follows the number format', () => {
        expect(formatLength(12.5, 'LENGTH_METRIC', 'EN')).toBe('12.5 km');
        expect(formatLength(12.5, 'LENGTH_METRIC', 'DE')).toBe('12,5 km');
        expect(formatLength(12.5, 'LENGTH_IMPERIAL', 'EN')).toBe('7.77 mi');
        expect(formatLength(12.5, 'LENGTH_IMPERIAL', 'DE')).toBe('7,77 mi');
        expect(formatLength(2000, 'LENGTH_IMPERIAL', 'EN')).toBe('1,242.74 mi');
        expect(formatWeight(25, 'WEIGHT_METRIC', 'EN')).toBe('25 kg');
        expect(formatWeight(25, 'WEIGHT_IMPERIAL', 'EN')).toBe('55.12 lb');
        expect(formatWeight(25, 'WEIGHT_IMPERIAL', 'DE')).toBe('55,12 lb');
        expect(formatWeight(1500.5, 'WEIGHT_METRIC', 'DE')).toBe('1.500,5 kg');
    });

    it('formats zero, negative and missing values', () => {
        expect(formatLength(0, 'LENGTH_IMPERIAL', 'EN')).toBe('0 mi');
        expect(formatWeight(0, 'WEIGHT_METRIC', 'DE')).toBe('0 kg');
        expect(formatLength(-3, 'LENGTH_IMPERIAL', 'EN')).toBe('-1.86 mi');
        expect(formatWeight(-2, 'WEIGHT_IMPERIAL', 'DE')).toBe('-4,41 lb');
        expect(formatLength(null, 'LENGTH_METRIC', 'EN')).toBe(EMPTY_VALUE);
        expect(formatWeight(Number.NaN, 'WEIGHT_METRIC', 'EN')).toBe(EMPTY_VALUE);
    });
});

describe('formatDate', () => {
    it('writes each date format', () => {
        expect(formatDate(AFTERNOON, 'DATE_L_PERIOD')).toBe('21.11.2026');
        expect(formatDate(AFTERNOON, 'DATE_L_SLASH')).toBe('21/11/2026');
        expect(formatDate(AFTERNOON, 'DATE_B_SLASH')).toBe('11/21/2026');
        expect(formatDate(AFTERNOON, 'DATE_M_DASH')).toBe('2026-11-21');
    });

    it('pads day, month and year', () => {
        expect(formatDate('2026-01-05T12:00:00Z', 'DATE_L_PERIOD')).toBe('05.01.2026');
        expect(formatDate('0999-03-04T12:00:00Z', 'DATE_M_DASH', 'UTC')).toBe('0999-03-04');
    });

    it('accepts a Date and epoch milliseconds', () => {
        expect(formatDate(new Date(AFTERNOON), 'DATE_L_SLASH')).toBe('21/11/2026');
        expect(formatDate(Date.parse(AFTERNOON), 'DATE_B_SLASH')).toBe('11/21/2026');
    });

    it('takes the calendar date in the time zone', () => {
        // 23:30 UTC is already the next day in Berlin and still the same day in New York.
        expect(formatDate('2026-11-21T23:30:00Z', 'DATE_M_DASH')).toBe('2026-11-22');
        expect(formatDate('2026-11-21T23:30:00Z', 'DATE_M_DASH', 'UTC')).toBe('2026-11-21');
        expect(formatDate('2026-11-21T03:30:00Z', 'DATE_M_DASH', 'America/New_York')).toBe(
            '2026-11-20',
        );
        expect(formatDate('2026-11-21T12:30:00Z', 'DATE_M_DASH', 'Pacific/Auckland')).toBe(
            '2026-11-22',
        );
        expect(formatDate('2026-12-31T23:00:00Z', 'DATE_L_PERIOD')).toBe('01.01.2027');
    });

    it('leaves a plain calendar date as it is, whatever the zone', () => {
        expect(formatDate('2026-11-21', 'DATE_L_PERIOD', 'America/Los_Angeles')).toBe('21.11.2026');
        expect(formatDate('2026-11-21', 'DATE_B_SLASH', 'Pacific/Kiritimati')).toBe('11/21/2026');
    });

    it('shows a dash for missing or invalid dates', () => {
        expect(formatDate(null, 'DATE_M_DASH')).toBe(EMPTY_VALUE);
        expect(formatDate(undefined, 'DATE_M_DASH')).toBe(EMPTY_VALUE);
        expect(formatDate('not a date', 'DATE_M_DASH')).toBe(EMPTY_VALUE);
        expect(formatDate(new Date(Number.NaN), 'DATE_L_PERIOD')).toBe(EMPTY_VALUE);
    });

    it('rejects an unknown time zone loudly', () => {
        expect(() => formatDate(AFTERNOON, 'DATE_M_DASH', 'Mars/Olympus_Mons')).toThrow(RangeError);
    });
});

describe('formatTime', () => {
    it('writes the 24-hour and the 12-hour clock', () => {
        expect(formatTime(AFTERNOON, 'TIME_24_HOURS')).toBe('14:30');
        expect(formatTime(AFTERNOON, 'TIME_12_HOURS_A')).toBe('2:30 PM');
    });

    it('handles midnight and noon on the 12-hour clock', () => {
        expect(formatTime('2026-11-20T23:05:00Z', 'TIME_12_HOURS_A')).toBe('12:05 AM');
        expect(formatTime('2026-11-20T23:05:00Z', 'TIME_24_HOURS')).toBe('00:05');
        expect(formatTime('2026-11-21T11:00:00Z', 'TIME_12_HOURS_A')).toBe('12:00 PM');
        expect(formatTime('2026-11-21T10:59:00Z', 'TIME_12_HOURS_A')).toBe('11:59 AM');
        expect(formatTime('2026-11-21T22:59:00Z', 'TIME_12_HOURS_A')).toBe('11:59 PM');
        expect(formatTime('2026-11-21T08:07:00Z', 'TIME_24_HOURS')).toBe('09:07');
    });

    it('follows the time zone, including half-hour offsets', () => {
        expect(formatTime(AFTERNOON, 'TIME_24_HOURS', 'UTC')).toBe('13:30');
        expect(formatTime(AFTERNOON, 'TIME_24_HOURS', 'Asia/Kolkata')).toBe('19:00');
        expect(formatTime(AFTERNOON, 'TIME_12_HOURS_A', 'America/New_York')).toBe('8:30 AM');
        expect(formatTime(AFTERNOON, 'TIME_24_HOURS', 'Europe/London')).toBe('13:30');
        expect(formatTime(AFTERNOON, 'TIME_24_HOURS', 'Europe/Helsinki')).toBe('15:30');
    });

    it('follows daylight saving time in spring (29 March 2026 in Berlin)', () => {
        expect(formatTime('2026-03-29T00:30:00Z', 'TIME_24_HOURS')).toBe('01:30');
        // 02:00 CET jumps to 03:00 CEST: the hour in between does not exist.
        expect(formatTime('2026-03-29T01:00:00Z', 'TIME_24_HOURS')).toBe('03:00');
        expect(formatTime('2026-03-29T01:30:00Z', 'TIME_24_HOURS')).toBe('03:30');
        expect(formatTime('2026-03-28T12:00:00Z', 'TIME_24_HOURS')).toBe('13:00');
        expect(formatTime('2026-03-30T12:00:00Z', 'TIME_24_HOURS')).toBe('14:00');
    });

    it('follows daylight saving time in autumn (25 October 2026 in Berlin)', () => {
        // 03:00 CEST falls back to 02:00 CET: 02:30 happens twice.
        expect(formatTime('2026-10-25T00:30:00Z', 'TIME_24_HOURS')).toBe('02:30');
        expect(formatTime('2026-10-25T01:30:00Z', 'TIME_24_HOURS')).toBe('02:30');
        expect(formatTime('2026-10-25T01:30:00Z', 'TIME_12_HOURS_A')).toBe('2:30 AM');
        expect(formatTime('2026-10-25T02:00:00Z', 'TIME_24_HOURS')).toBe('03:00');
    });

    it("follows another zone's DST dates (New York, 8 March 2026)", () => {
        expect(formatTime('2026-03-08T06:30:00Z', 'TIME_24_HOURS', 'America/New_York')).toBe(
            '01:30',
        );
        expect(formatTime('2026-03-08T07:30:00Z', 'TIME_24_HOURS', 'America/New_York')).toBe(
            '03:30',
        );
        // The same moment in Berlin is still on winter time (Europe switches three weeks later).
        expect(formatTime('2026-03-08T07:30:00Z', 'TIME_24_HOURS')).toBe('08:30');
    });

    it('shows a dash for missing or invalid times', () => {
        expect(formatTime(null, 'TIME_24_HOURS')).toBe(EMPTY_VALUE);
        expect(formatTime('yesterday', 'TIME_12_HOURS_A')).toBe(EMPTY_VALUE);
    });
});

describe('formatDateTime', () => {
    it('joins the date and the time of the same zone', () => {
        expect(
            formatDateTime(AFTERNOON, { dateFormat: 'DATE_L_PERIOD', timeFormat: 'TIME_24_HOURS' }),
        ).toBe('21.11.2026 14:30');
        expect(
            formatDateTime(AFTERNOON, {
                dateFormat: 'DATE_B_SLASH',
                timeFormat: 'TIME_12_HOURS_A',
            }),
        ).toBe('11/21/2026 2:30 PM');
        expect(
            formatDateTime('2026-11-21T23:30:00Z', {
                dateFormat: 'DATE_M_DASH',
                timeFormat: 'TIME_24_HOURS',
            }),
        ).toBe('2026-11-22 00:30');
        expect(
            formatDateTime(
                '2026-11-21T23:30:00Z',
                { dateFormat: 'DATE_M_DASH', timeFormat: 'TIME_24_HOURS' },
                'UTC',
            ),
        ).toBe('2026-11-21 23:30');
        expect(
            formatDateTime('2026-10-25T00:30:00Z', {
                dateFormat: 'DATE_L_SLASH',
                timeFormat: 'TIME_12_HOURS_A',
            }),
        ).toBe('25/10/2026 2:30 AM');
        expect(formatDateTime(null, defaultUserSettings)).toBe(EMPTY_VALUE);
        expect(formatDateTime('nope', defaultUserSettings)).toBe(EMPTY_VALUE);
    });
});

describe('zonedParts', () => {
    it('gives the wall clock of a moment', () => {
        expect(zonedParts(AFTERNOON)).toEqual({
            year: 2026,
            month: 11,
            day: 21,
            hour: 14,
            minute: 30,
        });
        expect(zonedParts('2026-11-21T23:00:00Z', 'UTC')).toEqual({
            year: 2026,
            month: 11,
            day: 21,
            hour: 23,
            minute: 0,
        });
        expect(zonedParts('2026-11-20T23:00:00Z')).toEqual({
            year: 2026,
            month: 11,
            day: 21,
            hour: 0,
            minute: 0,
        });
        expect(zonedParts('invalid')).toBeNull();
    });
});

describe('createFormatters', () => {
    const american: UserSettings = {
        dateFormat: 'DATE_B_SLASH',
        timeFormat: 'TIME_12_HOURS_A',
        lengthFormat: 'LENGTH_IMPERIAL',
        weightFormat: 'WEIGHT_IMPERIAL',
        numberFormat: 'EN',
    };
    const german: UserSettings = {
        dateFormat: 'DATE_L_PERIOD',
        timeFormat: 'TIME_24_HOURS',
        lengthFormat: 'LENGTH_METRIC',
        weightFormat: 'WEIGHT_METRIC',
        numberFormat: 'DE',
    };

    it('binds every formatter to the settings and the zone', () => {
        const us = createFormatters(american, 'America/Chicago');
        expect(us.timeZone).toBe('America/Chicago');
        expect(us.settings).toBe(american);
        expect(us.date(AFTERNOON)).toBe('11/21/2026');
        expect(us.time(AFTERNOON)).toBe('7:30 AM');
        expect(us.dateTime(AFTERNOON)).toBe('11/21/2026 7:30 AM');
        expect(us.number(1234.567)).toBe('1,234.57');
        expect(us.length(12.5)).toBe('7.77 mi');
        expect(us.weight(25)).toBe('55.12 lb');

        const de = createFormatters(german);
        expect(de.timeZone).toBe(DEFAULT_TIME_ZONE);
        expect(de.date(AFTERNOON)).toBe('21.11.2026');
        expect(de.time(AFTERNOON)).toBe('14:30');
        expect(de.dateTime(AFTERNOON)).toBe('21.11.2026 14:30');
        expect(de.number(1234.567)).toBe('1.234,57');
        expect(de.number(1234.5, { minDecimals: 2 })).toBe('1.234,50');
        expect(de.length(12.5)).toBe('12,5 km');
        expect(de.weight(25)).toBe('25 kg');
    });

    it('uses EN numbers, metric units, ISO dates and the 24-hour clock by default', () => {
        const defaults = createFormatters(defaultUserSettings);
        expect(defaults.date(AFTERNOON)).toBe('2026-11-21');
        expect(defaults.time(AFTERNOON)).toBe('14:30');
        expect(defaults.number(1234.56)).toBe('1,234.56');
        expect(defaults.length(12.5)).toBe('12.5 km');
        expect(defaults.weight(25)).toBe('25 kg');
    });
});
