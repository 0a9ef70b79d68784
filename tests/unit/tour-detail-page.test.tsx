// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { DataProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
    CustomWaypoint,
    DepotTourDetail,
    DepotTourWaypoint,
} from '../../domain/contracts/depot-tours';
import { TourDetailPage } from '../../src/customRoutes/liveStatus/tourDetail/TourDetailPage';
import { ApiError } from '../../src/dataProviders/apiError';
import type { TourMapProps } from '../../src/maps/TourMap';
import { initialScope } from '../../src/scope/selectedScope';
import { SelectedScopeContext } from '../../src/scope/useSelectedScope';
import { i18nWrapper, realI18nProvider } from './i18n-fixtures';
import { authProviderOf, profileWithSettings } from './profile-fixtures';

/**
 * Issue 15 part 2: the depot's tour detail page. The tour commander (httpClient) and the map
 * (LazyTourMap: a stand-in listing its stops and offering a click) are replaced; everything
 * else is the app's, with its real English texts.
 */

interface Call {
    method: string;
    url: string;
    body?: unknown;
}

const api = vi.hoisted(() => ({
    tour: undefined as unknown,
    calls: [] as Call[],
    /** Thrown by the next POST or DELETE instead of answering it. */
    refusal: undefined as Error | undefined,
    addressLookup: false,
}));

vi.mock('../../src/dataProviders/httpClient', () => ({
    httpClient: async (url: string, options: RequestInit = {}) => {
        const method = options.method ?? 'GET';
        const body: unknown =
            typeof options.body === 'string' ? JSON.parse(options.body) : undefined;
        api.calls.push(body === undefined ? { method, url } : { method, url, body });
        if (method !== 'GET' && api.refusal) throw api.refusal;
        const json =
            method === 'GET'
                ? api.tour
                : { id: 'cw-new', name: 'x', status: method === 'POST' ? 'PENDING' : 'REMOVING' };
        return { status: 200, headers: new Headers(), body: JSON.stringify(json), json };
    },
}));

vi.mock('../../src/config', async (importOriginal) => {
    const actual = await importOriginal<typeof import('../../src/config')>();
    return {
        ...actual,
        getBrowserConfig: () => ({
            ...actual.defaultBrowserConfig,
            addressLookup: api.addressLookup,
        }),
    };
});

/** The map as a list of its stops, the vehicle, and a button that clicks the map when it listens. */
vi.mock('../../src/maps/LazyTourMap', () => ({
    LazyTourMap: (props: TourMapProps) => (
        <div role="region" aria-label={props.label}>
            <ul aria-label="Stops on the map">
                {props.stops.map((stop) => (
                    <li key={stop.id}>{stop.title}</li>
                ))}
            </ul>
            {props.vehicle ? <p>{props.vehicle.title}</p> : null}
            {props.onMapClick ? (
                <button
                    type="button"
                    onClick={() => props.onMapClick?.({ latitude: 52.5301, longitude: 13.4102 })}
                >
                    Click the map
                </button>
            ) : null}
        </div>
    ),
}));

const TOUR_URL = '/tour-commander/v1/depot-tours/T10?path=north.DE.grp-a.dep-berlin';

const stop = (fields: Partial<DepotTourWaypoint>): DepotTourWaypoint => ({
    id: 'w',
    plannedSequence: 1,
    suggestedSequence: null,
    drivenSequence: null,
    state: 'OPEN',
    confirmation: null,
    timeFrameFrom: null,
    timeFrameTo: null,
    eta: null,
    firstEta: null,
    ata: null,
    latitude: 52.53,
    longitude: 13.405,
    coordinateType: 'ROOFTOP',
    street: 'Hauptstraße',
    houseNo: '1',
    postcode: '10115',
    locality: 'Berlin',
    countryCode: 'DE',
    jobsTotal: 1,
    jobsSuccessful: 0,
    jobsFailed: 0,
    customWaypointId: null,
    name: null,
    timeFrameCheck: null,
    deliveryInfo: null,
    ...fields,
});

