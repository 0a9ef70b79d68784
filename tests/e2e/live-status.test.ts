import { and, asc, eq, max } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DriverAppEvent } from '../../domain/contracts/driver-app-ingestion.js';
import type { ImportJob } from '../../domain/contracts/job-import.js';
import {
    depotConfigRevisions,
    depots,
    permissionAssignments,
    tenants,
    tours,
    users,
    vehicles,
} from '../../server/db/schema/index.js';
import { machineTokenFor } from '../api/helpers/machine-fixtures.js';
import { signIn } from './fixtures/app.js';
import { setUpE2eEnvironment } from './fixtures/environment.js';
import { demoLoginOf } from './fixtures/server.js';
import { closePage } from './fixtures/browser.js';

/**
 * Issue 15: a depot manager of the demo watches today's tours move in the table, the tiles and
 * on the map without reloading, is told when the live connection drops, and opens a tour; the
 * same at 390 px; the organisation admin sees every depot on the organisation's live map. The
 * tours are made here through the job import and the driver-app ingestion, as real clients do.
 */
const env = setUpE2eEnvironment();
const { url } = env;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

interface Place {
    tenantId: string;
    externalDepotId: string;
    latitude: number;
    longitude: number;
    timeZone: string;
}

let place: Place;
let eventsToken = '';
const tourIds: Record<string, string> = {};

async function post(path: string, token: string, payload: object) {
    const answer = await fetch(url(path), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
    });
    const body = (await answer.json()) as { rejected?: unknown[] };
    expect([answer.status, body.rejected]).toEqual([200, []]);
}

const position = (
    tour: string,
    eventId: string,
    minutes: number,
    north: number,
): DriverAppEvent => ({
    eventId,
    type: 'POSITION',
    occurredAt: minutesAgo(minutes),
    tourId: tourIds[tour] ?? '',
    position: { latitude: place.latitude + north, longitude: place.longitude, speed: 8 },
});

beforeAll(async () => {
    const { db } = env.server;
    const config = env.server.app.appConfig;
    // The depot of the demo's depot manager (Standard Access (Depot)).
    const login = demoLoginOf(env.server, 'Standard Access (Depot)');
    const [grant] = await db
        .select({ path: permissionAssignments.scopePath })
        .from(permissionAssignments)
        .innerJoin(users, eq(users.id, permissionAssignments.userId))
        .where(eq(users.email, login.email));
    const depotId = grant?.path.split('.')[3] ?? '';
    const [depot] = await db.select().from(depots).where(eq(depots.internalDepotId, depotId));
    if (!depot) throw new Error(`no depot for ${login.email}`);
    place = { ...depot, tenantId: depot.tenantId };
    // Live at any time of day, ticking every second: the depot's own configuration says so.
    const [latest] = await db
        .select({ revision: max(depotConfigRevisions.revision) })
        .from(depotConfigRevisions)
        .where(eq(depotConfigRevisions.depotId, depotId));
    await db.insert(depotConfigRevisions).values({
        id: `e2e-live-${Date.now()}`,
        tenantId: depot.tenantId,
        depotId,
        revision: (latest?.revision ?? 0) + 1,
        document: {
            frontend: {
                businessHours: { from: '00:00', to: '23:59' },
                liveDashboardRefreshIntervalInSec: 1,
            },
        },
    });
    await db
        .update(tenants)
        .set({ businessHoursFrom: '00:00', businessHoursTo: '23:59' })
        .where(eq(tenants.id, depot.tenantId));
    const numbers = (
        await db
            .select({ number: vehicles.number })
            .from(vehicles)
            .where(eq(vehicles.depotId, depotId))
            .orderBy(asc(vehicles.number))
            .limit(3)
    ).map((row) => row.number);
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: depot.timeZone }).format(new Date());
    const stop = (tour: string, index: number): ImportJob => ({
        externalJobId: `live-${tour}-${index}`,
        type: 'DELIVERY',
        address: {
            street: `Live-Straße ${index}`,
            postcode: depot.postcode,
            countryCode: depot.countryCode,
            latitude: depot.latitude + index * 0.01,
            longitude: depot.longitude,
        },
        parcels: [{ parcelNumber: `LIVE${tour}${index}` }],
        assignments: [
            {
                externalDepotId: depot.externalDepotId,
                date,
                key: 'TOUR',
                value: tour,
                sequence: index,
            },
        ],
    });
    const names = ['LIVE-1', 'LIVE-2', 'LIVE-3'];
    const importer = (await machineTokenFor({ db, config }, depot.tenantId, ['jobs:write'])).token;
    await post('/data-gateway/api/v1/external/jobs', importer, {
        tours: names.map((tourNumber, index) => ({
            externalDepotId: depot.externalDepotId,
            date,
            tourNumber,
            vehicleNumber: numbers[index],
        })),
        jobs: names.flatMap((tour) => [stop(tour, 1), stop(tour, 2)]),
    });
    for (const row of await db
        .select({ id: tours.id, tourNumber: tours.tourNumber })
        .from(tours)
        .where(and(eq(tours.depotId, depotId), eq(tours.tourDate, date))))
        tourIds[row.tourNumber] = row.id;
    eventsToken = (await machineTokenFor({ db, config }, depot.tenantId, ['events:write'])).token;
    await post('/tour-commander/v1/external/driver-app/events', eventsToken, {
        events: [
            position('LIVE-1', 'live-1a', 20, 0.004),
            position('LIVE-1', 'live-1b', 2, 0.006),
            position('LIVE-2', 'live-2a', 20, 0.005),
            position('LIVE-2', 'live-2b', 1, 0.007),
        ],
    });
});

