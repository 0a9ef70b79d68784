import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { AppContext } from '../../domain/enums.js';
import { tenantNavigationRules, type NavigationRuleInput } from '../../domain/navigationRules.js';
import { contextsOf } from '../../domain/permissions.js';
import type { DistributionCenter } from '../../domain/contracts/scopes.js';
import type { UserProfile } from '../../domain/contracts/profile.js';
import { depots, jobAssignments, tenants, vehicles } from '../../server/db/schema/index.js';
import { driverAppEvents } from '../../server/db/schema/partitioned.js';
import { insertDriverAppEvents } from '../api/helpers/driver-app-events.js';
import { signIn, signOut } from './fixtures/app.js';
import { closePage, screenshotAndAxe, unexpectedProblems } from './fixtures/browser.js';
import { setUpE2eEnvironment } from './fixtures/environment.js';
import { visibleEntries } from '../../src/layout/navigation.js';
import { navigationEntries } from '../../src/layout/navigationEntries.js';

const ROUTE_PLANNER_URL = 'https://planner.example.com/';
const env = setUpE2eEnvironment({
    HELP_CENTER_URL: 'https://help.example.com/{lang}/',
    ROUTE_PLANNER_URL,
});

const english = JSON.parse(readFileSync('locales/en.json', 'utf8')) as Record<string, unknown>;
const englishText = (key: string): string => {
    const text = key
        .split('.')
        .reduce<unknown>(
            (node, part) =>
                node && typeof node === 'object'
                    ? (node as Record<string, unknown>)[part]
                    : undefined,
            english,
        );
    if (typeof text !== 'string') throw new Error(`no English text for ${key}`);
    return text;
};

/** The drawer items a user should see: every declared entry whose rule passes (shell §2.9, §6), in the drawer's order. */
const expectedMenu = (context: AppContext, input: NavigationRuleInput): string[] =>
    visibleEntries(navigationEntries, context, {
        ...input,
        links: { routePlannerUrl: ROUTE_PLANNER_URL },
    }).map((entry) => englishText(entry.textKey));
const { url } = env;

/** Extra-small, medium (below the md breakpoint: overlay drawer), large, extra-large. */
const widths = [390, 800, 1280, 1920] as const;

/** A back-office call made with the page's own session (Amplify keeps the access token in localStorage). */
async function apiGet<T>(page: Page, path: string): Promise<T> {
    return page.evaluate(async (target) => {
        const key = Object.keys(localStorage).find(
            (name) =>
                name.startsWith('CognitoIdentityServiceProvider.') && name.endsWith('.accessToken'),
        );
        const token = key ? localStorage.getItem(key) : null;
        const response = await fetch(target, {
            headers: { authorization: `Bearer ${token ?? ''}` },
        });
        return (await response.json()) as T;
    }, path) as Promise<T>;
}

/** Signs in from the sign-in page (every test signs out at its end). */
async function freshSignIn(page: Page, email: string, password: string): Promise<void> {
    // After a sign-out the page is on /login already (navigating again would abort the app's own).
    if (new URL(page.url()).pathname !== '/login') await page.goto(url('/login'));
    await signIn(page, email, password);
    await page.waitForURL((target) => !target.pathname.startsWith('/login'));
}

/** The names of the drawer's items, top to bottom. */
async function menuItems(page: Page): Promise<string[]> {
    // Wide screens: the only menu items on the page are the drawer's (header menus are closed).
    const items = page.getByRole('menuitem');
    await items.first().waitFor();
    return (await items.allInnerTexts()).map((text) => text.trim());
}

async function berlinDepot(page: Page): Promise<DistributionCenter> {
    const centers = await apiGet<DistributionCenter[]>(page, '/api/distributionCenters');
    const depot = centers.find((center) => center.externalDepotId === '8547');
    if (!depot) throw new Error('demo depot 8547 missing');
    return depot;
}