const pending: CustomWaypoint = {
    id: 'cw-1',
    name: 'Pick up keys',
    latitude: 52.535,
    longitude: 13.41,
    street: null,
    houseNo: null,
    postcode: null,
    locality: null,
    countryCode: null,
    position: 3,
    status: 'PENDING',
    waypointId: null,
    createdAt: '2026-03-02T08:00:00.000Z',
};

/** A tour of today (in Berlin) on the road; times in UTC, shown an hour later in Berlin (CET). */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
const baseTour: DepotTourDetail = {
    id: 'T10',
    tourDate: today,
    tourNumber: '10',
    organisation: { id: 'north', name: 'North Parcel' },
    depot: { id: 'dep-berlin', externalId: '110', name: 'Berlin', timeZone: 'Europe/Berlin' },
    vehicleNumber: '1234',
    driverName: 'Ada Driver',
    subcontractorName: 'Spree Kurier',
    tourType: 'NTC',
    sequenceOptimisation: 'FREE',
    state: 'ON_ROAD',
    plannedStart: null,
    startedAt: `${today}T06:00:00.000Z`,
    finishedAt: null,
    waypointsDone: 1,
    waypointsTotal: 4,
    jobsSuccessful: 1,
    jobsFailed: 1,
    jobsTotal: 4,
    distanceMetres: 1000,
    lastEventAt: null,
    projectedFinishAt: `${today}T12:00:00.000Z`,
    sequenceFidelity: null,
    depotLocation: { latitude: 52.52, longitude: 13.405 },
    checkedAt: `${today}T09:00:00.000Z`,
    waypoints: [
        stop({
            id: 'w1',
            plannedSequence: 1,
            state: 'DONE',
            confirmation: 'SYSTEM',
            timeFrameFrom: `${today}T07:00:00.000Z`,
            timeFrameTo: `${today}T08:00:00.000Z`,
            ata: `${today}T08:20:00.000Z`,
            timeFrameCheck: 'MISSED',
        }),
        stop({
            id: 'w2',
            plannedSequence: 2,
            state: 'CURRENT',
            street: 'Torstraße',
            eta: `${today}T09:15:00.000Z`,
        }),
        stop({ id: 'w3', plannedSequence: 3, state: 'OPEN', street: 'Linienstraße' }),
        stop({
            id: 'w4',
            plannedSequence: 4,
            state: 'UNASSIGNED',
            street: 'Ackerstraße',
            latitude: null,
            longitude: null,
        }),
    ],
    addressErrors: [{ waypointId: 'w4', plannedSequence: 4, problems: ['NO_COORDINATES'] }],
    unsuccessfulJobs: [
        {
            id: 'j2',
            externalJobId: 'J2',
            type: 'DELIVERY',
            state: 'DONE',
            outcome: 'DELIVERY_FAILED',
            reason: 'ADDRESS_PROBLEM',
            statusAt: `${today}T08:30:00.000Z`,
            parcels: 1,
            waypointId: 'w2',
            plannedSequence: 2,
        },
    ],
    plannedPath: [],
    drivenPath: [],
    customWaypoints: [pending],
};

function renderPage(tour: DepotTourDetail, language: 'en' | 'de' = 'en') {
    api.tour = tour;
    return (async () => {
        const viewer = profileWithSettings({
            dateFormat: 'DATE_L_PERIOD',
            timeFormat: 'TIME_24_HOURS',
            lengthFormat: 'LENGTH_METRIC',
            weightFormat: 'WEIGHT_METRIC',
            numberFormat: 'DE',
        });
        const Wrapper = i18nWrapper(await realI18nProvider(language), {} as DataProvider, {
            initialEntry: '/depot/north/110/statistics/live-status/tour/T10',
            authProvider: authProviderOf(viewer),
        });
        const scope = {
            ...initialScope,
            type: 'DISTRIBUTION_CENTER' as const,
            depotPath: 'north.DE.grp-a.dep-berlin',
            timeZone: 'Europe/Berlin',
        };
        render(
            <Wrapper>
                <SelectedScopeContext.Provider value={{ scope, reset: () => undefined }}>
                    <Routes>
                        <Route
                            path="/depot/:tenantId/:externalDepotId/statistics/live-status/tour/:tourId"
                            element={<TourDetailPage />}
                        />
                    </Routes>
                </SelectedScopeContext.Provider>
            </Wrapper>,
        );
        await screen.findByRole('heading', {
            level: 1,
            name: language === 'en' ? 'Tour 10' : 'Tour Nr. 10',
        });
    })();
}

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

