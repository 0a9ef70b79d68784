// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type { DataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Subcontractor, Vehicle, VehicleTracker } from '../../domain/contracts/fleet';
import type { Language } from '../../domain/enums';
import type { ProfileActions } from '../../domain/permissions';
import { ApiError } from '../../src/dataProviders/apiError';
import { VehicleDialog } from '../../src/resources/subcontractor/VehicleDialog';
import { VehicleTrackers } from '../../src/resources/subcontractor/VehicleTrackers';
import { i18nWrapper, realI18nProvider } from './i18n-fixtures';
import { D1, profile, S1 } from './permission-fixtures';
import { authProviderOf, profileWithSettings } from './profile-fixtures';

/**
 * Issue 14: an organisation admin registers a vehicle's trackers (OsmAnd identifiers) in the
 * vehicle dialog and removes them, without curl.
 */

interface Call {
    method: string;
    url: string;
    body?: unknown;
}

/** The back office as far as trackers go: a list that POST adds to and DELETE takes from. */
const api = vi.hoisted(() => ({
    trackers: [] as VehicleTracker[],
    calls: [] as Call[],
    /** Thrown by the next POST or DELETE instead of answering it. */
    refusal: undefined as Error | undefined,
}));
vi.mock('../../src/dataProviders/httpClient', () => ({
    httpClient: async (url: string, options: RequestInit = {}) => {
        const method = options.method ?? 'GET';
        const body: unknown =
            typeof options.body === 'string' ? JSON.parse(options.body) : undefined;
        api.calls.push(body === undefined ? { method, url } : { method, url, body });
        if (method !== 'GET' && api.refusal) throw api.refusal;
        let json: unknown = api.trackers;
        if (method === 'POST') {
            const tracker: VehicleTracker = {
                id: `t${api.trackers.length + 10}`,
                vehicleId: 'v1',
                identifier: (body as { identifier: string }).identifier,
                createdAt: '2026-03-03T07:00:00Z',
                lastSeenAt: null,
            };
            api.trackers = [...api.trackers, tracker];
            json = tracker;
        } else if (method === 'DELETE') {
            const id = url.split('/').at(-1);
            json = api.trackers.find((tracker) => tracker.id === id);
            api.trackers = api.trackers.filter((tracker) => tracker.id !== id);
        }
        return { status: 200, headers: new Headers(), body: JSON.stringify(json), json };
    },
}));

const phone: VehicleTracker = {
    id: 't1',
    vehicleId: 'v1',
    identifier: 'traccar-4711',
    // 09:15 in Berlin (CET, UTC+1).
    createdAt: '2026-03-02T08:15:00Z',
    lastSeenAt: null,
};
const gpsBox: VehicleTracker = {
    id: 't2',
    vehicleId: 'v1',
    identifier: '356938035643809',
    createdAt: '2026-03-01T17:40:00Z',
    lastSeenAt: '2026-03-02T09:05:30Z',
};

const subcontractor: Subcontractor = {
    id: 's1',
    tenantId: 't1',
    depotId: 'd1',
    externalDepotId: 'D1',
    name: 'Kurier Nord',
    code: 'KN',
    scopePath: S1,
    userCount: 0,
    vehicleCount: 1,
    version: 1,
};
const vehicle: Vehicle = {
    id: 'v1',
    tenantId: 't1',
    depotId: 'd1',
    subcontractorId: 's1',
    subcontractorName: 'Kurier Nord',
    number: '4711',
    baseDriverId: null,
    baseDriverName: null,
    scopePath: S1,
    version: 1,
};

const refusal = (status: number, code: string, message: string) =>
    new ApiError(message, status, { code, message, details: [] }, 'POST');

const slow = { timeout: 10_000 };

async function renderIn(language: Language, node: ReactNode, actions?: ProfileActions) {
    const viewer = {
        ...profileWithSettings({
            dateFormat: 'DATE_L_PERIOD',
            timeFormat: 'TIME_24_HOURS',
            lengthFormat: 'LENGTH_METRIC',
            weightFormat: 'WEIGHT_METRIC',
            numberFormat: 'DE',
        }),
        ...(actions ? { actions } : {}),
    };
    const dataProvider = {
        getList: async () => ({ data: [], total: 0 }),
    } as unknown as DataProvider;
    const Wrapper = i18nWrapper(await realI18nProvider(language), dataProvider, {
        authProvider: authProviderOf(viewer),
        initialEntry: '/depot/t1/D1/subcontractor/s1/show',
    });
    render(<Wrapper>{node}</Wrapper>);
}

const renderTrackers = (language: Language, canEdit = true) =>
    renderIn(language, <VehicleTrackers vehicleId="v1" canEdit={canEdit} />);

/** The listed trackers, each as its identifier and its times. */
async function listed(name = 'Trackers'): Promise<string[]> {
    const list = await screen.findByRole('list', { name }, slow);
    return within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent ?? '');
}

const writes = () => api.calls.filter((call) => call.method !== 'GET');

beforeEach(() => {
    api.trackers = [phone, gpsBox];
    api.calls.length = 0;
    api.refusal = undefined;
});
afterEach(cleanup);

