// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { DataProvider } from 'react-admin';
import { Route, Routes, useParams } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
    PerformanceRollup,
    TourPerformanceDay,
    TourPerformanceRow,
} from '../../domain/contracts/tour-performance';
import { emptyProfileActions, type ProfileActions } from '../../domain/permissions';
import { tourPerformance } from '../../src/customRoutes/tourPerformance';
import { TourPerformanceDetailsPage } from '../../src/customRoutes/tourPerformance/TourPerformanceDetailsPage';
import { TourPerformancePage } from '../../src/customRoutes/tourPerformance/TourPerformancePage';
import { visibleEntries } from '../../src/layout/navigation';
import { initialScope } from '../../src/scope/selectedScope';
import { SelectedScopeContext } from '../../src/scope/useSelectedScope';
import { navigationEntriesOf } from '../../src/screens/registry';
import { i18nWrapper, realI18nProvider } from './i18n-fixtures';
import { authProviderOf, profileWithSettings } from './profile-fixtures';

/**
 * Issue 16 parts 2 and 7: the tour performance page and a tour number's days. The tour
 * commander (httpClient, and fetch for the files) is replaced; everything else is the app's,
 * with its real English texts. Expected cells are written out by hand from the fake answers,
 * in the user's settings (DD.MM.YYYY, German number format, metric).
 */

const api = vi.hoisted(() => ({ answers: new Map<string, unknown>(), urls: [] as string[] }));
const saved = vi.hoisted(() => [] as { fileName: string }[]);

vi.mock('../../src/dataProviders/httpClient', () => ({
    httpClient: async (url: string) => {
        api.urls.push(url);
        const path = url.slice(0, url.indexOf('?'));
        const json = api.answers.get(path);
        return { status: 200, headers: new Headers(), body: JSON.stringify(json), json };
    },
}));
vi.mock('../../src/accessToken', () => ({ currentAccessToken: async () => 'token-1' }));
vi.mock('../../src/resources/backoffice/saveFile', () => ({
    saveFile: (file: { fileName: string }) => saved.push({ fileName: file.fileName }),
}));

const BASE = '/tour-commander/v1/tour-performance';
const PATH = 'north.DE.grp-a.dep-berlin';
const QUERY = `path=${encodeURIComponent(PATH)}&from=2025-01-06&to=2025-01-12`;

const causes = (byCause: Partial<PerformanceRollup['missedWindows']['byCause']> = {}) => ({
    ADDRESS_ERROR: 0,
    LATE_DEPARTURE: 0,
    SERVICE_TIME_OVERRUN: 0,
    SEQUENCE_DEVIATION: 0,
    TRAFFIC: 0,
    ...byCause,
});
const figures = {
    days: 1,
    daysDriven: 1,
    stopsPlanned: 10,
    stopsDone: 10,
    jobsSuccessful: 11,
    jobsFailed: 0,
    failedJobsByReason: { ABSENT: 0, REFUSED: 0, ADDRESS_PROBLEM: 0, TRAFFIC: 0 },
    drivingMinutes: null,
    drivingMinutesPerDay: null,
    serviceMinutes: 60,
    serviceMinutesPerDay: 60,
    distanceKm: 40,
    etaDeviationMinutes: null,
    etaStops: 0,
    sequenceFidelity: 100,
    sequenceAdherence: null,
    starRating: null,
    reviews: 0,
    missedWindows: { total: 0, byCause: causes() },
};
const tour10: TourPerformanceRow = {
    ...figures,
    tourNumber: '10',
    days: 3,
    daysDriven: 2,
    stopsPlanned: 63,
    stopsDone: 40,
    jobsSuccessful: 1234,
    jobsFailed: 4,
    drivingMinutes: 620,
    drivingMinutesPerDay: 310,
    serviceMinutes: 125,
    serviceMinutesPerDay: 62.5,
    distanceKm: 1175.4,
    etaDeviationMinutes: 12.5,
    etaStops: 20,
    sequenceFidelity: 85.25,
    sequenceAdherence: 0.155,
    starRating: 4.33,
    reviews: 3,
    missedWindows: { total: 3, byCause: causes({ LATE_DEPARTURE: 2, TRAFFIC: 1 }) },
};
const rollup = (fields: Partial<PerformanceRollup>): PerformanceRollup => ({
    id: null,
    name: null,
    tours: 1,
    stopsDone: 5,
    sequenceAdherence: null,
    sequenceFidelity: null,
    missedWindows: { total: 0, byCause: causes() },
    ...fields,
});
const day = (fields: Partial<TourPerformanceDay>): TourPerformanceDay => ({
    ...figures,
    tourId: 'T1',
    tourDate: '2025-01-06',
    state: 'FINISHED',
    driverName: 'Ada Driver',
    subcontractorName: 'Spree Kurier',
    ...fields,
});

