// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { DataProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TourHistory, TourHistoryWaypoint } from '../../domain/contracts/tour-history';
import { emptyProfileActions } from '../../domain/permissions';
import { TourHistoryPage } from '../../src/customRoutes/tourHistory/TourHistoryPage';
import { ruleGuardedView } from '../../src/layout/RequirePageRule';
import type { HistoryMapProps } from '../../src/customRoutes/tourHistory/HistoryMap';
import { ApiError } from '../../src/dataProviders/apiError';
import { initialScope } from '../../src/scope/selectedScope';
import { SelectedScopeContext } from '../../src/scope/useSelectedScope';
import { i18nWrapper, realI18nProvider } from './i18n-fixtures';
import { authProviderOf, profileWithSettings } from './profile-fixtures';

/**
 * Issue 16 parts 3 and 4: the driven history and tour analysis page. The tour commander
 * (httpClient) and the map (a stand-in listing its lines, stops and vehicle) are replaced;
 * everything else is the app's, with its real English texts. Times are UTC in the answer and
 * shown in Berlin (CET, one hour later).
 */

const api = vi.hoisted(() => ({
    answer: undefined as unknown,
    failure: undefined as Error | undefined,
    urls: [] as string[],
}));

vi.mock('../../src/dataProviders/httpClient', () => ({
    httpClient: async (url: string) => {
        api.urls.push(url);
        if (api.failure) throw api.failure;
        return { status: 200, headers: new Headers(), body: '', json: api.answer };
    },
}));

vi.mock('../../src/customRoutes/tourHistory/LazyHistoryMap', () => ({
    LazyHistoryMap: (props: HistoryMapProps) => (
        <div role="region" aria-label={props.label}>
            <ul aria-label="Lines on the map">
                {props.lines.map((line) => (
                    <li key={line.id}>{`${line.id}: ${line.points.length}`}</li>
                ))}
            </ul>
            <ul aria-label="Stops on the map">
                {props.stops.map((stop) => (
                    <li key={stop.id}>{`${stop.title} [${stop.fill}]`}</li>
                ))}
            </ul>
            {props.vehicle ? <p>{`${props.vehicle.title} at ${props.vehicle.latitude}`}</p> : null}
        </div>
    ),
}));

const DEPOT_PATH = 'north.DE.grp-a.dep-berlin';
const URL = `/tour-commander/v1/tour-history/T10?path=${encodeURIComponent(DEPOT_PATH)}`;
const utc = (hour: number, minute: number) =>
    `2026-03-02T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000Z`;

const stop = (fields: Partial<TourHistoryWaypoint> & { id: string }): TourHistoryWaypoint => ({
    plannedSequence: 1,
    suggestedSequence: null,
    drivenSequence: null,
    state: 'OPEN',
    confirmation: null,
    latitude: 52.5,
    longitude: 13.4,
    street: `Street ${fields.id}`,
    houseNo: null,
    postcode: '10115',
    locality: null,
    timeFrameFrom: null,
    timeFrameTo: null,
    firstEta: null,
    eta: null,
    ata: null,
    departedAt: null,
    notConsideredReason: null,
    windowMiss: null,
    missedWindowCause: null,
    jobsTotal: 1,
    jobsFailed: 0,
    failureReasons: [],
    ...fields,
});

/**
 * Twelve stops suggested in planned order; s1 driven last (12th: 11 positions late, red), s2…s12
 * driven first to eleventh, each arriving 10 minutes after the one before from 07:10 UTC; s13
 * not driven.
 */
const drivenStops: TourHistoryWaypoint[] = Array.from({ length: 12 }, (_, index) => {
    const n = index + 1;
    const driven = n === 1 ? 12 : n - 1;
    return stop({
        id: `s${n}`,
        plannedSequence: n,
        suggestedSequence: n,
        drivenSequence: driven,
        state: 'DONE',
        latitude: 52.5 + n / 100,
        ata: utc(7 + Math.floor((driven * 10) / 60), (driven * 10) % 60),
    });
});
drivenStops[1] = {
    ...drivenStops[1],
    notConsideredReason: 'SCANTIME_AMBIGUOUS',
} as TourHistoryWaypoint;
drivenStops[2] = {
    ...drivenStops[2],
    timeFrameFrom: utc(6, 0),
    timeFrameTo: utc(6, 30),
    firstEta: utc(7, 5),
    windowMiss: 'LATE',
    missedWindowCause: 'TRAFFIC',
} as TourHistoryWaypoint;

