// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { DataProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RttDashboard, RttWeek } from '../../domain/contracts/rtt-dashboard';
import { emptyProfileActions } from '../../domain/permissions';
import { TrackingDashboardPage } from '../../src/customRoutes/trackingDashboard/TrackingDashboardPage';
import { ApiError } from '../../src/dataProviders/apiError';
import { initialScope } from '../../src/scope/selectedScope';
import { SelectedScopeContext } from '../../src/scope/useSelectedScope';
import { i18nWrapper, realI18nProvider } from './i18n-fixtures';
import { authProviderOf, profileWithSettings } from './profile-fixtures';

/**
 * Issue 16 part 5: the depot's tracking dashboard page. The tour commander (httpClient) and the
 * chart (recharts, a stand-in listing its bars) are replaced; everything else is the app's, with
 * its real English texts.
 */

const api = vi.hoisted(() => ({
    answer: undefined as unknown,
    urls: [] as string[],
    failure: undefined as Error | undefined,
}));

vi.mock('../../src/dataProviders/httpClient', () => ({
    httpClient: async (url: string) => {
        api.urls.push(url);
        if (api.failure) throw api.failure;
        return { status: 200, headers: new Headers(), body: '', json: api.answer };
    },
}));

vi.mock('../../src/customRoutes/trackingDashboard/RttWeeksChart', () => ({
    default: (props: { weeks: RttWeek[]; weekLabel: (week: RttWeek) => string }) => (
        <ul>
            {props.weeks.map((week) => (
                <li key={week.from}>{`${props.weekLabel(week)}: ${week.tours}`}</li>
            ))}
        </ul>
    ),
}));

const DEPOT = 'north.DE.grp-a.dep-berlin';
const URL = `/tour-commander/v1/rtt-dashboard?path=${encodeURIComponent(DEPOT)}`;
const counts = (GOOD: number, MEDIUM: number, BLOCKED: number, NONE: number) => ({
    GOOD,
    MEDIUM,
    BLOCKED,
    NONE,
});

/** 15 weeks ending with Wednesday 2025-03-12; only the last two have tours. */
const weeks: RttWeek[] = Array.from({ length: 15 }, (_, index) => {
    const monday = new Date(Date.UTC(2024, 11, 2 + 7 * index)).toISOString().slice(0, 10);
    const sunday = new Date(Date.UTC(2024, 11, 8 + 7 * index)).toISOString().slice(0, 10);
    const week = index < 4 ? 49 + index : index - 3;
    return {
        year: index < 4 ? 2024 : 2025,
        week,
        from: monday,
        to: index === 14 ? '2025-03-12' : sunday,
        tours: index === 13 ? 10 : index === 14 ? 12 : 0,
        counts:
            index === 13
                ? counts(6, 2, 1, 1)
                : index === 14
                  ? counts(5, 3, 3, 1)
                  : counts(0, 0, 0, 0),
    };
});

const answer: RttDashboard = {
    depot: { id: 'dep-berlin', externalId: '110', name: 'Berlin', timeZone: 'Europe/Berlin' },
    date: '2025-03-12',
    today: '2025-03-14',
    weeks,
    trend: {
        latest: {
            date: '2025-03-12',
            tours: 4,
            counts: counts(1, 1, 2, 0),
            averageDeviationMinutes: 84.3,
            measuredStops: 14,
        },
        previous: {
            date: '2025-03-11',
            tours: 4,
            counts: counts(1, 2, 1, 0),
            averageDeviationMinutes: 67.9,
            measuredStops: 19,
        },
        change: { counts: counts(0, -1, 1, 0), averageDeviationMinutes: 16.4 },
    },
    blocked: {
        date: '2025-03-12',
        tours: [
            {
                id: 'b7',
                tourNumber: '7',
                vehicleNumber: '0101',
                driverName: 'Ada Driver',
                subcontractorName: 'Spree Kurier',
                sevenDayCategory: 'BLOCKED',
                sevenDayAverageMinutes: 100,
                sevenDayStops: 20,
                dayAverageMinutes: 80,
                dayStops: 10,
                nightEtas: 2,
                missedWindows: 3,
                mainMissedWindowCause: 'LATE_DEPARTURE',
                mainMissedWindowCauseCount: 2,
                notConsidered: 2,
            },
            {
                id: 'b8',
                tourNumber: '8',
                vehicleNumber: '0202',
                driverName: null,
                subcontractorName: 'Havel Express',
                sevenDayCategory: 'MEDIUM',
                sevenDayAverageMinutes: 60,
                sevenDayStops: 4,
                dayAverageMinutes: 95.5,
                dayStops: 4,
                nightEtas: 0,
                missedWindows: 0,
                mainMissedWindowCause: null,
                mainMissedWindowCauseCount: 0,
                notConsidered: 0,
            },
        ],
    },
};