function answer(days: TourPerformanceDay[] = [day({})]) {
    const range = { from: '2025-01-06', to: '2025-01-12' };
    api.answers.set(BASE, { ...range, tours: [{ ...figures, tourNumber: '9' }, tour10] });
    api.answers.set(`${BASE}/rollups`, {
        ...range,
        drivers: [
            rollup({
                id: 'd1',
                name: 'Ada Driver',
                tours: 2,
                stopsDone: 32,
                sequenceAdherence: 0.2,
                sequenceFidelity: 95,
                missedWindows: tour10.missedWindows,
            }),
            rollup({}),
        ],
        subcontractors: [rollup({ id: 's1', name: 'Spree Kurier', tours: 3 })],
        tourNumbers: [{ tourNumber: '10', tours: 2, missedWindows: tour10.missedWindows }],
    });
    api.answers.set(`${BASE}/tours/10`, { tourNumber: '10', ...range, days });
}

function HistoryStandIn() {
    return <p>History of {useParams().tourId}</p>;
}

async function renderAt(entry: string) {
    const viewer = profileWithSettings({
        dateFormat: 'DATE_L_PERIOD',
        timeFormat: 'TIME_24_HOURS',
        lengthFormat: 'LENGTH_METRIC',
        weightFormat: 'WEIGHT_METRIC',
        numberFormat: 'DE',
    });
    const Wrapper = i18nWrapper(await realI18nProvider('en'), {} as DataProvider, {
        initialEntry: entry,
        authProvider: authProviderOf(viewer),
    });
    const scope = {
        ...initialScope,
        type: 'DISTRIBUTION_CENTER' as const,
        depotPath: PATH,
        timeZone: 'Europe/Berlin',
    };
    const depot = '/depot/:tenantId/:externalDepotId/tour-performance';
    render(
        <Wrapper>
            <SelectedScopeContext.Provider value={{ scope, reset: () => undefined }}>
                <Routes>
                    <Route path={depot} element={<TourPerformancePage />} />
                    <Route
                        path={`${depot}/details/:tour/:dates`}
                        element={<TourPerformanceDetailsPage />}
                    />
                    <Route path={`${depot}/history/v2/:tourId`} element={<HistoryStandIn />} />
                </Routes>
            </SelectedScopeContext.Provider>
        </Wrapper>,
    );
}

/** A table's rows below its header, each as the texts of its cells. */
async function rowsOf(name: string): Promise<string[][]> {
    const table = await screen.findByRole('table', { name });
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1));
    return within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
            within(row)
                .getAllByRole('cell')
                .map((cell) => cell.textContent ?? ''),
        );
}

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
    saved.length = 0;
    localStorage.clear();
});
afterEach(cleanup);