const baseTour: TourHistory = {
    id: 'T10',
    tourDate: '2026-03-02',
    tourNumber: '10',
    organisation: { id: 'north', name: 'North Parcel' },
    depot: { id: 'dep-berlin', externalId: '110', name: 'Berlin', timeZone: 'Europe/Berlin' },
    vehicleNumber: '1234',
    driverName: 'Ada Driver',
    subcontractorName: 'Spree Kurier',
    tourType: 'NTC',
    sequenceOptimisation: 'FREE',
    state: 'FINISHED',
    plannedStart: utc(6, 45),
    startedAt: utc(7, 0),
    finishedAt: utc(9, 30),
    waypointsDone: 12,
    waypointsTotal: 13,
    jobsSuccessful: 12,
    jobsFailed: 0,
    jobsTotal: 13,
    distanceMetres: 42_500,
    lastEventAt: utc(9, 30),
    projectedFinishAt: null,
    sequenceFidelity: 91.7,
    sequenceAdherence: 0.152,
    etaDeviation: { averageMinutes: 12.5, stops: 11 },
    depotLocation: { latitude: 52.52, longitude: 13.405 },
    waypoints: [...drivenStops, stop({ id: 's13', plannedSequence: 13, suggestedSequence: 13 })],
    drivenPath: [
        { at: utc(7, 5), latitude: 52.501, longitude: 13.4 },
        { at: utc(7, 25), latitude: 52.502, longitude: 13.4 },
        { at: utc(8, 30), latitude: 52.503, longitude: 13.4 },
    ],
    sequenceChanges: [utc(6, 55), utc(8, 0)],
};

/** The page as its route mounts it: behind the tour performance's navigation rule. */
const GuardedPage = ruleGuardedView(TourHistoryPage, 'tourPerformance');

function viewer(withTourPerf: boolean) {
    const profile = profileWithSettings({
        dateFormat: 'DATE_L_PERIOD',
        timeFormat: 'TIME_24_HOURS',
        lengthFormat: 'LENGTH_METRIC',
        weightFormat: 'WEIGHT_METRIC',
        numberFormat: 'EN',
    });
    const actions = emptyProfileActions();
    actions.DEPOT[DEPOT_PATH] = withTourPerf ? ['r:tour-perf'] : ['r:tour'];
    return { ...profile, actions };
}

async function renderPage(options: { answer?: TourHistory; withTourPerf?: boolean } = {}) {
    api.answer = options.answer ?? baseTour;
    const Wrapper = i18nWrapper(await realI18nProvider('en'), {} as DataProvider, {
        initialEntry: '/depot/north/110/tour-performance/history/v2/T10',
        authProvider: authProviderOf(viewer(options.withTourPerf ?? true)),
    });
    const scope = {
        ...initialScope,
        type: 'DISTRIBUTION_CENTER' as const,
        depotPath: DEPOT_PATH,
        timeZone: 'Europe/Berlin',
    };
    render(
        <Wrapper>
            <SelectedScopeContext.Provider value={{ scope, reset: () => undefined }}>
                <Routes>
                    <Route
                        path="/depot/:tenantId/:externalDepotId/tour-performance/history/v2/:tourId"
                        element={<GuardedPage />}
                    />
                    <Route path="/error/:code" element={<p>Error page</p>} />
                </Routes>
            </SelectedScopeContext.Provider>
        </Wrapper>,
    );
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Tour 10 on 02.03.2026' });

/** A table's rows below its header, each as the texts of its cells. */
function rowsOf(name: string): string[][] {
    const table = screen.getByRole('table', { name });
    return within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
            within(row)
                .getAllByRole('cell')
                .map((cell) => cell.textContent ?? ''),
        );
}

