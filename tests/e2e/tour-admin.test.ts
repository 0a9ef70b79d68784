import { and, asc, count, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DriverAppEvent } from '../../domain/contracts/driver-app-ingestion.js';
import type { ImportJob } from '../../domain/contracts/job-import.js';
import { depots, tenants, tours, vehicles } from '../../server/db/schema/index.js';
import { machineTokenFor } from '../api/helpers/machine-fixtures.js';
import { columnTexts, pathOf, signIn, signOut } from './fixtures/app.js';
import { closePage, screenshotAndAxe, unexpectedProblems } from './fixtures/browser.js';
import { setUpE2eEnvironment } from './fixtures/environment.js';
import { demoLoginOf } from './fixtures/server.js';

/**
 * Issue 14 part 6: the admin opens the tour list from the drawer, filters it by organisation
 * and state, sorts it, opens a tour and sees its stops, jobs and the map's canvas; a user who
 * is no admin gets the error page. The tours are made here through the job import and the
 * driver-app ingestion, as real clients make them.
 */
const env = setUpE2eEnvironment();
const { url } = env;

/** Today in this machine's time zone, which the browser shares: the list's default day. */
const TODAY = new Intl.DateTimeFormat('en-CA').format(new Date());
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

interface Place {
    tenantId: string;
    tenantName: string;
    externalDepotId: string;
    latitude: number;
    longitude: number;
    vehicleNumbers: string[];
}

/** Two organisations' depots with three vehicles each. */
const places: Place[] = [];
/** The tour on the road: E2E-2 of the first organisation. */
let onRoadId = '';

async function post(path: string, token: string, payload: object) {
    const answer = await fetch(url(path), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
    });
    const body = (await answer.json()) as { rejected?: unknown[] };
    expect([answer.status, body.rejected]).toEqual([200, []]);
}

/** Three tours of a depot today (E2E-1, E2E-2, E2E-10), two stops each, stops 1 and 2 km north. */
async function importTours(place: Place, token: string) {
    const stop = (tour: string, index: number): ImportJob => ({
        externalJobId: `e2e-${place.externalDepotId}-${tour}-${index}`,
        type: 'DELIVERY',
        address: {
            street: `E2E-Straße ${index}`,
            postcode: '10115',
            countryCode: 'DE',
            latitude: place.latitude + index * 0.01,
            longitude: place.longitude,
        },
        parcels: [{ parcelNumber: `E2E${place.externalDepotId}${tour}${index}` }],
        assignments: [
            {
                externalDepotId: place.externalDepotId,
                date: TODAY,
                key: 'TOUR',
                value: tour,
                sequence: index,
            },
        ],
    });
    const numbers = ['E2E-1', 'E2E-2', 'E2E-10'];
    await post('/data-gateway/api/v1/external/jobs', token, {
        tours: numbers.map((tourNumber, index) => ({
            externalDepotId: place.externalDepotId,
            date: TODAY,
            tourNumber,
            vehicleNumber: place.vehicleNumbers[index],
        })),
        jobs: numbers.flatMap((tour) => [stop(tour, 1), stop(tour, 2)]),
    });
}

