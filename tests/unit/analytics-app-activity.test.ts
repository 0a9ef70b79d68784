import { describe, expect, it } from 'vitest';
import {
    BREAK_DRIVE_OFF_KMH,
    BREAK_MIN_MINUTES,
    BREAK_POSITION_MAX_GAP_MINUTES,
    BREAK_STAY_RADIUS_METRES,
    DEPARTURE_RADIUS_METRES,
    LOW_APP_FOREGROUND_MINUTES,
    appUsageOfDay,
    backgroundStretches,
    breakStretches,
    daySplit,
    departures,
    foregroundMinutes,
    loginFigures,
    type AppEvent,
} from '../../domain/appActivity.js';
import { offsetMetres } from '../../domain/geo.js';

/** App activity, breaks, departures and the day's split (domain/appActivity.ts), on hand-made days. */

const at = (time: string) => new Date(`2025-03-10T${time.length === 5 ? `${time}:00` : time}Z`);
const ms = (time: string) => at(time).getTime();
const login = (time: string): AppEvent => ({ type: 'LOGIN', at: at(time) });
const logout = (time: string): AppEvent => ({ type: 'LOGOUT', at: at(time) });
const scan = (time: string): AppEvent => ({ type: 'SCAN', at: at(time) });
const fore = (time: string): AppEvent => ({
    type: 'APP_STATE',
    at: at(time),
    appState: 'FOREGROUND',
});
const back = (time: string): AppEvent => ({
    type: 'APP_STATE',
    at: at(time),
    appState: 'BACKGROUND',
});
// On the equator N metres north is exactly N metres away, so the boundaries are exact.
const origin = { latitude: 0, longitude: 10 };
const north = (metres: number) => offsetMetres(origin, metres, 0);
const place = (time: string, metres = 0) => ({ at: at(time), ...north(metres) });

describe('thresholds', () => {
    it('are the documented ones', () => {
        expect(LOW_APP_FOREGROUND_MINUTES).toBe(60);
        expect(BREAK_MIN_MINUTES).toBe(15);
        expect(BREAK_STAY_RADIUS_METRES).toBe(150);
        expect(BREAK_POSITION_MAX_GAP_MINUTES).toBe(15);
        expect(BREAK_DRIVE_OFF_KMH).toBe(60);
        expect(DEPARTURE_RADIUS_METRES).toBe(150);
    });
});

describe('foregroundMinutes', () => {
    it('is null without a LOGIN or APP_STATE event', () => {
        expect(foregroundMinutes([scan('09:00')], null)).toBeNull();
        expect(foregroundMinutes([], at('12:00'))).toBeNull();
    });

    it('adds the stretches from LOGIN or FOREGROUND to BACKGROUND or LOGOUT, in any order', () => {
        // 08:00-08:30 and 09:00-09:45: 30 + 45.
        const events = [logout('09:45'), back('08:30'), login('08:00'), fore('09:00')];
        expect(foregroundMinutes(events, null)).toBe(75);
    });

    it('does not restart a stretch at a second LOGIN', () => {
        expect(foregroundMinutes([login('08:00'), login('08:10'), back('08:30')], null)).toBe(30);
    });

    it('ends an open stretch at the later of the last event and the finish', () => {
        expect(foregroundMinutes([login('08:00'), scan('08:40')], null)).toBe(40);
        expect(foregroundMinutes([login('08:00'), scan('08:40')], at('09:00'))).toBe(60);
        expect(foregroundMinutes([login('08:00'), scan('08:40')], at('08:20'))).toBe(40);
    });

    it('rounds to whole minutes', () => {
        expect(foregroundMinutes([login('08:00:00'), back('08:59:29')], null)).toBe(59);
        expect(foregroundMinutes([login('08:00:00'), back('08:59:30')], null)).toBe(60);
    });
});