/** Renders the page for a user holding `codes` at the depot (r:rtt-dashboard is the route's). */
async function renderPage(codes: string[] = ['r:rtt-dashboard'], entry = '') {
    const actions = emptyProfileActions();
    actions.DEPOT[DEPOT] = codes;
    const viewer = {
        ...profileWithSettings({
            dateFormat: 'DATE_L_PERIOD',
            timeFormat: 'TIME_24_HOURS',
            lengthFormat: 'LENGTH_METRIC',
            weightFormat: 'WEIGHT_METRIC',
            numberFormat: 'DE',
        }),
        actions,
    };
    const Wrapper = i18nWrapper(await realI18nProvider('en'), {} as DataProvider, {
        initialEntry: `/depot/north/110/betterTracking${entry}`,
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
                        path="/depot/:tenantId/:externalDepotId/betterTracking"
                        element={<TrackingDashboardPage />}
                    />
                    <Route
                        path="/depot/:tenantId/:externalDepotId/statistics/activities/:date"
                        element={<p>Daily activities page</p>}
                    />
                </Routes>
            </SelectedScopeContext.Provider>
        </Wrapper>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Tracking dashboard' });
    // The answer (or its failure) has arrived.
    await screen.findByText(/^(Last 2 working days|The tracking dashboard could not be loaded\.)$/);
}

/** A table's rows below its header, each as the texts of its cells. */
function rowsOf(table: HTMLElement): string[][] {
    return within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('td, th')].map((cell) => cell.textContent ?? ''));
}

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
    api.answer = answer;
    api.urls.length = 0;
    api.failure = undefined;
});
afterEach(cleanup);

