// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DataProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DepotHealthStatus, HealthStatus } from '../../domain/contracts/health';
import type { DistributionCenter } from '../../domain/contracts/scopes';
import { HealthStatusPage } from '../../src/customRoutes/healthStatus/HealthStatusPage';
import { dataAge } from '../../src/customRoutes/healthStatus/healthStatusRows';
import { healthStatusPageLink } from '../../src/layout/healthBadge';
import type { SelectedScope } from '../../src/scope/selectedScope';
import { i18nWrapper, realI18nProvider } from './i18n-fixtures';
import { authProviderOf, profileWithSettings } from './profile-fixtures';
import { profile } from './permission-fixtures';

/** Issue 14 part 7: the organisation's health status page and the badge's link to it. */

const state = vi.hoisted(() => ({ answer: undefined as unknown, requests: [] as string[] }));
vi.mock('../../src/dataProviders/httpClient', () => ({
    httpClient: async (url: string) => {
        state.requests.push(url);
        return { status: 200, headers: new Headers(), body: '', json: state.answer };
    },
}));

// 11:00 in Berlin (CET).
const NOW = Date.parse('2026-03-10T10:00:00Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

const depot = (fields: Partial<DepotHealthStatus>): DepotHealthStatus => ({
    internalDepotId: 'dep',
    externalDepotId: '1',
    name: 'Depot',
    timeZone: 'Europe/Berlin',
    date: '2026-03-10',
    lastAssignmentAt: null,
    lastStatusChangeAt: null,
    lastPositionAt: null,
    lastImportAt: null,
    lastAppEventAt: null,
    tours: { notStarted: 0, onRoad: 0, finished: 0 },
    health: 'WARNING',
    ...fields,
});

const answer: HealthStatus = {
    tenantId: 'north',
    checkedAt: ago(0),
    businessHours: { from: '07:00', to: '19:00' },
    depots: [
        depot({
            internalDepotId: 'dep-berlin',
            externalDepotId: '110',
            name: 'Berlin',
            lastAssignmentAt: ago(40),
            lastStatusChangeAt: ago(25),
            lastPositionAt: ago(5),
            lastImportAt: ago(10),
            lastAppEventAt: ago(0.5),
            tours: { notStarted: 1, onRoad: 2, finished: 3 },
            health: 'OK',
        }),
        depot({
            internalDepotId: 'dep-hamburg',
            externalDepotId: '9',
            name: 'Hamburg',
            lastAssignmentAt: ago(50),
            // Received yesterday: shown with its date.
            lastImportAt: ago(26 * 60),
            tours: { notStarted: 4, onRoad: 0, finished: 0 },
        }),
        depot({ internalDepotId: 'dep-munich', externalDepotId: '120', name: 'München' }),
    ],
};

async function renderPage(path: string) {
    const viewer = profileWithSettings({
        dateFormat: 'DATE_L_PERIOD',
        timeFormat: 'TIME_24_HOURS',
        lengthFormat: 'LENGTH_METRIC',
        weightFormat: 'WEIGHT_METRIC',
        numberFormat: 'DE',
    });
    const Wrapper = i18nWrapper(await realI18nProvider('en'), {} as DataProvider, {
        initialEntry: path,
        authProvider: authProviderOf(viewer),
    });
    render(
        <Wrapper>
            <Routes>
                <Route path="/tenant/:tenantId/healthStatus" element={<HealthStatusPage />} />
            </Routes>
        </Wrapper>,
    );
}

/** The table's rows below its header, each as the texts of its cells. */
function rowTexts(): string[][] {
    const table = screen.getByRole('table');
    return within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
            within(row)
                .getAllByRole('cell')
                .map((cell) => cell.textContent ?? ''),
        );
}

