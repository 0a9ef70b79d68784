import { asc, eq, inArray } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
    depots,
    jobAssignments,
    tenants,
    tours,
    users,
    vehicles,
    vehicleStates,
} from '../../server/db/schema/index.js';
import { driverAppEvents } from '../../server/db/schema/partitioned.js';
import { insertDriverAppEvents } from '../api/helpers/driver-app-events.js';
import { signIn, signOut } from './fixtures/app.js';
import { closePage, screenshotAndAxe, unexpectedProblems } from './fixtures/browser.js';
import { setUpE2eEnvironment } from './fixtures/environment.js';
import { demoLoginOf } from './fixtures/server.js';

/**
 * The organisation's health status page (issue 14 part 7): an organisation admin opens it from
 * the drawer, sees every depot with its times and the warning where data is old, filters to the
 * warnings, and the depot header's health badge leads to the depot's row. The data is written
 * straight into the e2e database, relative to the real clock (the server computes the warning).
 */

const env = setUpE2eEnvironment();
const { url } = env;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** `YYYY-MM-DD` and `HH:MM` of `at` in `timeZone`. */
function wallClock(at: Date, timeZone: string): { date: string; time: string } {
    const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-GB', {
            timeZone,
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            hourCycle: 'h23',
        })
            .formatToParts(at)
            .map((part) => [part.type, part.value]),
    );
    return {
        date: `${parts.year}-${parts.month}-${parts.day}`,
        time: `${parts.hour}:${parts.minute}`,
    };
}

async function freshSignIn(page: Page, email: string, password: string): Promise<void> {
    if (new URL(page.url()).pathname !== '/login') await page.goto(url('/login'));
    await signIn(page, email, password);
    await page.waitForURL((target) => !target.pathname.startsWith('/login'));
}

/** The depot numbers of the table's rows, top to bottom. */
async function depotColumn(page: Page): Promise<string[]> {
    return (await page.locator('table tbody tr td:nth-child(1)').allInnerTexts()).map((text) =>
        text.trim(),
    );
}

/**
 * Two depots of the organisation get data: the first fresh (assignment 3 minutes, scan 2 minutes,
 * position a minute ago, a tour on the road), the second old (its only assignment 50 minutes
 * ago). The organisation's business hours are set around now, so the rule applies.
 */
async function writeData(tenantId: string) {
    const db = env.server.db;
    const rows = await db
        .select()
        .from(depots)
        .where(eq(depots.tenantId, tenantId))
        .orderBy(asc(depots.externalDepotId));
    const [fresh, old] = rows;
    if (!fresh || !old) throw new Error(`${tenantId} has fewer than two depots`);
    const [vehicle] = await db
        .select()
        .from(vehicles)
        .where(eq(vehicles.depotId, fresh.internalDepotId))
        .limit(1);
    if (!vehicle) throw new Error(`depot ${fresh.externalDepotId} has no vehicle`);
    const from = wallClock(minutesAgo(6 * 60), fresh.timeZone).time;
    const to = wallClock(minutesAgo(-6 * 60), fresh.timeZone).time;
    await db
        .update(tenants)
        .set({ businessHoursFrom: from, businessHoursTo: to })
        .where(eq(tenants.id, tenantId));
    const ids = [fresh.internalDepotId, old.internalDepotId];
    await db.delete(jobAssignments).where(inArray(jobAssignments.depotId, ids));
    await db.delete(driverAppEvents).where(inArray(driverAppEvents.depotId, ids));
    const assignment = (depot: typeof fresh, minutes: number) => ({
        id: `e2e-health-${depot.internalDepotId}`,
        tenantId,
        depotId: depot.internalDepotId,
        scopePath: depot.scopePath,
        jobId: `e2e-health-job-${depot.internalDepotId}`,
        assignmentDate: wallClock(new Date(), depot.timeZone).date,
        assignmentKey: 'TOUR',
        assignmentValue: vehicle.number,
        importedAt: minutesAgo(minutes),
    });
    await db.insert(jobAssignments).values([assignment(fresh, 3), assignment(old, 50)]);
    await insertDriverAppEvents(db, [
        {
            tenantId,
            depotId: fresh.internalDepotId,
            scopePath: vehicle.scopePath,
            vehicleId: vehicle.id,
            type: 'SCAN',
            occurredAt: minutesAgo(2),
        },
    ]);
    await db
        .insert(vehicleStates)
        .values({
            vehicleId: vehicle.id,
            tenantId,
            depotId: fresh.internalDepotId,
            scopePath: vehicle.scopePath,
            latitude: fresh.latitude,
            longitude: fresh.longitude,
            positionAt: minutesAgo(1),
            lastEventAt: minutesAgo(1),
            lastEventType: 'POSITION',
        })
        .onConflictDoUpdate({
            target: vehicleStates.vehicleId,
            set: { positionAt: minutesAgo(1), lastEventAt: minutesAgo(1) },
        });
    await db
        .insert(tours)
        .values({
            id: 'e2e-health-tour',
            tenantId,
            depotId: fresh.internalDepotId,
            scopePath: vehicle.scopePath,
            tourDate: wallClock(new Date(), fresh.timeZone).date,
            tourNumber: 'E2E-1',
            vehicleId: vehicle.id,
            state: 'ON_ROAD',
        })
        .onConflictDoNothing();
    return { rows, fresh, old };
}