const livePath = () => `/depot/${place.tenantId}/${place.externalDepotId}/statistics/live-status`;

/** The table's row of a tour (cards below 600 px hold the same text). */
const rowOf = (page: Page, tour: string) =>
    page.locator('table tbody tr, ul > li').filter({ hasText: tour }).first();

/** Opens `path`, signing in as `role` when the browser has no session of it yet. */
async function openAs(page: Page, role: string, path: string) {
    const login = demoLoginOf(env.server, role);
    await page.goto(url('/login'));
    // Another test's session may be stored: leave it first.
    await page.evaluate(() => {
        for (const name of Object.keys(localStorage))
            if (name.startsWith('CognitoIdentityServiceProvider.')) localStorage.removeItem(name);
    });
    await page.goto(url(path));
    await signIn(page, login.email, login.password);
}

async function openLiveStatus(page: Page) {
    await openAs(page, 'Standard Access (Depot)', livePath());
    await page.getByRole('heading', { name: 'Live status', level: 1 }).waitFor();
    await page.locator('[data-kpi="tours"] [data-kpi-value]').waitFor();
}

describe('the live status of a depot', () => {
    it('moves with the driver apps without reloading, says when it is not live, and opens a tour', async () => {
        const page = await env.browser.newPage();
        let navigations = 0;
        page.on('framenavigated', (frame) => {
            if (frame === page.mainFrame()) navigations++;
        });
        await openLiveStatus(page);
        for (const tour of ['LIVE-1', 'LIVE-2', 'LIVE-3']) await rowOf(page, tour).waitFor();
        // The map draws the vehicles on its canvas (no marker element per vehicle).
        await page.locator('.leaflet-container canvas').first().waitFor();
        expect(await page.locator('.leaflet-marker-icon').count()).toBe(0);
        await expect
            .poll(() => page.locator('[data-kpi="tours"] [data-kpi-value]').innerText())
            .not.toBe('0');
        const before = navigations;

        // The driver of LIVE-3 sets off and delivers the first stop: the row follows.
        await post('/tour-commander/v1/external/driver-app/events', eventsToken, {
            events: [
                position('LIVE-3', 'live-3a', 6, 0.005),
                position('LIVE-3', 'live-3b', 4, 0.01),
                {
                    eventId: 'live-3s',
                    type: 'STATUS_CHANGE',
                    occurredAt: minutesAgo(3),
                    tourId: tourIds['LIVE-3'] ?? '',
                    jobId: 'live-LIVE-3-1',
                    outcome: 'DELIVERED_TO_CONSIGNEE',
                },
                position('LIVE-3', 'live-3c', 0, 0.012),
            ],
        });
        await expect
            .poll(() => rowOf(page, 'LIVE-3').innerText(), { timeout: 20_000 })
            .toContain('1 of 2 stops');
        expect(await rowOf(page, 'LIVE-3').innerText()).toContain('On the road');
        expect(navigations).toBe(before);

        // The connection drops: the page says so, and recovers by itself.
        for (const client of env.server.app.websocketServer.clients) client.terminate();
        await page.getByText('The live connection was lost').waitFor({ timeout: 5_000 });
        await page
            .getByText('The live connection was lost')
            .waitFor({ state: 'hidden', timeout: 20_000 });
        await env.checkPage(page, 'live-status');

        // A tour opens its detail from the table.
        await rowOf(page, 'LIVE-2').click();
        await page.waitForURL(/\/statistics\/live-status\/tour\//);
        expect(page.url()).toContain(`/tour/${tourIds['LIVE-2']}`);

        // A custom waypoint is placed on the map, becomes a stop, and is deleted again.
        await page.getByRole('button', { name: 'Add on the map' }).click();
        const map = page.locator('.leaflet-container').first();
        await map.waitFor();
        const box = await map.boundingBox();
        if (!box) throw new Error('the map has no box');
        await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Name').fill('E2E gate');
        await dialog.getByRole('button', { name: 'Add', exact: true }).click();
        await page.getByText('New custom waypoints may take a few minutes to appear.').waitFor();
        const list = page.getByRole('list', { name: 'Custom waypoints of the tour' });
        await expect
            .poll(() => list.innerText(), { timeout: 30_000 })
            .toMatch(/E2E gate[\s\S]*On the tour/);
        await page.getByRole('button', { name: 'Delete E2E gate' }).click();
        await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
        await expect
            .poll(
                async () =>
                    (await list.count()) === 0 || !(await list.innerText()).includes('E2E gate'),
                {
                    timeout: 30_000,
                },
            )
            .toBe(true);
        await env.checkPage(page, 'live-status-tour');
        await closePage(page);
    });

    it('works at 390 px wide', async () => {
        const page = await env.browser.newPage();
        await page.setViewportSize({ width: 390, height: 844 });
        await openLiveStatus(page);
        await rowOf(page, 'LIVE-1').waitFor();
        await page.locator('.leaflet-container canvas').first().waitFor();
        // Nothing wider than the screen but the map and tables, which scroll within themselves.
        const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await env.checkPage(page, 'live-status-390');
        await closePage(page);
    });
});

describe("the organisation's live map", () => {
    it('shows the vehicles of every depot and leads to a depot', async () => {
        const page = await env.browser.newPage();
        const login = demoLoginOf(env.server, 'Organization Admin');
        const [admin] = await env.server.db
            .select({ tenantId: users.tenantId })
            .from(users)
            .where(eq(users.email, login.email));
        // The demo's organisation admin and depot manager work for the same organisation.
        expect(admin?.tenantId).toBe(place.tenantId);
        await openAs(page, 'Organization Admin', `/tenant/${place.tenantId}/live-map`);
        await page.getByRole('heading', { name: 'Live map of the organisation' }).waitFor();
        const row = page.locator(
            `tr:has(a[href$="/${place.externalDepotId}/statistics/live-status"])`,
        );
        await row.waitFor();
        await expect
            .poll(() => page.locator('[data-fleet-total="ON_ROAD"]').innerText())
            .not.toBe('0');
        await page.locator('.leaflet-container canvas').first().waitFor();
        await env.checkPage(page, 'live-map');
        await row.getByRole('link').click();
        await page.waitForURL(new RegExp(`${livePath()}$`));
        await closePage(page);
    });
});
