// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { DataProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
    TourActivity,
    TourActivityDetail,
    TourActivityList,
    TourActivityRights,
    TourLocationHistory,
} from '../../domain/contracts/tour-activities';
import { DailyActivitiesPage } from '../../src/customRoutes/dailyActivities/DailyActivitiesPage';
import type { TourMapProps } from '../../src/maps/TourMap';
import { initialScope } from '../../src/scope/selectedScope';
import { SelectedScopeContext } from '../../src/scope/useSelectedScope';
import { i18nWrapper, realI18nProvider } from './i18n-fixtures';
import { authProviderOf, profileWithSettings } from './profile-fixtures';

/**
 * Issue 16 part 1: the depot's "Usage & analysis" page. The tour commander (httpClient) and the
 * map (LazyTourMap: a list of its stops) are replaced; everything else is the app's, with its
 * real English texts. Numbers in the German format, times in Berlin (CET on 2 March).
 */

const api = vi.hoisted(() => ({
    answers: new Map<string, unknown>(),
    urls: [] as string[],
}));

vi.mock('../../src/dataProviders/httpClient', () => ({
    httpClient: async (url: string) => {
        api.urls.push(url);
        const path = url.split('?')[0] ?? '';
        const json = api.answers.get(path);
        if (json === undefined) throw new Error(`no answer for ${url}`);
        return { status: 200, headers: new Headers(), body: JSON.stringify(json), json };
    },
}));

vi.mock('../../src/maps/LazyTourMap', () => ({
    LazyTourMap: (props: TourMapProps) => (
        <div role="region" aria-label={props.label}>
            <ul aria-label="Stops on the map">
                {props.stops.map((stop) => (
                    <li key={stop.id}>{stop.title}</li>
                ))}
            </ul>
            <p>Positions: {props.drivenPath.length}</p>
        </div>
    ),
}));

const BASE = '/tour-commander/v1/tour-activities';
const DEPOT = 'north.DE.grp-a.dep-berlin';
const DAY = '2026-03-02';
const noRights: TourActivityRights = {
    rtt: false,
    recommendations: false,
    full: false,
    locationHistory: false,
};
const allRights: TourActivityRights = {
    rtt: true,
    recommendations: true,
    full: true,
    locationHistory: true,
};

const tour = (fields: Partial<TourActivity>): TourActivity => ({
    id: 'T9',
    tourDate: DAY,
    tourNumber: '9',
    vehicleNumber: '2222',
    driverName: 'Ben Driver',
    subcontractorName: 'Havel Express',
    state: 'FINISHED',
    waypointsDone: 12,
    waypointsTotal: 12,
    jobsSuccessful: 14,
    jobsFailed: 0,
    jobsTotal: 14,
    appUsage: 'NORMAL',
    appForegroundMinutes: 300,
    sequenceFidelity: 91.5,
    sequenceAdherence: 0.012,
    starRating: null,
    reviewCount: 0,
    analysedAt: `${DAY}T13:00:00.000Z`,
    ...fields,
});

const tour10 = tour({
    id: 'T10',
    tourNumber: '10',
    vehicleNumber: '1234',
    driverName: 'Ada Driver',
    subcontractorName: 'Spree Kurier',
    waypointsDone: 8,
    waypointsTotal: 8,
    jobsSuccessful: 9,
    jobsFailed: 1,
    jobsTotal: 10,
    appUsage: 'LOW',
    appForegroundMinutes: 42,
    sequenceFidelity: 62.5,
    sequenceAdherence: 0.125,
    starRating: 4.3,
    reviewCount: 3,
});
const tour11 = tour({
    id: 'T11',
    tourNumber: '11',
    driverName: null,
    state: 'NOT_STARTED',
    waypointsDone: 0,
    waypointsTotal: 5,
    jobsSuccessful: 0,
    jobsTotal: 6,
    appUsage: 'NOT_USED',
    appForegroundMinutes: null,
    sequenceFidelity: null,
    sequenceAdherence: null,
    analysedAt: null,
});