describe('the health status page', () => {
    it('lists every depot with the warning, filters to warnings, works by keyboard, and the depot badge leads to its row', async () => {
        const login = demoLoginOf(env.server, 'Organization Admin');
        const [user] = await env.server.db
            .select({ tenantId: users.tenantId })
            .from(users)
            .where(eq(users.email, login.email));
        const tenantId = user?.tenantId ?? '';
        const { rows, fresh, old } = await writeData(tenantId);
        const freshLabel = `${fresh.externalDepotId} ${fresh.name}`;
        const oldLabel = `${old.externalDepotId} ${old.name}`;

        const page = await env.browser.newPage();
        await freshSignIn(page, login.email, login.password);
        await page.goto(url(`/tenant/${tenantId}`));
        await page.getByRole('menuitem', { name: 'Health status' }).click();
        await page.waitForURL(new RegExp(`/tenant/${tenantId}/healthStatus$`));
        await page.getByRole('heading', { level: 1, name: 'Health status' }).waitFor();
        await expect.poll(() => page.locator('table tbody tr').count()).toBe(rows.length);
        const freshRow = page.locator('table tbody tr', { hasText: freshLabel });
        const oldRow = page.locator('table tbody tr', { hasText: oldLabel });
        expect(await freshRow.locator('td').nth(1).innerText()).toBe('Up to date');
        // The last scan, 2 minutes ago; the tour on the road.
        expect(await freshRow.locator('td').nth(3).innerText()).toMatch(
            /^\d{1,2}:\d{2}\s+2 min\. ago$/,
        );
        expect(await freshRow.locator('td').nth(8).innerText()).toBe('1');
        expect(await oldRow.locator('td').nth(1).innerText()).toBe('Outdated');
        expect(await oldRow.locator('td').nth(2).innerText()).toMatch(/50 min\. ago$/);
        expect(await screenshotAndAxe(page, 'health-status-1280'), 'axe at 1280 px').toEqual([]);

        // Only the warnings: the fresh depot goes, the old one stays.
        await page.getByRole('switch', { name: 'Only warnings' }).click();
        await expect.poll(() => depotColumn(page)).not.toContain(freshLabel);
        expect(await depotColumn(page)).toContain(oldLabel);

        // By keyboard: the switch again, then sorting by the state column.
        const onlyWarnings = page.getByRole('switch', { name: 'Only warnings' });
        await onlyWarnings.focus();
        await page.keyboard.press('Space');
        await expect.poll(() => page.locator('table tbody tr').count()).toBe(rows.length);
        await page.getByRole('button', { name: 'Status' }).focus();
        await page.keyboard.press('Enter');
        await expect
            .poll(() => page.locator('th[aria-sort]').first().getAttribute('aria-sort'))
            .toBe('ascending');
        await page.keyboard.press('Enter');
        // Descending: the warnings first.
        await expect.poll(async () => (await depotColumn(page))[0]).not.toBe(freshLabel);
        expect((await depotColumn(page)).at(-1)).toBe(freshLabel);

        await page.setViewportSize({ width: 390, height: 844 });
        await page.getByRole('list', { name: 'Data health per depot' }).waitFor();
        expect(await screenshotAndAxe(page, 'health-status-390'), 'axe at 390 px').toEqual([]);
        await page.setViewportSize({ width: 1280, height: 900 });

        // The old depot's header badge (red) leads to its row, scrolled to, focused and highlighted.
        await page.goto(url(`/depot/${tenantId}/${old.externalDepotId}`));
        const badge = page.getByRole('link', { name: /^Depot data health warning/ });
        await badge.waitFor();
        expect(
            await screenshotAndAxe(page, 'health-status-badge'),
            'axe with the badge link',
        ).toEqual([]);
        // Keyboard: the badge is a link in the tab order.
        await badge.focus();
        await page.keyboard.press('Enter');
        await page.waitForURL(
            (target) =>
                target.pathname === `/tenant/${tenantId}/healthStatus` &&
                target.searchParams.get('depot') === old.internalDepotId,
        );
        const anchor = page.locator(`#depot-${old.internalDepotId}`);
        await page.locator(`#depot-${old.internalDepotId}:focus`).waitFor({ timeout: 15_000 });
        expect(await anchor.getAttribute('data-highlighted')).toBe('true');
        expect(await anchor.isVisible()).toBe(true);
        expect(
            await screenshotAndAxe(page, 'health-status-from-badge'),
            'axe with a highlighted row',
        ).toEqual([]);

        await signOut(page);
        expect(unexpectedProblems(env.browser.problems)).toEqual([]);
        await closePage(page);
    });
});
