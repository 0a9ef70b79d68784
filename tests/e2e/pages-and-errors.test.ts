import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../src/i18n/languages.js';
import { pathOf, signIn, signOut } from './fixtures/app.js';
import { closePage, screenshotAndAxe } from './fixtures/browser.js';
import { setUpE2eEnvironment } from './fixtures/environment.js';
import { demoLoginOf } from './fixtures/server.js';

/**
 * Issue 13, "Pages and errors": an address that is no page, a context without a page the user
 * may use, and an unknown user's profile each say so in words inside the layout, in English and
 * in German.
 */
const env = setUpE2eEnvironment();
const { url } = env;

const loginOf = (role: string) => demoLoginOf(env.server, role);

/**
 * Signs in as `role` with the interface in `language`, runs `check`, signs out. The pages of a
 * file share one browser profile, so the language is set each time and the session ended.
 */
async function asUser(
    role: string,
    language: string,
    check: (page: Page) => Promise<void>,
): Promise<void> {
    const login = loginOf(role);
    const page = await env.browser.newPage();
    await page.goto(url('/login'));
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
        LANGUAGE_STORAGE_KEY,
        'en',
    ] as const);
    await signIn(page, login.email, login.password);
    await page.waitForURL((target) => !target.pathname.startsWith('/login'));
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
        LANGUAGE_STORAGE_KEY,
        language,
    ] as const);
    await page.reload();
    try {
        await check(page);
    } finally {
        await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
            LANGUAGE_STORAGE_KEY,
            'en',
        ] as const);
        await page.reload();
        await signOut(page);
        await closePage(page);
    }
}

describe('pages and errors', () => {
    it('shows "page not found" inside the layout for unknown addresses in every context', async () => {
        await asUser('Admin', 'en', async (page) => {
            const token = await page.evaluate(() => {
                const key = Object.keys(localStorage).find((name) => name.endsWith('.accessToken'));
                return key ? localStorage.getItem(key) : '';
            });
            const answer = await page.request.get(url('/api/distributionCenters'), {
                headers: { authorization: `Bearer ${token}` },
            });
            const depots = (await answer.json()) as {
                tenant: { id: string };
                externalDepotId: string;
            }[];
            const depot = depots[0];
            if (!depot) throw new Error('no depot in the demo data');
            for (const path of [
                '/administration/reports',
                '/administration/no/such/page',
                `/tenant/${depot.tenant.id}/no-such-page`,
                `/depot/${depot.tenant.id}/${depot.externalDepotId}/statistics/no-such-page`,
                '/no/such/page',
            ]) {
                await page.goto(url(path));
                const alert = page.getByRole('alert').filter({ hasText: 'Page not found' });
                await alert.waitFor();
                expect(await alert.textContent()).toContain('There is no page at this address');
                expect(pathOf(page)).toBe(path);
                // Inside the layout: the app bar is there, with a way back.
                expect(await page.getByRole('banner').count()).toBeGreaterThan(0);
                expect(
                    await page.getByRole('link', { name: 'Back to the start page' }).count(),
                ).toBe(1);
            }
            expect(await screenshotAndAxe(page, 'page-not-found'), 'axe').toEqual([]);
        });
        await asUser('Admin', 'de', async (page) => {
            await page.goto(url('/administration/reports'));
            await page.getByRole('alert').filter({ hasText: 'Seite nicht gefunden' }).waitFor();
        });
    });

    it('leads a tracking-only user to a page that says there is nothing to use, not to an empty app', async () => {
        await asUser('ECL Access (Organization)', 'en', async (page) => {
            await page.waitForURL(/\/tenant\/[^/]+$/);
            const notice = page.getByRole('alert');
            await notice.waitFor();
            expect(await notice.textContent()).toBe(
                'No page available' +
                    'Your permissions give you no page to use here. If you need access, ask an administrator of your organisation.',
            );
            await page.getByRole('heading', { level: 1, name: 'No page available' }).waitFor();
        });
        await asUser('ECL Access (Organization)', 'de', async (page) => {
            await page
                .getByRole('alert')
                .filter({ hasText: 'Ihre Berechtigungen geben Ihnen hier keine Seite frei.' })
                .waitFor();
            expect(pathOf(page)).toMatch(/^\/tenant\/[^/]+$/);
        });
    });

    it('sends a context index to the preferred page when the user may use it', async () => {
        await asUser('Admin', 'en', async (page) => {
            await page.goto(url('/administration'));
            await page.waitForURL(/\/administration\/users\/backoffice/);
        });
    });

    it("shows the error alert on an unknown user's profile", async () => {
        await asUser('Organization Admin', 'en', async (page) => {
            await page.goto(url('/users/profile/doesnotexist'));
            await page
                .getByRole('alert')
                .filter({ hasText: 'This user does not exist or is not visible to you.' })
                .waitFor();
            expect(pathOf(page)).toBe('/users/profile/doesnotexist');
        });
        await asUser('Organization Admin', 'de', async (page) => {
            await page.goto(url('/users/profile/doesnotexist'));
            await page
                .getByRole('alert')
                .filter({ hasText: 'existiert nicht oder ist für Sie nicht sichtbar' })
                .waitFor();
        });
    });

    it('sends a user who may not use a page to the error page, without internal codes', async () => {
        for (const [language, message] of [
            ['en', 'You are not allowed to open this page.'],
            ['de', 'Sie dürfen diese Seite nicht öffnen.'],
        ] as const) {
            await asUser('Standard Access (Depot)', language, async (page) => {
                // The depot user lands on their depot.
                await page.waitForURL(/\/depot\/[^/]+\/[^/]+$/);
                const depotPath = pathOf(page);
                await page.goto(url(`${depotPath}/users/backoffice`));
                await page.waitForURL(/\/error\/noPermission$/);
                const alert = page.getByRole('alert');
                await alert.waitFor();
                expect(await alert.textContent()).toContain(message);
                const text = await page.locator('body').innerText();
                expect(text).not.toMatch(/r:bo-user|\bat [a-z]+\.[A-Z]{2}\./);
            });
        }
    });

    it("opens the spec's sub-paths of a depot and an organisation on their tabs", async () => {
        await asUser('Admin', 'en', async (page) => {
            const selectedTab = () =>
                page.getByRole('tab', { selected: true }).first().textContent();
            for (const [list, cases] of [
                [
                    '/administration/configurations/depots',
                    [
                        [
                            'configuration-history',
                            'show/configuration-history',
                            'Configuration history',
                        ],
                        ['configurations', 'show/configuration-history', 'Configuration history'],
                        ['configuration', 'show/configuration', 'Configuration'],
                        ['details', 'show', 'Core data'],
                    ],
                ],
                [
                    '/administration/configurations/organizations',
                    [
                        ['configuration', 'show/configuration', 'Client configuration'],
                        ['configurations', 'show/configurations', 'Configuration history'],
                    ],
                ],
            ] as const) {
                await page.goto(url(list));
                await page.locator('table tbody tr').first().click();
                await page.waitForURL(/\/show$/);
                const record = pathOf(page).replace(/\/show$/, '');
                for (const [subPath, target, tab] of cases) {
                    await page.goto(url(`${record}/${subPath}`));
                    await page.waitForURL((address) => address.pathname === `${record}/${target}`);
                    await expect.poll(selectedTab).toBe(tab);
                }
            }
        });
    });
});