describe('the application shell at four widths', () => {
    it('shows landing, a depot page and the profile at each width, with the drawer of that width', async () => {
        const page = await env.browser.newPage();
        await freshSignIn(page, env.server.admin.email, env.server.admin.password);
        const depot = await berlinDepot(page);
        const depotPath = `/depot/${depot.tenant.id}/${depot.externalDepotId}`;

        for (const width of widths) {
            await page.setViewportSize({ width, height: 900 });
            await page.goto(url('/landing'));
            await expect
                .poll(() => page.getByRole('heading', { level: 1 }).textContent())
                .toMatch(/^Hello \S+/);
            // No context selector on landing (shell §2.1).
            expect(await page.getByRole('group', { name: 'Work area' }).count()).toBe(0);
            expect(
                await screenshotAndAxe(page, `shell-landing-${width}`),
                `axe on landing at ${width}`,
            ).toEqual([]);

            await page.goto(url(depotPath));
            await expect
                .poll(() => page.getByRole('heading', { level: 1 }).textContent())
                .toBe('8547 Depot Berlin');
            const overview = page.getByRole('menuitem', { name: 'Depot overview' });
            if (width >= 1200) {
                // Expanded drawer with group headers.
                await overview.waitFor();
                expect(await page.getByText('Route planning').isVisible()).toBe(true);
                expect(await page.getByRole('group', { name: 'Work area' }).isVisible()).toBe(true);
            } else {
                // Below md the drawer is an overlay that starts hidden; the header's toggle opens it.
                expect(await overview.isVisible()).toBe(false);
                await page.getByRole('button', { name: /Open menu/i }).click();
                await overview.waitFor();
                await page.keyboard.press('Escape');
                await expect.poll(() => overview.isVisible()).toBe(false);
                // The context selector is a dropdown on small screens.
                expect(
                    await page.getByRole('button', { name: /^Work area: Depot/ }).isVisible(),
                ).toBe(true);
            }
            expect(
                await screenshotAndAxe(page, `shell-depot-${width}`),
                `axe on the depot page at ${width}`,
            ).toEqual([]);

            await page.goto(url('/my/profile'));
            await page.getByTestId('settings-preview').waitFor();
            expect(
                await screenshotAndAxe(page, `shell-profile-${width}`),
                `axe on the profile at ${width}`,
            ).toEqual([]);
        }
        await page.setViewportSize({ width: 1280, height: 900 });
        await signOut(page);
        expect(unexpectedProblems(env.browser.problems)).toEqual([]);
        await closePage(page);
    });

    it('switches contexts with the selection dialogs, on a wide and a small screen', async () => {
        const page = await env.browser.newPage();
        await freshSignIn(page, env.server.admin.email, env.server.admin.password);

        await page.goto(url('/administration/configurations/depots'));
        await page.locator('table tbody tr').first().waitFor();
        // Depot context with no depot selected yet: the depot selection dialog.
        await page
            .getByRole('group', { name: 'Work area' })
            .getByRole('button', { name: 'Depot' })
            .click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        await dialog.getByLabel('Search depots').fill('berlin');
        await dialog.getByRole('link', { name: /8547/ }).click();
        await page.waitForURL(/\/depot\/[^/]+\/8547$/);
        await expect
            .poll(() => page.getByRole('heading', { level: 1 }).textContent())
            .toBe('8547 Depot Berlin');

        // Organisation context: the tenant selection dialog, ordered by name.
        await page
            .getByRole('group', { name: 'Work area' })
            .getByRole('button', { name: 'Organisation' })
            .click();
        const tenantDialog = page.getByRole('dialog');
        await tenantDialog.waitFor();
        const names = (await tenantDialog.getByRole('link').allInnerTexts()).map(
            (text) => text.trim().split('\n')[0] ?? '',
        );
        expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
        await tenantDialog.getByRole('link', { name: /NordPaket/ }).click();
        await page.waitForURL(/\/tenant\/[^/]+/);

        // Small screen: the selector is a dropdown menu.
        await page.setViewportSize({ width: 390, height: 800 });
        await page.getByRole('button', { name: /^Work area:/ }).click();
        await page.getByRole('menuitem', { name: 'Administration' }).click();
        await page.waitForURL(/\/administration/);
        await page.setViewportSize({ width: 1280, height: 900 });
        await signOut(page);
        await closePage(page);
    });

    it('shows every demo role exactly the menu items of its features', async () => {
        const page = await env.browser.newPage();
        const checked: string[] = [];
        for (const login of env.server.logins) {
            await freshSignIn(page, login.email, login.password);
            const profile = await apiGet<UserProfile>(page, '/api/users/me');
            const contexts = contextsOf(profile.actions);

            if (contexts.includes('admin')) {
                await page.goto(url('/administration/configurations/depots'));
                expect(await menuItems(page), `${login.role}: admin menu`).toEqual(
                    // The e2e server is no production installation: admins have the mail outbox.
                    expectedMenu('admin', { actions: profile.actions, mailViewer: true }),
                );
            }
            if (contexts.includes('depot')) {
                const centers = await apiGet<DistributionCenter[]>(
                    page,
                    '/api/distributionCenters',
                );
                const first = centers[0];
                if (first) {
                    await page.goto(url(`/depot/${first.tenant.id}/${first.externalDepotId}`));
                    const input: NavigationRuleInput = {
                        actions: profile.actions,
                        path: first.path,
                        manualJobUploadEnabled: first.manualJobUploadEnabled,
                        largeScreen: true,
                    };
                    expect(await menuItems(page), `${login.role}: depot menu`).toEqual(
                        expectedMenu('depot', input),
                    );
                }
            }
            if (contexts.includes('tenant')) {
                const tenant = profile.tenants[0];
                if (
                    tenant &&
                    tenantNavigationRules.depotAdministration({
                        actions: profile.actions,
                        path: tenant.id,
                    })
                ) {
                    await page.goto(url(`/tenant/${tenant.id}/configurations/depots`));
                    expect(await menuItems(page), `${login.role}: tenant menu`).toEqual(
                        expectedMenu('tenant', { actions: profile.actions, path: tenant.id }),
                    );
                }
            }
            checked.push(login.role);
            await signOut(page);
        }
        expect(checked.length).toBe(env.server.logins.length);
        await closePage(page);
    });

    it('turns the depot health badge green with fresh data and red with data 30 minutes old', async () => {
        const db = env.server.db;
        const [depot] = await db.select().from(depots).where(eq(depots.externalDepotId, '8547'));
        if (!depot) throw new Error('demo depot 8547 missing');
        const [vehicle] = await db
            .select()
            .from(vehicles)
            .where(sql`${vehicles.scopePath} like ${`${depot.scopePath}%`}`)
            .limit(1);
        await db
            .update(tenants)
            .set({ businessHoursFrom: '06:00', businessHoursTo: '21:00' })
            .where(eq(tenants.id, depot.tenantId));
        // The browser's clock is fixed at 12:00 in the depot's zone today, inside business hours.
        const today = new Intl.DateTimeFormat('en-CA', {
            timeZone: depot.timeZone,
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
        }).format(new Date());
        const noon = new Date(`${today}T12:00:00Z`);
        const offsetMinutes =
            (Number(
                new Intl.DateTimeFormat('en-GB', {
                    timeZone: depot.timeZone,
                    hour: '2-digit',
                    hourCycle: 'h23',
                }).format(noon),
            ) -
                12) *
            60;
        const localNoon = new Date(noon.getTime() - offsetMinutes * 60_000);
        const minutesBefore = (minutes: number) => new Date(localNoon.getTime() - minutes * 60_000);
        const writeData = async (assignmentAge: number, scanAge: number) => {
            await db
                .delete(jobAssignments)
                .where(eq(jobAssignments.depotId, depot.internalDepotId));
            await db
                .delete(driverAppEvents)
                .where(eq(driverAppEvents.depotId, depot.internalDepotId));
            await db.insert(jobAssignments).values({
                id: `e2e-assignment-${assignmentAge}`,
                tenantId: depot.tenantId,
                depotId: depot.internalDepotId,
                scopePath: depot.scopePath,
                jobId: 'e2e-job',
                assignmentDate: today,
                assignmentKey: 'VEHICLE',
                assignmentValue: vehicle?.id ?? 'V-1',
                importedAt: minutesBefore(assignmentAge),
            });
            await insertDriverAppEvents(db, [
                {
                    eventId: `e2e-scan-${scanAge}`,
                    tenantId: depot.tenantId,
                    depotId: depot.internalDepotId,
                    scopePath: vehicle?.scopePath ?? depot.scopePath,
                    vehicleId: vehicle?.id ?? null,
                    type: 'SCAN',
                    occurredAt: minutesBefore(scanAge),
                },
            ]);
        };

        const page = await env.browser.newPage();
        await page.clock.setFixedTime(localNoon);
        await freshSignIn(page, env.server.admin.email, env.server.admin.password);
        const depotPath = `/depot/${depot.tenantId}/8547`;

        await writeData(6, 3);
        await page.goto(url(`${depotPath}`));
        const badge = page.getByRole('status', { name: /^Depot data health/ });
        await expect
            .poll(() => badge.getAttribute('aria-label'))
            .toBe('Depot data health: last assignment 11:54, last scan 11:57');
        expect(
            await screenshotAndAxe(page, 'shell-health-green'),
            'axe with the green badge',
        ).toEqual([]);

        await writeData(50, 31);
        await page.reload();
        await expect
            .poll(() => badge.getAttribute('aria-label'))
            .toMatch(/^Depot data health warning: .*Last assignment 11:10, last scan 11:29$/);
        expect(await badge.getByText('Outdated').isVisible()).toBe(true);
        expect(await screenshotAndAxe(page, 'shell-health-red'), 'axe with the red badge').toEqual(
            [],
        );

        // Not on the profile page (shell §2.1).
        await page.goto(url('/my/profile'));
        await page.getByTestId('settings-preview').waitFor();
        expect(await page.getByRole('status', { name: /^Depot data health/ }).count()).toBe(0);
        await signOut(page);
        await closePage(page);
    });

    it('saves settings at once and formats a date and a weight with them; switches to German and back', async () => {
        const page = await env.browser.newPage();
        await freshSignIn(page, env.server.admin.email, env.server.admin.password);
        await page.goto(url('/my/profile'));
        const preview = page.getByTestId('settings-preview');
        await expect.poll(() => preview.textContent()).toContain('2026-11-21');
        expect(await preview.textContent()).toContain('kg');

        await page.getByRole('radio', { name: /^Day\.month\.year/ }).check();
        await expect.poll(() => preview.textContent()).toContain('21.11.2026');
        await page.getByRole('radio', { name: /^Pounds/ }).check();
        await expect.poll(() => preview.textContent()).toMatch(/\d lb/);
        await page.reload();
        await expect.poll(() => preview.textContent()).toContain('21.11.2026');
        expect(await preview.textContent()).toMatch(/\d lb/);
        const saved = await apiGet<UserProfile>(page, '/api/users/me');
        expect(saved.settings).toMatchObject({
            dateFormat: 'DATE_L_PERIOD',
            weightFormat: 'WEIGHT_IMPERIAL',
        });

        await page.getByRole('button', { name: /English/ }).click();
        await page.getByRole('menuitem', { name: 'Deutsch' }).click();
        await page.locator('html[lang="de"]').waitFor({ state: 'attached', timeout: 15_000 });
        await expect.poll(() => page.getByText('Mein Profil').count()).toBeGreaterThan(0);
        await page.getByRole('button', { name: /Deutsch/ }).click();
        await page.getByRole('menuitem', { name: 'English' }).click();
        await expect.poll(() => page.getByText('My profile').count()).toBeGreaterThan(0);
        await signOut(page);
        await closePage(page);
    });
});
