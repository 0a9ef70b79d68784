import { and, desc, eq, lt } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { depots, permissionAssignments, tours, users } from '../../server/db/schema/index.js';
import { backfillHistory } from '../../server/demo/simulation/backfill.js';
import { demoDepots } from '../../server/demo/simulation/live.js';
import { signIn } from './fixtures/app.js';
import { setUpE2eEnvironment } from './fixtures/environment.js';
import { demoLoginOf } from './fixtures/server.js';

/**
 * Issue 16: the demo depot manager analyses the days before today: usage & analysis of a day
 * with a tour's recommendations and location history, tour performance with its Excel file and a
 * tour number's days, the driven history with its replay and the tour analysis, and the tracking
 * dashboard; the same pages at 390 px; a depot user without r:tour-perf and without the full
 * activity rights sees neither. Two weeks of history of the manager's depot are written through
 * the demo's bulk backfill first.
 */
const env = setUpE2eEnvironment();
const { url } = env;

let base = '';
let day = '';

beforeAll(async () => {
    const { db } = env.server;
    const login = demoLoginOf(env.server, 'Standard Access (Depot)');
    const [grant] = await db
        .select({ path: permissionAssignments.scopePath })
        .from(permissionAssignments)
        .innerJoin(users, eq(users.id, permissionAssignments.userId))
        .where(eq(users.email, login.email));
    const depotId = grant?.path.split('.')[3] ?? '';
    const [depot] = await db.select().from(depots).where(eq(depots.internalDepotId, depotId));
    if (!depot) throw new Error(`no depot for ${login.email}`);
    base = `/depot/${depot.tenantId}/${depot.externalDepotId}`;
    // The demo's ECL Access (Depot) user gets the same depot, to compare what it may use.
    const ecl = demoLoginOf(env.server, 'ECL Access (Depot)');
    const [eclUser] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, ecl.email));
    await db.insert(permissionAssignments).values({
        id: 'e2e-analytics-ecl',
        userId: eclUser?.id ?? '',
        roleId: 'role-ecl-depot',
        scopePath: grant?.path ?? '',
        tenantId: depot.tenantId,
    });
    await backfillHistory(db, {
        depots: (await demoDepots(db)).filter((row) => row.internalDepotId === depotId),
        seed: 'e2e-analytics',
        today: new Date(),
        detail: {
            depth: { weeks: 2, waypointDays: 14, positionDays: 3, jobDays: 2, eventDays: 2 },
            byTenant: {},
        },
        worker: false,
    });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: depot.timeZone }).format(new Date());
    const [latest] = await db
        .select({ date: tours.tourDate })
        .from(tours)
        .where(and(eq(tours.depotId, depotId), lt(tours.tourDate, today)))
        .orderBy(desc(tours.tourDate))
        .limit(1);
    day = latest?.date ?? '';
    if (!day) throw new Error('the backfill wrote no day');
}, 300_000);

/** Opens `path` signed in as `role` (leaving any stored session first). */
async function openAs(page: Page, role: string, path: string) {
    const login = demoLoginOf(env.server, role);
    await page.goto(url('/login'));
    await page.evaluate(() => {
        for (const name of Object.keys(localStorage))
            if (name.startsWith('CognitoIdentityServiceProvider.')) localStorage.removeItem(name);
    });
    await page.goto(url(path));
    await signIn(page, login.email, login.password);
}

const rows = (page: Page) => page.locator('table tbody tr, ul[aria-label] > li');