const writes = () => api.calls.filter((call) => call.method !== 'GET');

/** axe's serious and critical WCAG A/AA findings on the document (jsdom: no layout, so no contrast checks). */
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
    api.calls.length = 0;
    api.refusal = undefined;
    api.addressLookup = false;
});
afterEach(cleanup);

describe('the tour detail page', { timeout: 30_000 }, () => {
    it('shows the stops in sequence with their states in words, windows, times in the depot’s zone', async () => {
        await renderPage(baseTour);
        expect(api.calls).toEqual([{ method: 'GET', url: TOUR_URL }]);
        expect(rowsOf('Stops of the tour')).toEqual([
            [
                '1',
                'Done',
                'Hauptstraße 1, 10115 Berlin',
                '08:00 – 09:00',
                'Missed',
                '-',
                '09:20',
                'System (geofence)',
                '0 of 1, 0 failed',
            ],
            [
                '2',
                'Next',
                'Torstraße 1, 10115 Berlin',
                '-',
                '-',
                '10:15',
                '-',
                '-',
                '0 of 1, 0 failed',
            ],
            [
                '3',
                'Open',
                'Linienstraße 1, 10115 Berlin',
                '-',
                '-',
                '-',
                '-',
                '-',
                '0 of 1, 0 failed',
            ],
            [
                '4',
                'Unassigned',
                'Ackerstraße 1, 10115 Berlin',
                '-',
                '-',
                '-',
                '-',
                '-',
                '0 of 1, 0 failed',
            ],
        ]);
        expect(rowsOf('Stops with address errors')).toEqual([
            ['4', 'Ackerstraße 1, 10115 Berlin', 'Could not be placed (no coordinates)'],
        ]);
        expect(rowsOf('Unsuccessful jobs of the tour')).toEqual([
            ['J2', '2', 'Delivery', 'Delivery failed', 'Address problem', '09:30'],
        ]);
        // The pending custom waypoint is on the map where it asked to go (before stop 3).
        const mapStops = within(screen.getByRole('list', { name: 'Stops on the map' }))
            .getAllByRole('listitem')
            .map((item) => item.textContent);
        expect(mapStops).toEqual([
            'Stop 1: Hauptstraße 1, 10115 Berlin (Done)',
            'Stop 2: Torstraße 1, 10115 Berlin (Next)',
            'Pick up keys: custom waypoint (pending)',
            'Stop 3: Linienstraße 1, 10115 Berlin (Open)',
        ]);
        const back = screen.getByRole('link', { name: 'Back to the live status' });
        expect(back.getAttribute('href')).toBe('/depot/north/110/statistics/live-status');
    });

    it('hides the device and the driver location when the server did not answer them', async () => {
        await renderPage(baseTour);
        expect(screen.queryByRole('heading', { name: 'Device' })).toBeNull();
        expect(screen.queryByRole('heading', { name: 'Driver location' })).toBeNull();
        expect(screen.queryByText("Driver's last position")).toBeNull();
        expect(screen.getByText('The driven path is shown up to the last stop done.')).toBeTruthy();
    });

    it('shows the device and the driver location when the server answered them', async () => {
        await renderPage({
            ...baseTour,
            device: {
                model: 'Zebra TC58',
                appVersion: '7.2.0',
                signedInAt: `${today}T05:55:00.000Z`,
                battery: 80,
                appState: 'FOREGROUND',
                lastContactAt: `${today}T08:59:00.000Z`,
            },
            driverLocation: {
                latitude: 52.548,
                longitude: 13.405,
                accuracy: 5,
                speed: 5,
                heading: null,
                positionAt: `${today}T08:59:00.000Z`,
            },
        });
        const device = screen.getByRole('region', { name: 'Device' });
        expect(within(device).getByText('Zebra TC58')).toBeTruthy();
        expect(within(device).getByText('7.2.0')).toBeTruthy();
        expect(within(device).getByText('80 %')).toBeTruthy();
        expect(within(device).getByText('In the foreground')).toBeTruthy();
        expect(await seriousViolations()).toEqual([]);
        const location = screen.getByRole('region', { name: 'Driver location' });
        expect(within(location).getByText('52,548 / 13,405')).toBeTruthy();
        expect(within(location).getByText('5 metres')).toBeTruthy();
        const map = screen.getByRole('region', { name: /^Map of tour 10/ });
        expect(within(map).getByText("Driver's last position")).toBeTruthy();
        expect(screen.queryByText('The driven path is shown up to the last stop done.')).toBeNull();
    });

    it('says so when the device has sent nothing yet', async () => {
        await renderPage({
            ...baseTour,
            device: {
                model: null,
                appVersion: null,
                signedInAt: null,
                battery: null,
                appState: null,
                lastContactAt: null,
            },
        });
        expect(
            within(screen.getByRole('region', { name: 'Device' })).getByText(
                'Nothing has been received from the device yet.',
            ),
        ).toBeTruthy();
    });
});