describe('appUsageOfDay', () => {
    it('is NOT_USED without any app event', () => {
        expect(appUsageOfDay(0, null)).toBe('NOT_USED');
    });

    it('is LOW under 60 minutes in the foreground, NORMAL from 60', () => {
        expect(appUsageOfDay(4, 59)).toBe('LOW');
        expect(appUsageOfDay(4, 60)).toBe('NORMAL');
        expect(appUsageOfDay(1, 0)).toBe('LOW');
    });

    it('is NORMAL when the app sent events but its foreground time is unknown', () => {
        expect(appUsageOfDay(3, null)).toBe('NORMAL');
    });
});

describe('loginFigures', () => {
    it('counts logins, distinct devices and distinct drivers, nulls not counted', () => {
        const events = [
            { type: 'LOGIN', at: at('07:00'), userId: 'u1', deviceImei: 'imei-a' },
            { type: 'LOGIN', at: at('09:00'), userId: 'u1', deviceImei: 'imei-a' },
            { type: 'LOGIN', at: at('11:00'), userId: 'u2', deviceImei: null },
            { type: 'LOGIN', at: at('12:00'), userId: null },
            { type: 'SCAN', at: at('12:05'), userId: 'u3' },
        ];
        expect(loginFigures(events)).toEqual({ logins: 4, loginDevices: 1, loginDrivers: 2 });
    });
});

describe('backgroundStretches', () => {
    it('runs from BACKGROUND to the next FOREGROUND, LOGIN or LOGOUT, an open one to the end', () => {
        const events = [back('09:00'), fore('09:10'), back('10:00'), login('10:05'), back('11:00')];
        expect(backgroundStretches(events, at('11:30'))).toEqual([
            { from: ms('09:00'), to: ms('09:10') },
            { from: ms('10:00'), to: ms('10:05') },
            { from: ms('11:00'), to: ms('11:30') },
        ]);
        expect(backgroundStretches([back('09:00'), logout('09:20')], at('12:00'))).toEqual([
            { from: ms('09:00'), to: ms('09:20') },
        ]);
    });
});

describe('breakStretches', () => {
    const day = { from: ms('08:00'), to: ms('16:00') };
    const still = [place('11:55'), place('12:20')];

    it('counts a background stretch of 15 minutes without movement, not one of 14:59', () => {
        expect(breakStretches([back('12:00'), fore('12:15')], still, day)).toEqual([
            { from: ms('12:00'), to: ms('12:15') },
        ]);
        expect(breakStretches([back('12:00:01'), fore('12:15')], still, day)).toEqual([]);
    });

    it('allows the vehicle to drive off at 60 km/h between the end and the next position', () => {
        // 2 minutes after the end at 60 km/h is 2 000 m, plus the 150 m radius.
        const events = [back('12:00'), fore('12:30')];
        const stayed = [place('11:58'), place('12:32', 2150)];
        const moved = [place('11:58'), place('12:32', 2151)];
        expect(breakStretches(events, stayed, day)).toEqual([
            { from: ms('12:00'), to: ms('12:30') },
        ]);
        expect(breakStretches(events, moved, day)).toEqual([]);
    });

    it('is no break when a position inside is more than 150 m away', () => {
        const events = [back('12:00'), fore('12:30')];
        const at150 = [place('11:58'), place('12:10', 150), place('12:31')];
        const at151 = [place('11:58'), place('12:10', 151), place('12:31')];
        expect(breakStretches(events, at150, day)).toHaveLength(1);
        expect(breakStretches(events, at151, day)).toEqual([]);
    });

    it('cannot judge a stretch without a position within 15 minutes of its start and end', () => {
        const events = [back('12:00'), fore('12:30')];
        expect(breakStretches(events, [place('11:45'), place('12:45')], day)).toHaveLength(1);
        expect(breakStretches(events, [place('11:44:59'), place('12:31')], day)).toBeNull();
        expect(breakStretches(events, [place('11:59'), place('12:45:01')], day)).toBeNull();
        expect(breakStretches(events, [], day)).toBeNull();
    });

    it('skips stretches with a scan inside and cuts them to the day', () => {
        expect(breakStretches([back('12:00'), scan('12:10'), fore('12:30')], [], day)).toEqual([]);
        // 15:50-16:00 is left of 15:50-16:30: too short to be a break.
        expect(breakStretches([back('15:50'), fore('16:30')], [], day)).toEqual([]);
    });
});