const full10: NonNullable<TourActivity['full']> = {
    logins: 2,
    loginDevices: 2,
    sequenceRequests: 1,
    startDelayMinutes: -35,
    plannedStart: `${DAY}T06:00:00.000Z`,
    startedAt: `${DAY}T05:25:00.000Z`,
    finishedAt: `${DAY}T12:40:00.000Z`,
    serviceMinutes: 120,
    drivingMinutes: 200,
    breakMinutes: 30,
    distanceMetres: 42_500,
    etaDeviation: { averageMinutes: 95.5, stops: 4 },
    missedWindows: {
        total: 2,
        byCause: {
            ADDRESS_ERROR: 0,
            LATE_DEPARTURE: 0,
            SERVICE_TIME_OVERRUN: 0,
            SEQUENCE_DEVIATION: 1,
            TRAFFIC: 1,
        },
    },
};

/** The extras of tour 10 as the server answers them with every right. */
const extras10: Pick<TourActivity, 'rtt' | 'recommendations' | 'full'> = {
    rtt: { category: 'BLOCKED', sevenDayCategory: 'MEDIUM', sevenDayAverageMinutes: 60 },
    recommendations: [
        { code: 'LOW_APP_ACTIVITY', value: 42, threshold: 60 },
        { code: 'MISSED_SYSTEM_TIMEFRAMES', value: 50, threshold: 20 },
        { code: 'WRONG_START_TIME', value: -35, threshold: 30 },
    ],
    full: full10,
};
const noExtras = (t: TourActivity) => ({
    ...t,
    rtt: { category: null, sevenDayCategory: null, sevenDayAverageMinutes: null },
    recommendations: [],
    full: { ...full10, startDelayMinutes: null, logins: 0 },
});

function day(rights: TourActivityRights, tours: TourActivity[]): TourActivityList {
    return { date: DAY, timeZone: 'Europe/Berlin', rights, tours };
}

const history: TourLocationHistory = {
    tourId: 'T10',
    tourNumber: '10',
    tourDate: DAY,
    depotLocation: { latitude: 52.52, longitude: 13.405 },
    positions: [
        { at: `${DAY}T08:00:05.000Z`, latitude: 52.52, longitude: 13.405 },
        { at: `${DAY}T08:00:35.000Z`, latitude: 52.53, longitude: 13.405 },
    ],
    stops: [
        {
            id: 'w1',
            plannedSequence: 1,
            drivenSequence: 1,
            state: 'DONE',
            latitude: 52.53,
            longitude: 13.405,
            street: 'Hauptstraße',
            houseNo: '1',
            postcode: '10115',
            locality: 'Berlin',
            ata: `${DAY}T08:01:00.000Z`,
            departedAt: `${DAY}T08:06:30.000Z`,
        },
    ],
    appStretches: [
        { state: 'FOREGROUND', from: `${DAY}T05:55:00.000Z`, to: `${DAY}T08:30:00.000Z` },
        { state: 'BACKGROUND', from: `${DAY}T08:30:00.000Z`, to: `${DAY}T08:45:00.000Z` },
    ],
    logins: [{ at: `${DAY}T05:55:00.000Z`, deviceModel: 'Zebra TC58', appVersion: '7.2.0' }],
};

async function renderPage(answer: TourActivityList, path = `/statistics/activities/${DAY}`) {
    api.answers.set(BASE, answer);
    const viewer = profileWithSettings({
        dateFormat: 'DATE_L_PERIOD',
        timeFormat: 'TIME_24_HOURS',
        lengthFormat: 'LENGTH_METRIC',
        weightFormat: 'WEIGHT_METRIC',
        numberFormat: 'DE',
    });
    const Wrapper = i18nWrapper(await realI18nProvider('en'), {} as DataProvider, {
        initialEntry: `/depot/north/110${path}`,
        authProvider: authProviderOf(viewer),
    });
    const scope = {
        ...initialScope,
        type: 'DISTRIBUTION_CENTER' as const,
        depotPath: DEPOT,
        timeZone: 'Europe/Berlin',
    };
    render(
        <Wrapper>
            <SelectedScopeContext.Provider value={{ scope, reset: () => undefined }}>
                <Routes>
                    <Route
                        path="/depot/:tenantId/:externalDepotId/statistics/activities/:date?"
                        element={<DailyActivitiesPage />}
                    />
                </Routes>
            </SelectedScopeContext.Provider>
        </Wrapper>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Usage & analysis' });
}

const TABLE = 'Tours of the day with their app usage and analysis';

/** The table's rows below its header, each as the texts of its cells. */
async function rows(): Promise<string[][]> {
    const table = await screen.findByRole('table', { name: TABLE });
    return within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
            within(row)
                .getAllByRole('cell')
                .map((cell) => cell.textContent ?? ''),
        );
}