describe('the tour performance page', { timeout: 60_000 }, () => {
    it('lists the tour numbers of the period in natural order with their figures', async () => {
        answer();
        await renderAt('/depot/north/110/tour-performance?from=2025-01-06&to=2025-01-12');
        expect(await rowsOf('Tour numbers with their figures')).toEqual([
            ['9', '1 / 1', '10 / 10', '11', '0', '-', '1:00', '40 km', '-', '100 %', '-', '-', '0'],
            [
                '10',
                '2 / 3',
                '40 / 63',
                '1.234',
                '4',
                '5:10',
                '1:03',
                '1.175,4 km',
                '12,5',
                '85,3 %',
                '0,155',
                '4,33 (3)',
                '3',
            ],
        ]);
        expect(api.urls).toContain(`${BASE}?${QUERY}`);
        expect(api.urls).toContain(`${BASE}/rollups?${QUERY}`);
        expect(await seriousViolations()).toEqual([]);
    });

    it('reads the 7 days up to yesterday at the depot when the address names no period', async () => {
        answer();
        await renderAt('/depot/north/110/tour-performance');
        // Counted on the calendar from the depot's today, not in 24-hour steps (summer time).
        const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
            new Date(),
        );
        const berlinDay = (offset: number) =>
            new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000)
                .toISOString()
                .slice(0, 10);
        await waitFor(() =>
            expect(api.urls).toContain(
                `${BASE}?path=${encodeURIComponent(PATH)}&from=${berlinDay(-7)}&to=${berlinDay(-1)}`,
            ),
        );
    });

    it('rolls the tours up by driver and by subcontractor, with the missed windows by cause', async () => {
        answer();
        await renderAt('/depot/north/110/tour-performance?from=2025-01-06&to=2025-01-12');
        expect(await rowsOf('Figures by driver')).toEqual([
            ['Ada Driver', '2', '32', '0,200', '95 %', '3', '0', '2', '0', '0', '1'],
            ['No driver', '1', '5', '-', '-', '0', '0', '0', '0', '0', '0'],
        ]);
        expect(screen.getByText('Missed windows by cause (3 in total)')).toBeTruthy();
        expect(screen.getByText('Late departure: 2')).toBeTruthy();
        await userEvent.click(screen.getByRole('tab', { name: 'By subcontractor' }));
        expect(await rowsOf('Figures by subcontractor')).toEqual([
            ['Spree Kurier', '3', '5', '-', '-', '0', '0', '0', '0', '0', '0'],
        ]);
        expect(await seriousViolations()).toEqual([]);
    });

    it('downloads the list as the server makes it, with the session’s token', async () => {
        answer();
        // Only the file is answered here; the locale files keep their stand-in server.
        const original = globalThis.fetch;
        const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
            url.includes('/export?')
                ? new Response('xlsx', {
                      headers: {
                          'content-disposition':
                              'attachment; filename="tour-performance-110-2025-01-06_2025-01-12.xlsx"',
                      },
                  })
                : original(url, init),
        );
        globalThis.fetch = fetchMock as unknown as typeof fetch;
        try {
            await renderAt('/depot/north/110/tour-performance?from=2025-01-06&to=2025-01-12');
            await userEvent.click(await screen.findByRole('button', { name: 'Download Excel' }));
            await waitFor(() =>
                expect(saved).toEqual([
                    { fileName: 'tour-performance-110-2025-01-06_2025-01-12.xlsx' },
                ]),
            );
            expect(fetchMock).toHaveBeenCalledWith(`${BASE}/export?${QUERY}&format=xlsx`, {
                headers: { Authorization: 'Bearer token-1' },
            });
        } finally {
            globalThis.fetch = original;
        }
    });

    it('opens a tour number’s days, and a day its driven history', async () => {
        answer([
            day({}),
            day({
                tourId: 'T2',
                tourDate: '2025-01-07',
                state: 'NOT_STARTED',
                driverName: null,
                daysDriven: 0,
            }),
        ]);
        await renderAt('/depot/north/110/tour-performance?from=2025-01-06&to=2025-01-12');
        await rowsOf('Tour numbers with their figures');
        await userEvent.click(screen.getByRole('cell', { name: '10' }));
        expect(await screen.findByRole('heading', { level: 1, name: 'Tour 10' })).toBeTruthy();
        expect(screen.getByText('From 06.01.2025 to 12.01.2025')).toBeTruthy();
        expect(api.urls).toContain(`${BASE}/tours/10?${QUERY}`);
        const days = await rowsOf('Days of the tour');
        expect(days.map((cells) => cells.slice(0, 4))).toEqual([
            ['06.01.2025', 'Ada Driver', 'Finished', '10 / 10'],
            ['07.01.2025', '-', 'Not started', '10 / 10'],
        ]);
        expect(screen.getByRole('link', { name: 'Back to the tour performance' })).toHaveProperty(
            'pathname',
            '/depot/north/110/tour-performance',
        );
        expect(await seriousViolations()).toEqual([]);
        await userEvent.click(screen.getByRole('cell', { name: '07.01.2025' }));
        expect(await screen.findByText('History of T2')).toBeTruthy();
    });

    it('says so when the tour number did not run in the period, or the period is not one', async () => {
        answer([]);
        await renderAt('/depot/north/110/tour-performance/details/10/2025-01-06_2025-01-12');
        expect(await screen.findByText('Tour 10 did not run in this period.')).toBeTruthy();
        cleanup();
        await renderAt('/depot/north/110/tour-performance/details/10/2025-01-12_2025-01-06');
        expect(await screen.findByText('The period in the address is not valid.')).toBeTruthy();
        expect(api.urls.filter((url) => url.includes('2025-01-12_'))).toEqual([]);
    });
});

describe('the drawer entry', () => {
    const D1 = 't1.DE.g1.d1';
    const entries = navigationEntriesOf([tourPerformance]);
    const shown = (actions: Partial<ProfileActions>) =>
        visibleEntries(entries, 'depot', {
            actions: { ...emptyProfileActions(), ...actions },
            path: D1,
            links: {},
        }).map((entry) => [entry.textKey, entry.group, entry.path]);

    it('shows tour performance in the analytics group only to holders of r:tour-perf there', () => {
        const entry = ['app.tourPerformance.navigation', 'analytics', 'tour-performance'];
        expect(shown({ DEPOT: { [D1]: ['r:tour-perf'] } })).toEqual([entry]);
        expect(shown({ SUBCONTRACTOR: { [`${D1}.s1`]: ['r:tour-perf'] } })).toEqual([entry]);
        expect(
            shown({ DEPOT: { [D1]: ['r:tour', 'r:tour-activity', 'r:rtt-dashboard'] } }),
        ).toEqual([]);
        expect(shown({ DEPOT: { 't1.DE.g1.d2': ['r:tour-perf'] } })).toEqual([]);
    });
});