describe('departures', () => {
    const stop = (id: string, ata: string, metres: number | null, lastStatus: string | null) => ({
        id,
        place: metres === null ? null : north(metres),
        ata: at(ata),
        lastStatusAt: lastStatus === null ? null : at(lastStatus),
    });

    it('is the first position after the arrival more than 150 m from the stop', () => {
        const positions = [place('10:00'), place('10:04', 150), place('10:06', 151)];
        const left = departures([stop('a', '10:00', 0, '10:03')], positions, null);
        expect(left.get('a')).toBe(ms('10:06'));
    });

    it('looks no further than the next arrival, then takes the last status time', () => {
        // The vehicle shows up 151 m away only after the next stop's arrival at 10:10; that stop
        // has neither coordinates nor a status.
        const positions = [place('10:00'), place('10:12', 151)];
        const stops = [stop('a', '10:00', 0, '10:03'), stop('b', '10:10', null, null)];
        const left = departures(stops, positions, null);
        expect(left.get('a')).toBe(ms('10:03'));
        expect(left.get('b')).toBeNull();
    });

    it('takes the last status time for a stop without coordinates or without positions', () => {
        expect(departures([stop('a', '10:00', null, '10:05')], [], null).get('a')).toBe(
            ms('10:05'),
        );
    });
});

describe('daySplit', () => {
    const stop = (id: string, ata: string) => ({
        id,
        place: north(0),
        ata: at(ata),
        lastStatusAt: null,
    });

    it('splits the day into service, breaks and driving', () => {
        // 08:00-12:00 is 240 minutes: service 10 + 20, a break 10:30-11:00, driving the rest.
        const stops = [stop('a', '09:00'), stop('b', '10:00')];
        const departed = new Map([
            ['a', ms('09:10')],
            ['b', ms('10:20')],
        ]);
        const split = daySplit({
            stops,
            departed,
            events: [back('10:30'), fore('11:00')],
            positions: [place('10:29'), place('11:01')],
            startedAt: at('08:00'),
            end: ms('12:00'),
        });
        expect(split.serviceOf).toEqual(
            new Map([
                ['a', 600_000],
                ['b', 1_200_000],
            ]),
        );
        expect(split).toMatchObject({ serviceMinutes: 30, breakMinutes: 30, drivingMinutes: 180 });
    });

    it('takes a break at a stop out of its service time', () => {
        // At the stop 10:00-10:40, with a break 10:05-10:35: 10 minutes of service; 240 − 10 − 30 driving.
        const split = daySplit({
            stops: [stop('a', '10:00')],
            departed: new Map([['a', ms('10:40')]]),
            events: [back('10:05'), fore('10:35')],
            positions: [place('10:00'), place('10:36')],
            startedAt: at('08:00'),
            end: ms('12:00'),
        });
        expect(split).toMatchObject({ serviceMinutes: 10, breakMinutes: 30, drivingMinutes: 200 });
    });

    it('leaves driving and breaks unknown when a break cannot be judged', () => {
        const split = daySplit({
            stops: [stop('a', '09:00')],
            departed: new Map([['a', ms('09:05')]]),
            events: [back('10:00'), fore('10:30')],
            positions: [],
            startedAt: at('08:00'),
            end: ms('12:00'),
        });
        expect(split).toMatchObject({
            serviceMinutes: 5,
            breakMinutes: null,
            drivingMinutes: null,
        });
    });

    it('has no service time without a stop served and no split without a start', () => {
        const split = daySplit({
            stops: [],
            departed: new Map(),
            events: [],
            positions: [],
            startedAt: null,
            end: ms('12:00'),
        });
        expect(split).toMatchObject({
            serviceMinutes: null,
            breakMinutes: null,
            drivingMinutes: null,
        });
    });
});