const scrolled = vi.fn();
beforeAll(() => {
    Element.prototype.scrollIntoView = scrolled;
});
beforeEach(() => {
    state.answer = answer;
    state.requests.length = 0;
    scrolled.mockClear();
});
afterEach(() => {
    cleanup();
    vi.useRealTimers();
});
afterAll(() => {
    delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe('the health status page', { timeout: 30_000 }, () => {
    it('lists every depot with its times in the depot’s zone, their ages, the state in words and today’s tours', async () => {
        // The clock stands at 11:00 (only here: the filter form's debounce needs a running clock).
        vi.useFakeTimers({ toFake: ['Date'], now: NOW });
        await renderPage('/tenant/north/healthStatus');
        await screen.findByRole('heading', { level: 1, name: 'Health status' });
        await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
        expect(state.requests).toEqual(['/api/tenants/north/health-status']);
        // By depot number: 9, 110, 120.
        expect(rowTexts()).toEqual([
            [
                '9 Hamburg',
                'Outdated',
                '10:1050 min. ago',
                '-',
                '-',
                '09.03.2026 09:0026 hr. ago',
                '-',
                '4',
                '0',
                '0',
            ],
            [
                '110 Berlin',
                'Up to date',
                '10:2040 min. ago',
                '10:3525 min. ago',
                '10:555 min. ago',
                '10:5010 min. ago',
                '10:59just now',
                '1',
                '2',
                '3',
            ],
            ['120 München', 'Outdated', '-', '-', '-', '-', '-', '0', '0', '0'],
        ]);
        expect(
            screen.getByText(
                'A depot is outdated when, within business hours (07:00 to 19:00, except the last hour), its last assignment and its last scan are both 30 minutes old or older. Checked at 11:00.',
            ),
        ).toBeTruthy();
    });

    it('filters to the warnings and sorts by a column', async () => {
        const user = userEvent.setup();
        await renderPage('/tenant/north/healthStatus');
        await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
        await user.click(screen.getByRole('switch', { name: 'Only warnings' }));
        await waitFor(() =>
            expect(rowTexts().map((row) => row[0])).toEqual(['9 Hamburg', '120 München']),
        );
        await user.click(screen.getByRole('switch', { name: 'Only warnings' }));
        await waitFor(() => expect(rowTexts()).toHaveLength(3));
        await user.click(screen.getByRole('button', { name: 'Not started' }));
        expect(rowTexts().map((row) => row[0])).toEqual(['120 München', '110 Berlin', '9 Hamburg']);
    });

    it('scrolls to, focuses and highlights the row the badge links to', async () => {
        await renderPage('/tenant/north/healthStatus?depot=dep-berlin');
        await waitFor(() => expect(document.activeElement?.id).toBe('depot-dep-berlin'));
        expect(scrolled).toHaveBeenCalledTimes(1);
        const highlighted = document.querySelectorAll('[data-highlighted]');
        expect([...highlighted].map((element) => element.id)).toEqual(['depot-dep-berlin']);
    });
});

describe('the age of data', () => {
    it('is whole minutes, then hours, then days; under a minute or in the future it is "just now"', () => {
        const now = new Date(NOW);
        expect(dataAge(ago(0.9), now)).toBeNull();
        expect(dataAge(ago(-3), now)).toBeNull();
        expect(dataAge(ago(1), now)).toEqual({ value: 1, unit: 'minute' });
        expect(dataAge(ago(59.9), now)).toEqual({ value: 59, unit: 'minute' });
        expect(dataAge(ago(60), now)).toEqual({ value: 1, unit: 'hour' });
        expect(dataAge(ago(47 * 60 + 59), now)).toEqual({ value: 47, unit: 'hour' });
        expect(dataAge(ago(48 * 60), now)).toEqual({ value: 2, unit: 'day' });
    });
});

describe('the badge’s link to the health status page', () => {
    const berlin: DistributionCenter = {
        internalDepotId: 'dep-berlin',
        externalDepotId: '110',
        locationName: 'Berlin',
        tenant: { id: 'north', name: 'North' },
        group: { id: 'grp-a', name: 'A' },
        countryCode: 'DE',
        timeZone: 'Europe/Berlin',
        path: 'north.DE.grp-a.dep-berlin',
        manualJobUploadEnabled: false,
    };
    const inBerlin: SelectedScope = {
        type: 'DISTRIBUTION_CENTER',
        depot: berlin,
        depotPath: 'north.DE.grp-a.dep-berlin',
        timeZone: 'Europe/Berlin',
    };
    const link = '/tenant/north/healthStatus?depot=dep-berlin';

    it('leads to the depot’s row for users who hold r:health-status in the tenant context over the depot', () => {
        expect(healthStatusPageLink(inBerlin, profile([['ADMIN'], ['admin'], '']))).toBe(link);
        expect(
            healthStatusPageLink(inBerlin, profile([['TENANT'], ['tenant-admin'], 'north'])),
        ).toBe(link);
        expect(
            healthStatusPageLink(
                inBerlin,
                profile([['TENANT'], ['r:health-status'], 'north.DE.grp-a']),
            ),
        ).toBe(link);
    });

    it('is no link where the page would not list the depot', () => {
        // The feature in the depot context only: no organisation view.
        expect(
            healthStatusPageLink(inBerlin, profile([['DEPOT'], ['r:health-status'], berlin.path])),
        ).toBeUndefined();
        // The organisation view of another region.
        expect(
            healthStatusPageLink(
                inBerlin,
                profile([['TENANT'], ['r:health-status'], 'north.DE.grp-b']),
            ),
        ).toBeUndefined();
        // Another feature in the organisation view.
        expect(
            healthStatusPageLink(inBerlin, profile([['TENANT'], ['r:parcel-finder'], 'north'])),
        ).toBeUndefined();
        expect(
            healthStatusPageLink(
                { type: 'TENANT', timeZone: 'Europe/Berlin' },
                profile([['TENANT'], ['tenant-admin'], 'north']),
            ),
        ).toBeUndefined();
    });
});