/** Opens the German dialog and registers `identifier` with Enter. */
async function registerInGerman(identifier: string) {
    await renderTrackers('de');
    await listed('Tracker');
    await userEvent.type(
        screen.getByRole('textbox', { name: 'Tracker-Kennung' }),
        `${identifier}{Enter}`,
    );
}
describe("the vehicle's trackers", { timeout: 30_000 }, () => {
    it('English: lists the trackers with their registration and when they were last seen', async () => {
        await renderTrackers('en');
        await waitFor(async () =>
            expect(await listed()).toEqual([
                'traccar-4711Registered 02.03.2026 09:15 · Never seen',
                '356938035643809Registered 01.03.2026 18:40 · Last seen 02.03.2026 10:05',
            ]),
        );
        expect(api.calls).toEqual([{ method: 'GET', url: '/api/vehicles/v1/trackers' }]);
        expect(
            screen.getByText(/the device identifier in Traccar Client or the tracker's IMEI/),
        ).toBeTruthy();
    });

    it('English: registers a tracker from the keyboard with POST and lists it afterwards', async () => {
        await renderTrackers('en');
        await listed();
        const field = screen.getByRole('textbox', { name: 'Tracker identifier' });
        await userEvent.type(field, '  phone.0815:a_b-c  {Enter}');
        await waitFor(() => expect(api.calls.length).toBeGreaterThanOrEqual(3));
        expect(writes()).toEqual([
            {
                method: 'POST',
                url: '/api/vehicles/v1/trackers',
                body: { identifier: 'phone.0815:a_b-c' },
            },
        ]);
        await waitFor(async () =>
            expect(await listed()).toContain(
                'phone.0815:a_b-cRegistered 03.03.2026 08:00 · Never seen',
            ),
        );
        expect(api.calls.filter((call) => call.method === 'GET')).toHaveLength(2);
        expect((field as HTMLInputElement).value).toBe('');
        expect(await screen.findByText('Tracker phone.0815:a_b-c registered')).toBeTruthy();
    });

    it('English: refuses a malformed or missing identifier without calling the server', async () => {
        await renderTrackers('en');
        await listed();
        const field = screen.getByRole('textbox', { name: 'Tracker identifier' });
        const register = screen.getByRole('button', { name: 'Register tracker' });
        const format = "4 to 100 characters: only letters, digits, '.', '_', ':' and '-'";

        await userEvent.click(register);
        expect(field.getAttribute('aria-invalid')).toBe('true');
        expect(field.getAttribute('aria-describedby')).toBeTruthy();
        expect(screen.getByText('Required')).toBeTruthy();

        // The field takes at most 100 characters; too short and foreign characters are refused.
        for (const typed of ['abc', 'my phone', 'imei#123456', 'bäckerei-1']) {
            await userEvent.clear(field);
            await userEvent.type(field, typed);
            await userEvent.click(register);
            expect(screen.getByText(format)).toBeTruthy();
            expect(document.activeElement).toBe(field);
        }
        expect(writes()).toEqual([]);
    });

    it('German: the refusal of a malformed identifier is German', async () => {
        await registerInGerman('abc');
        expect(
            await screen.findByText(
                '4 bis 100 Zeichen: nur Buchstaben, Ziffern, „.“, „_“, „:“ und „-“',
            ),
        ).toBeTruthy();
        expect(writes()).toEqual([]);
    });

    it('English and German: an identifier registered already (409) is named at the field', async () => {
        api.refusal = refusal(
            409,
            'DUPLICATE_TRACKER',
            'A tracker with this identifier is registered already.',
        );
        await renderTrackers('en');
        await listed();
        const field = screen.getByRole('textbox', { name: 'Tracker identifier' });
        await userEvent.type(field, 'taken-4711{Enter}');
        expect(
            await screen.findByText(
                'A tracker with this identifier is already registered (to this or another vehicle).',
            ),
        ).toBeTruthy();
        expect(field.getAttribute('aria-invalid')).toBe('true');
        expect((field as HTMLInputElement).value).toBe('taken-4711');
        expect(screen.queryByRole('alertdialog')).toBeNull();
        cleanup();

        await registerInGerman('taken-4711');
        expect(
            await screen.findByText(
                'Ein Tracker mit dieser Kennung ist bereits registriert (an diesem oder einem anderen Fahrzeug).',
            ),
        ).toBeTruthy();
    });

    it('English: a vehicle that is gone (404) or a failure says so in a dialog', async () => {
        api.refusal = refusal(404, 'NOT_FOUND', 'Vehicle v1 was not found.');
        await renderTrackers('en');
        await listed();
        const field = screen.getByRole('textbox', { name: 'Tracker identifier' });
        await userEvent.type(field, 'gone-4711{Enter}');
        const gone = await screen.findByRole('alertdialog', {
            name: 'The tracker gone-4711 could not be registered.',
        });
        expect(
            within(gone).getByText(
                'The vehicle or the tracker no longer exists. Someone may have removed it in the meantime.',
            ),
        ).toBeTruthy();
        expect(within(gone).queryByText('Vehicle v1 was not found.')).toBeNull();
        await userEvent.click(within(gone).getByRole('button', { name: 'Close' }));
        await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

        api.refusal = new ApiError('Internal Server Error', 500, undefined, 'POST');
        await userEvent.click(screen.getByRole('button', { name: 'Register tracker' }));
        const failed = await screen.findByRole('alertdialog', {
            name: 'The tracker gone-4711 could not be registered.',
        });
        expect(within(failed).getByText('Try again in a moment.')).toBeTruthy();
    });

    it('English: removes a tracker with DELETE only after the confirmation', async () => {
        await renderTrackers('en');
        await listed();
        await userEvent.click(screen.getByRole('button', { name: 'Remove tracker traccar-4711' }));
        const confirm = await screen.findByRole('alertdialog', {
            name: 'Remove the tracker traccar-4711?',
        });
        expect(
            within(confirm).getByText(
                'Its positions are refused from then on. You can register it again later.',
            ),
        ).toBeTruthy();
        // Closing without confirming removes nothing.
        await userEvent.click(within(confirm).getByRole('button', { name: 'Close' }));
        await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
        expect(writes()).toEqual([]);

        await userEvent.click(screen.getByRole('button', { name: 'Remove tracker traccar-4711' }));
        await userEvent.click(
            within(await screen.findByRole('alertdialog')).getByRole('button', {
                name: 'Remove',
            }),
        );
        await waitFor(async () =>
            expect(await listed()).toEqual([
                '356938035643809Registered 01.03.2026 18:40 · Last seen 02.03.2026 10:05',
            ]),
        );
        expect(writes()).toEqual([{ method: 'DELETE', url: '/api/vehicles/v1/trackers/t1' }]);
        expect(await screen.findByText('Tracker traccar-4711 removed')).toBeTruthy();
        // The removed tracker's button is gone: the keyboard stays in the section.
        await waitFor(() =>
            expect(document.activeElement).toBe(
                screen.getByRole('heading', { level: 3, name: 'Trackers' }),
            ),
        );
    });

    it('English: a removal the server refuses says why', async () => {
        api.refusal = refusal(404, 'NOT_FOUND', 'Tracker t1 was not found.');
        await renderTrackers('en');
        await listed();
        await userEvent.click(screen.getByRole('button', { name: 'Remove tracker traccar-4711' }));
        await userEvent.click(
            within(await screen.findByRole('alertdialog')).getByRole('button', {
                name: 'Remove',
            }),
        );
        const failed = await screen.findByRole('alertdialog', {
            name: 'The tracker traccar-4711 could not be removed.',
        });
        expect(
            within(failed).getByText(
                'The vehicle or the tracker no longer exists. Someone may have removed it in the meantime.',
            ),
        ).toBeTruthy();
    });

    it('English: without the right to change the vehicle, the list has no controls', async () => {
        await renderTrackers('en', false);
        expect(await listed()).toHaveLength(2);
        expect(screen.queryByRole('textbox')).toBeNull();
        expect(
            screen.queryByRole('button', { name: /Remove tracker|Register tracker/ }),
        ).toBeNull();
    });
});

describe('the vehicle dialog', { timeout: 30_000 }, () => {
    const mayChange = profile([['DEPOT'], ['r:suco', 'u:suco', 'r:driver'], D1]);
    const mayRead = profile([['DEPOT'], ['r:suco', 'r:driver'], D1]);

    it('shows the trackers of an existing vehicle, with controls for whoever may change it', async () => {
        await renderIn(
            'en',
            <VehicleDialog
                open
                onClose={() => undefined}
                subcontractor={subcontractor}
                record={vehicle}
            />,
            mayChange,
        );
        const dialog = await screen.findByRole('dialog', { name: 'Edit vehicle' });
        expect(
            await within(dialog).findByRole('heading', { level: 3, name: 'Trackers' }, slow),
        ).toBeTruthy();
        expect(await listed()).toHaveLength(2);
        expect(
            await within(dialog).findByRole('textbox', { name: 'Tracker identifier' }, slow),
        ).toBeTruthy();
    });

    it('offers no tracker controls to a reader, and no trackers for a new vehicle', async () => {
        await renderIn(
            'en',
            <VehicleDialog
                open
                onClose={() => undefined}
                subcontractor={subcontractor}
                record={vehicle}
            />,
            mayRead,
        );
        expect(await listed()).toHaveLength(2);
        expect(screen.queryByRole('textbox', { name: 'Tracker identifier' })).toBeNull();
        expect(screen.queryByRole('button', { name: /Remove tracker/ })).toBeNull();
        cleanup();

        api.calls.length = 0;
        await renderIn(
            'en',
            <VehicleDialog open onClose={() => undefined} subcontractor={subcontractor} />,
            mayChange,
        );
        await screen.findByRole('dialog', { name: 'New vehicle' });
        expect(screen.queryByRole('heading', { name: 'Trackers' })).toBeNull();
        expect(api.calls).toEqual([]);
    });
});