beforeAll(async () => {
    const { db } = env.server;
    const config = env.server.app.appConfig;
    const candidates = await db
        .select({
            tenantId: depots.tenantId,
            tenantName: tenants.name,
            depotId: depots.internalDepotId,
            externalDepotId: depots.externalDepotId,
            latitude: depots.latitude,
            longitude: depots.longitude,
            vehicles: count(vehicles.id),
        })
        .from(depots)
        .innerJoin(tenants, eq(tenants.id, depots.tenantId))
        .innerJoin(vehicles, eq(vehicles.depotId, depots.internalDepotId))
        .groupBy(depots.internalDepotId, tenants.name)
        .orderBy(asc(tenants.name), asc(depots.externalDepotId));
    const chosen = candidates.filter(
        (candidate, index) =>
            candidate.vehicles >= 3 &&
            candidates.findIndex((other) => other.tenantId === candidate.tenantId) === index,
    );
    if (chosen.length < 2) throw new Error('the demo data needs two organisations with vehicles');
    for (const candidate of chosen.slice(0, 2)) {
        const numbers = await db
            .select({ number: vehicles.number })
            .from(vehicles)
            .where(eq(vehicles.depotId, candidate.depotId))
            .orderBy(asc(vehicles.number))
            .limit(3);
        places.push({ ...candidate, vehicleNumbers: numbers.map((row) => row.number) });
    }
    for (const place of places) {
        const token = (await machineTokenFor({ db, config }, place.tenantId, ['jobs:write'])).token;
        await importTours(place, token);
    }
    // The first organisation's E2E-2 sets off and delivers its first stop.
    const [first] = places;
    if (!first) throw new Error('no place');
    const [row] = await db
        .select({ id: tours.id })
        .from(tours)
        .innerJoin(depots, eq(depots.internalDepotId, tours.depotId))
        .where(
            and(
                eq(depots.externalDepotId, first.externalDepotId),
                eq(tours.tenantId, first.tenantId),
                eq(tours.tourNumber, 'E2E-2'),
                eq(tours.tourDate, TODAY),
            ),
        );
    onRoadId = row?.id ?? '';
    const events = (await machineTokenFor({ db, config }, first.tenantId, ['events:write'])).token;
    const position = (eventId: string, minutes: number, north: number): DriverAppEvent => ({
        eventId,
        type: 'POSITION',
        occurredAt: minutesAgo(minutes),
        tourId: onRoadId,
        position: { latitude: first.latitude + north, longitude: first.longitude, speed: 8 },
    });
    await post('/tour-commander/v1/external/driver-app/events', events, {
        events: [
            position('e2e-p1', 30, 0.005),
            position('e2e-p2', 25, 0.01),
            {
                eventId: 'e2e-s1',
                type: 'STATUS_CHANGE',
                occurredAt: minutesAgo(24),
                tourId: onRoadId,
                jobId: `e2e-${first.externalDepotId}-E2E-2-1`,
                outcome: 'DELIVERED_TO_CONSIGNEE',
            },
            position('e2e-p3', 20, 0.015),
        ],
    });
    // The server's own worker applies the events after the acknowledgement.
    for (let wait = 0; wait < 100; wait++) {
        const [tour] = await db
            .select({ state: tours.state })
            .from(tours)
            .where(eq(tours.id, onRoadId));
        if (tour?.state === 'ON_ROAD') return;
        await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the tour did not set off');
});

/** The sign-in page with no session left over (Amplify keeps it in localStorage). */
async function signedOutSignInPage(page: Page) {
    await page.goto(url('/login'));
    await page.evaluate(() => {
        for (const name of Object.keys(localStorage))
            if (name.startsWith('CognitoIdentityServiceProvider.')) localStorage.removeItem(name);
    });
    await page.reload();
    await page.getByLabel(/^E-mail address/).waitFor();
}

/** Opens a select or autocomplete of the filter bar and picks an option. */
async function choose(page: Page, label: string, option: string) {
    const field = page.getByRole('combobox', { name: label });
    const typed = (await field.evaluate((element) => element.tagName)) === 'INPUT';
    await field.click();
    if (typed) await field.fill(option);
    await page.getByRole('option', { name: option, exact: true }).click();
}

/** The tour numbers of the table, top to bottom (column 2). */
const tourNumbers = (page: Page) => columnTexts(page, 2);

describe('the admin tour pages', () => {
    it('lists, filters, sorts and opens a tour, with its stops, jobs and map', async () => {
        const page = await env.browser.newPage();
        const foreign: string[] = [];
        page.on('request', (request) => {
            if (!request.url().startsWith(env.server.baseUrl)) foreign.push(request.url());
        });
        await page.setViewportSize({ width: 1280, height: 900 });
        await signedOutSignInPage(page);
        const admin = demoLoginOf(env.server, 'Admin');
        await signIn(page, admin.email, admin.password);
        await page.waitForURL((target) => !target.pathname.startsWith('/login'));
        await page.goto(url('/administration'));
        await page.waitForURL((target) => target.pathname !== '/administration');
        await page.getByRole('menuitem', { name: 'Tours' }).click();
        await page.waitForURL(/\/administration\/tour-commander\/tour\/list/);
        await page.getByRole('heading', { level: 1, name: 'Tours' }).waitFor();

        const [first, second] = places;
        if (!first || !second) throw new Error('no places');
        // Today's tours of every organisation: both organisations' E2E tours are there.
        await page.getByRole('cell', { name: 'E2E-10' }).first().waitFor();
        await choose(page, 'Organisation', first.tenantName);
        await expect.poll(() => page.getByText(second.tenantName).count()).toBe(0);
        await choose(page, 'State', 'On the road');
        await expect.poll(() => tourNumbers(page)).toEqual(['E2E-2']);
        expect(await page.locator('table tbody tr').first().innerText()).toContain('1 of 2');

        // Not started: E2E-1 and E2E-10, natural order; the header reverses it.
        await choose(page, 'State', 'Not started');
        await expect.poll(() => tourNumbers(page)).toEqual(['E2E-1', 'E2E-10']);
        // Each click waits for the header to show the sort it made: a click before the list has
        // taken the first sort would start from the old one.
        const sortOf = () =>
            page.getByRole('columnheader', { name: 'Tour number' }).getAttribute('aria-sort');
        await page.getByRole('button', { name: 'Tour number' }).click();
        await expect.poll(sortOf).toBe('ascending');
        await expect.poll(() => tourNumbers(page)).toEqual(['E2E-1', 'E2E-10']);
        await page.getByRole('button', { name: 'Tour number' }).click();
        await expect.poll(sortOf).toBe('descending');
        await expect.poll(() => tourNumbers(page)).toEqual(['E2E-10', 'E2E-1']);
        expect(await screenshotAndAxe(page, 'tour-admin-list-1280'), 'axe on the list').toEqual([]);

        await choose(page, 'State', 'On the road');
        await expect.poll(() => tourNumbers(page)).toEqual(['E2E-2']);
        await page.getByRole('cell', { name: 'E2E-2' }).click();
        await page.waitForURL(new RegExp(`/administration/tour-commander/tour/view/${onRoadId}$`));
        await page.getByRole('heading', { level: 1, name: 'Tour E2E-2' }).waitFor();
        const stops = page.getByRole('region', { name: 'Stops' });
        await expect.poll(() => stops.locator('tbody tr').count()).toBe(2);
        expect(await stops.locator('tbody tr').first().innerText()).toContain('Done');
        const jobs = page.getByRole('region', { name: 'Jobs' });
        expect(await jobs.locator('tbody tr').allInnerTexts()).toEqual([
            expect.stringContaining(`e2e-${first.externalDepotId}-E2E-2-1`),
            expect.stringContaining(`e2e-${first.externalDepotId}-E2E-2-2`),
        ]);
        const map = page.getByRole('region', {
            name: 'Map of tour E2E-2: planned and driven path',
        });
        // Land outlines, and the demo's streets once they have loaded: each its own canvas.
        await map.locator('canvas').first().waitFor();
        expect(await page.getByRole('button', { name: 'Zoom in' }).count()).toBe(1);
        await page.getByRole('region', { name: 'Driver app events' }).waitFor();
        expect(await screenshotAndAxe(page, 'tour-admin-view-1280'), 'axe on the tour').toEqual([]);

        // The map takes the focus in the tab order and lets it go again.
        await map.focus();
        await page.keyboard.press('Tab');
        expect(await map.evaluate((element) => element.contains(document.activeElement))).toBe(
            true,
        );
        for (let step = 0; step < 5; step++) await page.keyboard.press('Tab');
        expect(await map.evaluate((element) => element.contains(document.activeElement))).toBe(
            false,
        );

        await page.setViewportSize({ width: 390, height: 844 });
        expect(
            await screenshotAndAxe(page, 'tour-admin-view-390'),
            'axe on the tour at 390 px',
        ).toEqual([]);
        // Nothing wider than the screen but the tables' own scrolling regions.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
            390,
        );
        await page.goto(url('/administration/tour-commander/tour/list'));
        await page.getByRole('heading', { level: 1, name: 'Tours' }).waitFor();
        await page.getByText('E2E-2').first().waitFor();
        expect(
            await screenshotAndAxe(page, 'tour-admin-list-390'),
            'axe on the list at 390 px',
        ).toEqual([]);
        await page.setViewportSize({ width: 1280, height: 900 });

        // No tile source is configured: the map asked nothing of any other host.
        expect(foreign).toEqual([]);
        await signOut(page);
        expect(unexpectedProblems(env.browser.problems)).toEqual([]);
        await closePage(page);
    });

    it('sends a user who is no admin to the error page', async () => {
        const page = await env.browser.newPage();
        await signedOutSignInPage(page);
        const organisationAdmin = demoLoginOf(env.server, 'Organization Admin');
        await signIn(page, organisationAdmin.email, organisationAdmin.password);
        await page.waitForURL((target) => !target.pathname.startsWith('/login'));
        await page.goto(url(`/administration/tour-commander/tour/view/${onRoadId}`));
        await page.waitForURL(/\/error\//);
        await page.getByRole('alert').waitFor();
        expect(pathOf(page)).toMatch(/^\/error\/\w+$/);
        expect(await page.getByText('E2E-2').count()).toBe(0);
        await signOut(page);
        await closePage(page);
    });
});