describe('the analysis screens of a depot', () => {
    it('shows usage & analysis of a day, with a tour’s recommendations and location history', async () => {
        const page = await env.browser.newPage();
        await openAs(page, 'Standard Access (Depot)', `${base}/statistics/activities/${day}`);
        await page.getByRole('heading', { name: 'Usage & analysis', level: 1 }).waitFor();
        await rows(page).first().waitFor();
        expect(await rows(page).count()).toBeGreaterThan(3);
        // The full view: app usage, RTT and recommendations are columns.
        for (const column of ['App usage', 'RTT category', 'Recommendations'])
            await page.getByRole('columnheader', { name: column }).first().waitFor();
        await env.checkPage(page, 'analytics-activities');

        await rows(page).first().click();
        const panel = page.getByRole('dialog');
        await panel.getByText('The day in figures').waitFor();
        await panel.getByText('Location history').waitFor();
        await panel.locator('.leaflet-container').waitFor();
        await env.checkPage(page, 'analytics-activities-tour');
        await page.keyboard.press('Escape');
        await panel.waitFor({ state: 'hidden' });
    });

    it('shows tour performance with its files, a tour number’s days and a day’s driven history', async () => {
        const page = await env.browser.newPage();
        await openAs(page, 'Standard Access (Depot)', `${base}/statistics/activities/${day}`);
        await page.getByRole('menuitem', { name: 'Tour performance' }).click();
        await page.getByRole('heading', { name: 'Tour performance', level: 1 }).waitFor();
        await rows(page).first().waitFor();
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: 'Download Excel' }).click();
        expect((await download).suggestedFilename()).toMatch(/^tour-performance-.+_.+\.xlsx$/);
        await env.checkPage(page, 'analytics-tour-performance');

        // A tour number's days, and one day's driven history.
        await rows(page).first().click();
        await page.waitForURL(/\/tour-performance\/details\//);
        // The list stays on screen while the details page's code loads: wait for its own table.
        await page.getByRole('table', { name: 'Days of the tour' }).waitFor();
        const days = page.getByRole('table', { name: 'Days of the tour' }).locator('tbody tr');
        await days.first().click();
        await page.waitForURL(/\/tour-performance\/history\/v2\//);
        await page.getByRole('tab', { name: 'Driven history' }).waitFor();
        await page.locator('.leaflet-container').first().waitFor();
        const slider = page.getByRole('slider').first();
        await slider.focus();
        await page.keyboard.press('End');
        await env.checkPage(page, 'analytics-driven-history');

        await page.getByRole('tab', { name: 'Tour analysis' }).click();
        await page.getByRole('checkbox', { name: 'Planned order' }).waitFor();
        await env.checkPage(page, 'analytics-tour-analysis');
    });

    it('shows the tracking dashboard with 15 weeks, the trend and the Blocked tours', async () => {
        const page = await env.browser.newPage();
        await openAs(page, 'Standard Access (Depot)', `${base}/betterTracking`);
        await page.getByRole('heading', { name: 'Tracking dashboard', level: 1 }).waitFor();
        await page.getByText('Tours per week by RTT category').waitFor();
        await page.locator('.recharts-wrapper').first().waitFor();
        await page.getByText('Last 2 working days').waitFor();
        await env.checkPage(page, 'analytics-tracking-dashboard');
    });

    it('works at 390 px wide', async () => {
        const page = await env.browser.newPage();
        await page.setViewportSize({ width: 390, height: 844 });
        for (const [path, heading] of [
            [`${base}/statistics/activities/${day}`, 'Usage & analysis'],
            [`${base}/tour-performance`, 'Tour performance'],
            [`${base}/betterTracking`, 'Tracking dashboard'],
        ] as const) {
            if (heading === 'Usage & analysis') await openAs(page, 'Standard Access (Depot)', path);
            else await page.goto(url(path));
            await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
            await page.waitForLoadState('networkidle');
            expect(
                await page.evaluate(() => document.documentElement.scrollWidth),
                `${heading} at 390 px`,
            ).toBeLessThanOrEqual(390);
            await env.checkPage(page, `analytics-390-${heading.replaceAll(' ', '-')}`);
        }
    });

    it('hides what a depot user without the rights may not use, and refuses it by address', async () => {
        // ECL Access (Depot): r:tour-activity and r:rtt, r:rtt-dashboard; not r:tour-perf, not the
        // full activity view nor the recommendations.
        const page = await env.browser.newPage();
        await openAs(page, 'ECL Access (Depot)', `${base}/statistics/activities/${day}`);
        await page.getByRole('heading', { name: 'Usage & analysis', level: 1 }).waitFor();
        await rows(page).first().waitFor();
        await page.getByRole('columnheader', { name: 'RTT category' }).first().waitFor();
        expect(await page.getByRole('columnheader', { name: 'Recommendations' }).count()).toBe(0);
        await page.getByRole('menuitem', { name: 'Tracking dashboard' }).waitFor();
        expect(await page.getByRole('menuitem', { name: 'Tour performance' }).count()).toBe(0);
        await page.goto(url(`${base}/tour-performance`));
        await page.waitForURL(/\/error\//);
    });
});