describe('the tracking dashboard page', { timeout: 60_000 }, () => {
    it("asks for the depot's today and shows the trend of the 2 working days in words", async () => {
        await renderPage();
        const blockedTile = await screen.findByText('Blocked', { selector: 'h3' });
        expect(api.urls).toEqual([URL]);
        expect(screen.getByText('12.03.2025 compared with 11.03.2025')).toBeTruthy();
        const tile = (id: string) => {
            const element = document.querySelector(`[data-trend="${id}"]`);
            if (!(element instanceof HTMLElement)) throw new Error(`no tile ${id}`);
            return element.textContent;
        };
        expect(blockedTile.closest('[data-trend]')?.getAttribute('data-trend')).toBe('BLOCKED');
        expect(tile('BLOCKED')).toBe('Blocked2Previous working day: 1Up by 1');
        expect(tile('MEDIUM')).toBe('Medium1Previous working day: 2Down by 1');
        expect(tile('GOOD')).toBe('Good1Previous working day: 1No change');
        // German number settings: decimal comma.
        expect(tile('deviation')).toBe(
            'Mean ETA deviation (min)84,3Previous working day: 67,9Up by 16,4',
        );
    });

    it('gives the 15 weeks as a table with the numbers of the chart', async () => {
        await renderPage();
        const table = await screen.findByRole('table', {
            name: 'Tours per calendar week by RTT category',
        });
        const rows = rowsOf(table);
        expect(rows).toHaveLength(15);
        expect(rows[14]).toEqual([
            'Week 11 of 2025 (10.03.2025 – 12.03.2025)',
            '5',
            '3',
            '3',
            '1',
            '12',
        ]);
        expect(rows[0]).toEqual([
            'Week 49 of 2024 (02.12.2024 – 08.12.2024)',
            '0',
            '0',
            '0',
            '0',
            '0',
        ]);
        expect(await screen.findByText('11: 12')).toBeTruthy();
    });

    it('lists the Blocked tours with why, and says their recipients get no RTT e-mail', async () => {
        await renderPage();
        expect(
            screen.getByRole('heading', { level: 2, name: 'Blocked tours on 12.03.2025' }),
        ).toBeTruthy();
        expect(document.querySelector('[data-blocked-explanation]')?.textContent).toContain(
            'Recipients of a Blocked tour get no RTT e-mail.',
        );
        const table = screen.getByRole('table', { name: 'Blocked tours and why' });
        expect(rowsOf(table)).toEqual([
            [
                '7',
                '0101',
                'Ada Driver',
                'Spree Kurier',
                '100Measured stops: 20',
                '80Measured stops: 10',
                '2',
                '3Mostly late departure (2)',
                '2',
            ],
            [
                '8',
                '0202',
                '-',
                'Havel Express',
                '60Measured stops: 4',
                '95,5Measured stops: 4Medium over 7 days, Blocked for this day',
                '0',
                '0',
                '0',
            ],
        ]);
    });

    it("leads a Blocked tour to the day's activities only for users who may open them", async () => {
        await renderPage(['r:rtt-dashboard']);
        const table = screen.getByRole('table', { name: 'Blocked tours and why' });
        const [firstRow] = within(table).getAllByRole('row').slice(1);
        expect(firstRow?.getAttribute('tabindex')).toBeNull();
        cleanup();

        await renderPage(['r:rtt-dashboard', 'r:tour-activity']);
        const withRight = screen.getByRole('table', { name: 'Blocked tours and why' });
        const [row] = within(withRight).getAllByRole('row').slice(1);
        expect(row?.getAttribute('tabindex')).toBe('0');
        await userEvent.click(within(row as HTMLElement).getByText('Spree Kurier'));
        expect(await screen.findByText('Daily activities page')).toBeTruthy();
    });

    it('asks again for the day picked in the calendar, and never offers a day after the depot’s today', async () => {
        await renderPage();
        const field = screen.getByRole('textbox', { name: 'Day shown' });
        expect((field as HTMLInputElement).value).toBe('12.03.2025');
        await userEvent.click(field);
        const dialog = await screen.findByRole('dialog', { name: 'Day shown' });
        const after = within(dialog).getByRole('button', { name: /March 15,/ });
        expect(after.getAttribute('aria-disabled')).toBe('true');
        await userEvent.click(within(dialog).getByRole('button', { name: /March 10,/ }));
        await waitFor(() => expect(api.urls.at(-1)).toBe(`${URL}&date=2025-03-10`));
    });

    it('says when nothing was Blocked, and when the dashboard cannot be loaded', async () => {
        api.answer = { ...answer, blocked: { date: '2025-03-12', tours: [] } };
        await renderPage();
        expect(await screen.findByText('No tour was Blocked on this day.')).toBeTruthy();
        expect(screen.queryByRole('table', { name: 'Blocked tours and why' })).toBeNull();
        cleanup();

        api.failure = new ApiError('boom', 500, { code: 'SERVER_ERROR' }, 'GET');
        await renderPage();
        expect(await screen.findByText('The tracking dashboard could not be loaded.')).toBeTruthy();
    });

    it('has no serious accessibility findings', async () => {
        await renderPage(['r:rtt-dashboard', 'r:tour-activity']);
        await screen.findByRole('table', { name: 'Blocked tours and why' });
        expect(await seriousViolations()).toEqual([]);
    });
});