describe('the delivery information at the stops', { timeout: 30_000 }, () => {
    /** Stop 1 with every piece of information, stop 2 with a safe place and coordinates only. */
    const withInfo: DepotTourDetail = {
        ...baseTour,
        waypoints: baseTour.waypoints.map((waypoint) =>
            waypoint.id === 'w1'
                ? {
                      ...waypoint,
                      deliveryInfo: {
                          deliveryNote: 'Rear door\nring twice',
                          accessCode: '4711',
                          safePlace: 'Garage',
                          openingHours: 'Mo-Fr 8-17',
                          latitude: 52.5301,
                          longitude: 13.4051,
                          coordinateType: 'HANDOVER',
                          updatedAt: '2026-03-02T08:00:00.000Z',
                      },
                  }
                : waypoint.id === 'w2'
                  ? {
                        ...waypoint,
                        deliveryInfo: {
                            deliveryNote: null,
                            accessCode: null,
                            safePlace: 'Hinterhof',
                            openingHours: null,
                            latitude: 52.53,
                            longitude: 13.405,
                            coordinateType: 'STREET',
                            updatedAt: '2026-07-01T10:30:00.000Z',
                        },
                    }
                  : waypoint,
        ),
    };

    /** The shown description list of a toggle as label and value pairs. */
    function pairsOf(toggle: HTMLElement): [string, string][] {
        const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
        if (!list) throw new Error('no delivery information shown');
        const terms = [...list.querySelectorAll('dt')].map((term) => term.textContent ?? '');
        const values = [...list.querySelectorAll('dd')].map((value) => value.textContent ?? '');
        return terms.map((term, index) => [term, values[index] ?? '']);
    }

    it('marks the stops with information and shows it by keyboard, in English', async () => {
        await renderPage(withInfo);
        const stops = screen.getByRole('table', { name: 'Stops of the tour' });
        const toggles = within(stops).getAllByRole('button', { name: /^Delivery information/ });
        expect(toggles.map((toggle) => toggle.getAttribute('aria-label'))).toEqual([
            'Delivery information for stop 1',
            'Delivery information for stop 2',
        ]);
        const [first] = toggles;
        if (!first) throw new Error('no toggle');
        // Collapsed: only the indicator, the stop's text is unchanged.
        expect(first.getAttribute('aria-expanded')).toBe('false');
        expect(screen.queryByText('4711')).toBeNull();
        expect(rowsOf('Stops of the tour')[0]?.[2]).toBe('Hauptstraße 1, 10115 Berlin');
        first.focus();
        await userEvent.keyboard('{Enter}');
        expect(first.getAttribute('aria-expanded')).toBe('true');
        expect(pairsOf(first)).toEqual([
            ['Note for the driver', 'Rear door\nring twice'],
            ['Access code', '4711'],
            ['Safe place', 'Garage'],
            ['Opening hours', 'Mo-Fr 8-17'],
            ['Delivery coordinates', '52,5301 / 13,4051'],
            ['Coordinate type', 'Handover point'],
            // 08:00 UTC is 09:00 in Berlin (CET).
            ['Information as of', '02.03.2026 09:00'],
        ]);
        expect(await seriousViolations()).toEqual([]);
        await userEvent.keyboard(' ');
        expect(first.getAttribute('aria-expanded')).toBe('false');
        expect(screen.queryByText('4711')).toBeNull();
    });

    it('shows the same in German, only the parts given', async () => {
        await renderPage(withInfo, 'de');
        const stops = screen.getByRole('table', { name: 'Stopps der Tour' });
        expect(
            within(stops)
                .getAllByRole('button', { name: /^Zustellinformationen/ })
                .map((toggle) => toggle.getAttribute('aria-label')),
        ).toEqual(['Zustellinformationen zu Stopp 1', 'Zustellinformationen zu Stopp 2']);
        const second = within(stops).getByRole('button', {
            name: 'Zustellinformationen zu Stopp 2',
        });
        await userEvent.click(second);
        expect(pairsOf(second)).toEqual([
            ['Ablageort', 'Hinterhof'],
            ['Zustellkoordinaten', '52,53 / 13,405'],
            ['Koordinatentyp', 'Straßenseite'],
            // 10:30 UTC is 12:30 in Berlin (CEST).
            ['Stand der Angaben', '01.07.2026 12:30'],
        ]);
        const first = within(stops).getByRole('button', {
            name: 'Zustellinformationen zu Stopp 1',
        });
        await userEvent.click(first);
        expect(pairsOf(first).slice(0, 4)).toEqual([
            ['Hinweis für den Fahrer', 'Rear door\nring twice'],
            ['Zugangscode', '4711'],
            ['Ablageort', 'Garage'],
            ['Öffnungszeiten', 'Mo-Fr 8-17'],
        ]);
    });

    it('shows no indicator on a tour without delivery information', async () => {
        await renderPage(baseTour);
        expect(screen.queryByRole('button', { name: /^Delivery information/ })).toBeNull();
    });
});