const listed = (name: string) =>
    within(screen.getByRole('list', { name }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);

async function seriousViolations() {
    const result = await axe.run(document.body, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        rules: { 'color-contrast': { enabled: false } },
    });
    return result.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
            (violation) =>
                `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
        );
}

beforeEach(() => {
    api.urls.length = 0;
    api.failure = undefined;
});
afterEach(cleanup);

describe('the driven history page', { timeout: 30_000 }, () => {
    it('shows the tour’s figures and a link back to its performance details', async () => {
        await renderPage();
        await heading();
        expect(api.urls).toEqual([URL]);
        const figures = screen.getByRole('region', { name: 'Tour figures' });
        for (const text of [
            'Ada Driver',
            'Spree Kurier',
            '07:45',
            '08:00',
            '10:30',
            '42.5 km',
            '12 of 13',
            '92 %',
            '0.152',
            '12.5 min (stops measured: 11)',
        ])
            expect(within(figures).getByText(text)).toBeTruthy();
        const back = screen.getByRole('link', { name: 'Back to the tour performance details' });
        expect(back.getAttribute('href')).toBe(
            '/depot/north/110/tour-performance/details/10/2026-02-24_2026-03-02',
        );
    });

    it('lists the stops in driven order with suggested position and difference, red past 10', async () => {
        await renderPage();
        await heading();
        const rows = rowsOf('Stops in driven order');
        expect(rows).toHaveLength(13);
        // Columns: driven, suggested, difference, planned, address, arrival, at the replay time.
        expect(rows[0]).toEqual(['1', '2', '-1', '2', 'Street s2, 10115', '08:10', 'Reached']);
        expect(rows[10]).toEqual(['11', '12', '-1', '12', 'Street s12, 10115', '09:50', 'Reached']);
        expect(rows[11]).toEqual([
            '12',
            '1',
            '+11 (more than 10)',
            '1',
            'Street s1, 10115',
            '10:00',
            'Reached',
        ]);
        expect(rows[12]).toEqual(['-', '-', '-', '13', 'Street s13, 10115', '-', 'Not driven']);
        // On the map: the suggested line from the depot through 13 stops, the whole driven path.
        expect(listed('Lines on the map')).toEqual(['suggested: 14', 'driven: 3']);
        const mapStops = listed('Stops on the map');
        expect(mapStops).toContain(
            'Driven 12, suggested 1: Street s1, 10115 (More than 10 positions off the suggested sequence) [#c62828]',
        );
        expect(mapStops).toContain(
            'Driven -, suggested -: Street s13, 10115 (Stop not driven) [#616161]',
        );
        expect(screen.getByText('Vehicle at the replay time at 52.503')).toBeTruthy();
        expect(await seriousViolations()).toEqual([]);
    });

    it('replays the day: at a moment the path so far, the vehicle there and the stops reached', async () => {
        await renderPage();
        await heading();
        const slider = screen.getByRole('slider', { name: 'Replay time' });
        // 07:30 UTC (08:30 in Berlin): three stops reached (07:10, 07:20, 07:30), two positions.
        fireEvent.change(slider, { target: { value: String(Date.parse(utc(7, 30))) } });
        await screen.findByText('Replay time: 08:30');
        expect(screen.getByText('Stops reached: 3 of 13')).toBeTruthy();
        expect(listed('Lines on the map')).toEqual(['suggested: 14', 'driven: 2']);
        expect(screen.getByText('Vehicle at the replay time at 52.502')).toBeTruthy();
        const replay = rowsOf('Stops in driven order').map((row) => row[6]);
        expect(replay.slice(0, 4)).toEqual(['Reached', 'Reached', 'Reached', 'Not yet']);
        expect(listed('Stops on the map')).toContain(
            'Driven 4, suggested 5: Street s5, 10115 (Stop not reached yet) [#1565c0]',
        );
        // At the start nothing is reached and there is no vehicle yet.
        fireEvent.change(slider, { target: { value: String(Date.parse(utc(7, 0))) } });
        await screen.findByText('Stops reached: 0 of 13');
        expect(listed('Lines on the map')).toEqual(['suggested: 14', 'driven: 0']);
        expect(screen.queryByText(/^Vehicle at the replay time at/)).toBeNull();
        expect(slider.getAttribute('aria-valuetext')).toBe('08:00');
    });

    it('plays the replay and pauses it', async () => {
        await renderPage();
        await heading();
        const user = userEvent.setup();
        await user.click(screen.getByRole('button', { name: 'Play the replay' }));
        // Played from the end, it starts over.
        await screen.findByText('Stops reached: 0 of 13');
        await user.click(await screen.findByRole('button', { name: 'Pause the replay' }));
        expect(screen.getByRole('button', { name: 'Play the replay' })).toBeTruthy();
    });
});

describe('the tour analysis tab', { timeout: 30_000 }, () => {
    it('compares the three routes, each switchable, and lists the waypoints and not-considered stops', async () => {
        await renderPage();
        await heading();
        const user = userEvent.setup();
        await user.click(screen.getByRole('tab', { name: 'Tour analysis' }));
        expect(listed('Lines on the map')).toEqual(['planned: 14', 'suggested: 14', 'driven: 3']);
        await user.click(screen.getByRole('checkbox', { name: 'Planned order' }));
        expect(listed('Lines on the map')).toEqual(['suggested: 14', 'driven: 3']);

        const rows = rowsOf('Waypoints of the tour');
        // Planned, suggested, driven, address, state, window, first ETA, arrival, deviation,
        // not-considered reason, window missed, cause.
        expect(rows[2]).toEqual([
            '3',
            '3',
            '2',
            'Street s3, 10115',
            'Done',
            '07:00 – 07:30',
            '08:05',
            '08:20',
            '+15',
            '-',
            'Late',
            'Traffic',
        ]);
        expect(rows[1]?.[9]).toBe('Ambiguous scan time');

        const notConsidered = screen.getByRole('region', { name: 'Not-considered waypoints' });
        expect(within(notConsidered).getByText('Ambiguous scan time (stops: 1)')).toBeTruthy();
        expect(within(notConsidered).getByText('Invalid address (stops: 0)')).toBeTruthy();
        expect(
            within(notConsidered).getByText(
                "At the stop's first scan or status, the device was more than 500 m away from the stop.",
            ),
        ).toBeTruthy();
        expect(rowsOf('Stops left out and their reasons')).toEqual([
            ['2', 'Street s2, 10115', 'Ambiguous scan time'],
        ]);
        expect(await seriousViolations()).toEqual([]);
    });
});

describe('what the page does not show', { timeout: 30_000 }, () => {
    it('sends a user without r:tour-perf at the depot to the error page without asking', async () => {
        await renderPage({ withTourPerf: false });
        await screen.findByText('Error page');
        expect(api.urls).toEqual([]);
    });

    it('says so when the tour is older than the 30 days of the history', async () => {
        api.failure = new ApiError(
            'The driven history covers the last 30 days only.',
            404,
            { code: 'TOUR_LOCATION_HISTORY_NOT_FOUND', message: 'x', details: [] },
            'GET',
        );
        await renderPage();
        const alert = await screen.findByRole('alert');
        expect(alert.textContent).toBe(
            'The driven history covers the last 30 days; this tour is older.',
        );
        await waitFor(() =>
            expect(
                screen.getByRole('link', { name: 'Back to the tour performance details' }),
            ).toBeTruthy(),
        );
    });

    it('says so when the tour is unknown', async () => {
        api.failure = new ApiError(
            'Tour T10 was not found.',
            404,
            { code: 'NOT_FOUND', message: 'x', details: [] },
            'GET',
        );
        await renderPage();
        expect((await screen.findByRole('alert')).textContent).toBe('There is no such tour.');
    });
});
