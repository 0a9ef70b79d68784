import { describe, expect, it } from 'vitest';
import { columnTexts, pathOf, signIn, signOut } from './fixtures/app.js';
import {
    closePage,
    screenshotAndAxe,
    SCREENSHOTS_DIR,
    unexpectedProblems,
} from './fixtures/browser.js';
import { gzipSizeOf, recordScripts } from './fixtures/bundle.js';
import { IDENTITY_REFUSALS, setUpE2eEnvironment } from './fixtures/environment.js';

/** Performance budget: gzipped JS before the sign-in form is usable (ARCHITECTURE.md). */
const SIGN_IN_JS_BUDGET_BYTES = 230 * 1024;
const env = setUpE2eEnvironment();
const { url } = env;

describe('sign-in and the first pages', () => {
    it('sends a cold visit of / to /login with one client-side redirect, within the JS budget', async () => {
        const page = await env.browser.newPage();
        const scripts = recordScripts(page);
        const navigations: string[] = [];
        page.on(
            'framenavigated',
            (frame) => frame === page.mainFrame() && navigations.push(frame.url()),
        );
        const response = await page.goto(url('/'));
        expect(response?.status()).toBe(200);
        // The server's page, with the injected configuration (not a raw build file).
        expect(await page.locator('script#app-config').count()).toBe(1);
        await expect
            .poll(() => page.getByRole('button', { name: 'Sign in' }).isEnabled())
            .toBe(true);
        expect(pathOf(page)).toBe('/login');
        expect(navigations.map((visited) => new URL(visited).pathname)).toEqual(['/', '/login']);

        const jsBytes = gzipSizeOf(scripts);
        console.warn(
            `JS before the sign-in form is usable: ${scripts.size} files, ${(jsBytes / 1024).toFixed(1)} KB gzip`,
        );
        expect(jsBytes).toBeLessThanOrEqual(SIGN_IN_JS_BUDGET_BYTES);
        expect(
            [...scripts].some((path) => /\/App-/.test(path)),
            'the app chunk is not loaded for the sign-in page',
        ).toBe(false);

        expect(await screenshotAndAxe(page, 'login'), 'axe on login').toEqual([]);
        await page.waitForTimeout(500);
        expect(pathOf(page)).toBe('/login');
        await closePage(page);
    });

    it('shows an error text for a wrong password', async () => {
        const page = await env.browser.newPage();
        await page.goto(url('/login'));
        await signIn(page, env.server.admin.email, 'wrong-password-1A!');
        await expect
            .poll(() => page.getByRole('alert').textContent())
            .toContain('Incorrect e-mail address or password.');
        expect(pathOf(page)).toBe('/login');
        await page.screenshot({ path: `${SCREENSHOTS_DIR}/login-wrong-password.png` });
        await closePage(page);
    });

    it('signs in with the keyboard only', async () => {
        const page = await env.browser.newPage();
        await page.goto(url('/login'));
        // A locator, not a polled page.evaluate: an evaluate that never answers has no time limit.
        await page.locator('input[type="email"]:focus').waitFor({ timeout: 15_000 });
        await page.keyboard.type(env.server.admin.email);
        await page.keyboard.press('Tab');
        await page.keyboard.type(env.server.admin.password);
        await page.keyboard.press('Enter');
        await page.waitForURL(/\/landing$/);
        await signOut(page);
        await closePage(page);
    });

    it('signs in as the admin, opens the depot list, sorts, pages and signs out', async () => {
        const page = await env.browser.newPage();
        await page.goto(url('/administration/configurations/depots'));
        await page.waitForURL(/\/login$/);
        await signIn(page, env.server.admin.email, env.server.admin.password);
        // The intended route was kept for after the sign-in.
        await page.waitForURL(/\/administration\/configurations\/depots/);

        await page.goto(url('/landing'));
        await expect
            .poll(() => page.getByRole('heading', { level: 1 }).textContent())
            .toMatch(/^Hello \S+/);
        for (const name of ['Administration', 'Organisation', 'Depot'])
            await expect
                .poll(() => page.getByRole('link', { name: new RegExp(`^${name}`) }).count())
                .toBe(1);
        expect(await screenshotAndAxe(page, 'landing'), 'axe on landing').toEqual([]);

        // The administration opens on its back-office users (shell §2.5).
        await page.getByRole('link', { name: /^Administration/ }).click();
        await page.waitForURL(/\/administration\/users\/backoffice/);
        await page.goto(url('/administration/configurations/depots'));
        await page.waitForURL(/\/administration\/configurations\/depots/);
        await page.locator('table tbody tr').first().waitFor();
        expect(await screenshotAndAxe(page, 'depot-list'), 'axe on depot-list').toEqual([]);

        const ascending = await columnTexts(page, 1);
        expect(ascending.length).toBeGreaterThan(1);
        await page.getByRole('button', { name: /^Depot number/ }).click();
        await expect.poll(() => columnTexts(page, 1)).not.toEqual(ascending);
        const descending = await columnTexts(page, 1);
        expect(
            descending[0]?.localeCompare(descending.at(-1) ?? '', undefined, { numeric: true }),
        ).toBeGreaterThanOrEqual(0);
        // The sort is kept in the URL (shell §4) and survives a reload.
        const sortParams = () =>
            Object.fromEntries(
                ['depots_sort_by', 'depots_sort_desc'].map((key) => [
                    key,
                    new URL(page.url()).searchParams.get(key),
                ]),
            );
        expect(sortParams()).toEqual({
            depots_sort_by: 'externalDepotId',
            depots_sort_desc: 'true',
        });
        await page.reload();
        await page.locator('table tbody tr').first().waitFor();
        await expect.poll(() => columnTexts(page, 1)).toEqual(descending);
        expect(
            await page
                .getByRole('columnheader', { name: /^Depot number/ })
                .getAttribute('aria-sort'),
        ).toBe('descending');

        // 25 rows a page (shell §9); the demo's 27 depots make two pages.
        expect(descending).toHaveLength(25);
        await page.getByRole('button', { name: 'Go to page 2' }).click();
        await expect.poll(() => page.locator('table tbody tr').count()).toBe(2);

        await signOut(page);
        expect(unexpectedProblems(env.browser.problems, IDENTITY_REFUSALS)).toEqual([]);
        await closePage(page);
    });
});