describe('custom waypoints on the tour detail page', { timeout: 30_000 }, () => {
    async function openFromMap() {
        const scrolled = vi.fn();
        Element.prototype.scrollIntoView = scrolled;
        await userEvent.click(screen.getByRole('button', { name: 'Add on the map' }));
        // The map (above the buttons) is brought into view while it listens for the click.
        expect(scrolled.mock.contexts).toEqual([screen.getByRole('heading', { name: 'Map' })]);
        delete (Element.prototype as Partial<Element>).scrollIntoView;
        expect(
            screen.getByText(
                'Click the map where the waypoint should be, or enter its coordinates.',
            ),
        ).toBeTruthy();
        await userEvent.click(screen.getByRole('button', { name: 'Click the map' }));
        return screen.findByRole('dialog', { name: 'Add on the map' });
    }

    it('adds one where the map was clicked, after checking the form, and says it may take minutes', async () => {
        await renderPage(baseTour);
        const dialog = await openFromMap();
        expect(
            (within(dialog).getByRole('textbox', { name: /Latitude/ }) as HTMLInputElement).value,
        ).toBe('52.530100');
        expect(await seriousViolations()).toEqual([]);
        // No name: refused by the form, nothing sent.
        await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
        expect(within(dialog).getByText('Required')).toBeTruthy();
        expect(writes()).toEqual([]);
        // Too far from the depot (Hamburg).
        const latitude = within(dialog).getByRole('textbox', { name: /Latitude/ });
        const longitude = within(dialog).getByRole('textbox', { name: /Longitude/ });
        await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Keys');
        await userEvent.clear(latitude);
        await userEvent.type(latitude, '53,55');
        await userEvent.clear(longitude);
        await userEvent.type(longitude, '9.99');
        await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
        expect(within(dialog).getByText('Must lie within 100 km of the depot')).toBeTruthy();
        expect(writes()).toEqual([]);
        // Near the depot, before stop 2.
        await userEvent.clear(latitude);
        await userEvent.type(latitude, '52.5301');
        await userEvent.clear(longitude);
        await userEvent.type(longitude, '13.4102');
        await userEvent.type(
            within(dialog).getByRole('textbox', { name: 'Before stop no. (optional)' }),
            '2',
        );
        await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
        await waitFor(() =>
            expect(writes()).toEqual([
                {
                    method: 'POST',
                    url: '/tour-commander/v1/depot-tours/T10/custom-waypoints?path=north.DE.grp-a.dep-berlin',
                    body: { name: 'Keys', latitude: 52.5301, longitude: 13.4102, position: 2 },
                },
            ]),
        );
        expect(
            await screen.findByText('New custom waypoints may take a few minutes to appear.'),
        ).toBeTruthy();
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        // The tour is read again (and every 5 s while the waypoint waits: a slow run sees more).
        await waitFor(() =>
            expect(api.calls.filter((call) => call.method === 'GET').length).toBeGreaterThanOrEqual(
                2,
            ),
        );
    });

    it('shows the server’s refusal in words inside the dialog', async () => {
        await renderPage(baseTour);
        const dialog = await openFromMap();
        api.refusal = new ApiError(
            'over',
            409,
            { code: 'CUSTOM_WAYPOINT_TOUR_FINISHED', message: 'over', details: [] },
            'POST',
        );
        await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Keys');
        await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
        expect(
            await within(dialog).findByText(
                'The tour is over: its waypoints can no longer be changed.',
            ),
        ).toBeTruthy();
        expect(
            screen.queryByText('New custom waypoints may take a few minutes to appear.'),
        ).toBeNull();
    });

    it('adds one by address when the installation looks addresses up, checking the fields', async () => {
        api.addressLookup = true;
        await renderPage(baseTour);
        await userEvent.click(screen.getByRole('button', { name: 'Add by address' }));
        const dialog = await screen.findByRole('dialog', { name: 'Add by address' });
        await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
        expect(within(dialog).getAllByText('Required')).toHaveLength(3);
        expect(writes()).toEqual([]);
        await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Annex');
        await userEvent.type(within(dialog).getByRole('textbox', { name: /Street/ }), 'Torstraße');
        await userEvent.type(within(dialog).getByRole('textbox', { name: /Postal code/ }), '10119');
        await userEvent.type(within(dialog).getByRole('textbox', { name: /Country/ }), 'de');
        await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
        await waitFor(() =>
            expect(writes()).toEqual([
                expect.objectContaining({
                    method: 'POST',
                    body: {
                        name: 'Annex',
                        address: { street: 'Torstraße', postcode: '10119', countryCode: 'DE' },
                    },
                }),
            ]),
        );
    });

    it('offers no address dialog without address lookup, and says why', async () => {
        await renderPage(baseTour);
        expect(screen.queryByRole('button', { name: 'Add by address' })).toBeNull();
        expect(
            screen.getByText(
                'Addresses cannot be looked up in this installation: place custom waypoints on the map.',
            ),
        ).toBeTruthy();
    });

    it('lists the custom waypoints and deletes one after a confirmation', async () => {
        await renderPage(baseTour);
        const list = screen.getByRole('list', { name: 'Custom waypoints of the tour' });
        expect(within(list).getByText('Pick up keys')).toBeTruthy();
        expect(within(list).getByText('Pending')).toBeTruthy();
        expect(within(list).getByText('52,535 / 13,41 · before stop 3')).toBeTruthy();
        await userEvent.click(within(list).getByRole('button', { name: 'Delete Pick up keys' }));
        const confirm = await screen.findByRole('alertdialog');
        expect(within(confirm).getByText('Delete the custom waypoint Pick up keys?')).toBeTruthy();
        expect(writes()).toEqual([]);
        expect(await seriousViolations()).toEqual([]);
        await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
        await waitFor(() =>
            expect(writes()).toEqual([
                {
                    method: 'DELETE',
                    url: '/tour-commander/v1/depot-tours/T10/custom-waypoints/cw-1?path=north.DE.grp-a.dep-berlin',
                },
            ]),
        );
    });

    it('takes no changes on a finished tour', async () => {
        await renderPage({ ...baseTour, state: 'FINISHED' });
        expect(screen.queryByRole('button', { name: 'Add on the map' })).toBeNull();
        expect(screen.queryByRole('button', { name: 'Delete Pick up keys' })).toBeNull();
        expect(
            screen.getByText(
                'The tour is over: custom waypoints can no longer be added or deleted.',
            ),
        ).toBeTruthy();
    });
});