const headers = () =>
    within(screen.getByRole('table', { name: TABLE }))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent ?? '');

/** axe's serious and critical WCAG A/AA findings (jsdom: no layout, so no contrast checks). */
async function seriousViolations() {
    const result = await axe.run(document.body, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        rules: { 'color-contrast': { enabled: false } },
    });
    return result.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.html).join(' | ')}`);
}

beforeEach(() => {
    api.answers.clear();
    api.urls.length = 0;
    api.answers.set(`${BASE}/T10`, {
        timeZone: 'Europe/Berlin',
        rights: allRights,
        tour: { ...tour10, ...extras10 },
        recommendationFigures: {
            startedBeforeSequence: false,
            firstWaypointChanges: 0,
            sequenceRequests: 1,
            appForegroundMinutes: 42,
            sequenceFidelity: 62.5,
            timeFrames: { driver: { total: 0, missed: 0 }, system: { total: 4, missed: 2 } },
            logins: 2,
            loginDevices: 2,
            startDelayMinutes: -35,
            plannedStart: `${DAY}T06:00:00.000Z`,
            startedAt: `${DAY}T05:25:00.000Z`,
        },
    } satisfies TourActivityDetail);
    api.answers.set(`${BASE}/T10/location-history`, history);
});
afterEach(cleanup);

describe('the daily activities page', { timeout: 30_000 }, () => {
    it('shows every tour of the day with its usage, sequence and rating, without the extras', async () => {
        await renderPage(day(noRights, [tour({}), tour10, tour11]));
        expect(api.urls).toEqual([`${BASE}?path=${encodeURIComponent(DEPOT)}&date=${DAY}`]);
        expect(await rows()).toEqual([
            [
                '9',
                '2222',
                'Ben Driver',
                'Havel Express',
                'Finished',
                '12 of 12 stops14 successful, 0 failed',
                'Normal · 300 min',
                '91,5 %',
                '0,012',
                '-',
            ],
            [
                '10',
                '1234',
                'Ada Driver',
                'Spree Kurier',
                'Finished',
                '8 of 8 stops9 successful, 1 failed',
                'Low · 42 min',
                '62,5 %',
                '0,125',
                '★ 4,3 (3)Rating 4,3 of 5, reviews: 3',
            ],
            [
                '11',
                '2222',
                '-',
                'Havel Express',
                'Not started',
                '0 of 5 stops0 successful, 0 failed',
                'Not used',
                '-',
                '-',
                '-',
            ],
        ]);
        expect(headers()).not.toContain('RTT category');
        expect(headers()).not.toContain('Recommendations');
        expect(headers()).not.toContain('Start delay');
        expect(await seriousViolations()).toEqual([]);
    });

    it('shows the RTT category, the recommendations and the day’s figures with their rights', async () => {
        await renderPage(day(allRights, [noExtras(tour({})), { ...tour10, ...extras10 }]));
        const [, row10] = await rows();
        expect(headers()).toEqual([
            'Tour',
            'Vehicle',
            'Driver',
            'Subcontractor',
            'State',
            'Stops and jobs',
            'App usage',
            'Sequence fidelity',
            'Sequence deviation',
            'Rating',
            'RTT category',
            'ETA deviation (7 days)',
            'Recommendations',
            'Start delay',
            'ETA deviation',
            'Missed windows',
        ]);
        expect(row10?.slice(10)).toEqual([
            'Blocked',
            '60 min',
            'Low app activitySystem time frames missedWrong start time',
            '-35 min',
            '95,5 min',
            '2',
        ]);
        // Each label explains itself with the figure that raised it and its threshold.
        expect(screen.getByText('Low app activity').closest('[title]')?.getAttribute('title')).toBe(
            'The app was in the foreground for 42 minutes (under 60).',
        );
        expect(screen.getByText('Wrong start time').closest('[title]')?.getAttribute('title')).toBe(
            'The tour started 35 minutes early (more than 30).',
        );
        expect(await seriousViolations()).toEqual([]);
    });

    it('filters by app usage', async () => {
        const user = userEvent.setup();
        await renderPage(day(noRights, [tour({}), tour10, tour11]));
        await rows();
        await user.click(screen.getByRole('combobox', { name: 'App usage' }));
        await user.click(await screen.findByRole('option', { name: 'Low' }));
        // The filter form applies its values after a debounce.
        await waitFor(async () => expect((await rows()).map((row) => row[0])).toEqual(['10']), {
            timeout: 5000,
        });
    });

    it('says so on a day without tours, and reads today at the depot without a date', async () => {
        await renderPage({ ...day(noRights, []), date: DAY });
        expect(await screen.findByText('No tours on 02.03.2026.')).toBeTruthy();
        cleanup();
        api.urls.length = 0;
        await renderPage(day(noRights, []), '/statistics/activities');
        const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
            new Date(),
        );
        expect(api.urls).toEqual([`${BASE}?path=${encodeURIComponent(DEPOT)}&date=${today}`]);
    });

    it('changes the day through the address', async () => {
        const user = userEvent.setup();
        await renderPage(day(noRights, [tour10]));
        await rows();
        await user.click(screen.getByRole('button', { name: 'Previous day' }));
        await waitFor(() =>
            expect(api.urls.at(-1)).toBe(
                `${BASE}?path=${encodeURIComponent(DEPOT)}&date=2026-03-01`,
            ),
        );
    });
});

describe('the tour panel', { timeout: 30_000 }, () => {
    it('opens from the keyboard with the recommendations in full and the location history', async () => {
        const user = userEvent.setup();
        await renderPage(day(allRights, [{ ...tour10, ...extras10 }]));
        const [row] = within(await screen.findByRole('table', { name: TABLE }))
            .getAllByRole('row')
            .slice(1);
        row?.focus();
        await user.keyboard('{Enter}');
        const panel = await screen.findByRole('dialog', { name: 'Tour 10 on 02.03.2026' });
        expect(
            within(panel).getByText('The app was in the foreground for 42 minutes (under 60).'),
        ).toBeTruthy();
        expect(await within(panel).findByText('Missed: 2 of 4 time frames.')).toBeTruthy();
        expect(within(panel).getByText('Planned start 07:00, started 06:25.')).toBeTruthy();
        expect(
            within(panel).getByText('2 (Deviation from the suggested order: 1, Traffic: 1)'),
        ).toBeTruthy();
        const map = await within(panel).findByRole('region', { name: /^Map of tour 10/ });
        expect(within(map).getByText('Stop 1: Hauptstraße 1, 10115 Berlin (Done)')).toBeTruthy();
        expect(within(map).getByText('Positions: 2')).toBeTruthy();
        expect(
            within(panel)
                .getAllByRole('listitem')
                .map((item) => item.textContent)
                .filter((text) => text?.startsWith('In the')),
        ).toEqual([
            'In the foreground: 06:55 – 09:30 (155 min)',
            'In the background: 09:30 – 09:45 (15 min)',
        ]);
        expect(within(panel).getByText('06:55 · Zebra TC58 · 7.2.0')).toBeTruthy();
        expect(await seriousViolations()).toEqual([]);
        await user.keyboard('{Escape}');
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('reads neither the tour’s figures nor its location history without their rights', async () => {
        const user = userEvent.setup();
        await renderPage(day(noRights, [tour10]));
        await user.click(await screen.findByText('Ada Driver'));
        const panel = await screen.findByRole('dialog', { name: 'Tour 10 on 02.03.2026' });
        expect(within(panel).queryByRole('heading', { name: 'Location history' })).toBeNull();
        expect(within(panel).queryByRole('heading', { name: 'Recommendations' })).toBeNull();
        expect(within(panel).queryByRole('heading', { name: 'The day in figures' })).toBeNull();
        expect(api.urls).toHaveLength(1);
    });
});
