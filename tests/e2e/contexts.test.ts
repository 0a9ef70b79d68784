import { describe, expect, it } from 'vitest';
import { columnTexts, pathOf, signIn, signOut } from './fixtures/app.js';
import { closePage, screenshotAndAxe, unexpectedProblems } from './fixtures/browser.js';
import { setUpE2eEnvironment } from './fixtures/environment.js';
import { demoLoginOf } from './fixtures/server.js';

const env = setUpE2eEnvironment();
const { url } = env;

const loginOf = (role: string) => demoLoginOf(env.server, role);

describe('contexts, guards and languages', () => {
    it('lets the admin pick a depot, see its summary and open a depot record', async () => {
        const page = await env.browser.newPage();
        await page.goto(url('/login'));
        await signIn(page, env.server.admin.email, env.server.admin.password);
        await page.waitForURL(/\/landing$/);

        await page.getByRole('link', { name: /^Depot/ }).click();
        await page.waitForURL(/\/depot$/);
        await page.getByRole('heading', { level: 1, name: 'Select a depot' }).waitFor();
        expect(
            await page.getByRole('list', { name: 'Select a depot' }).getByRole('link').count(),
        ).toBeGreaterThan(20);
        expect(await screenshotAndAxe(page, 'depot-selection'), 'axe on depot-selection').toEqual(
            [],
        );

        await page.getByLabel('Search depots').fill('berlin');
        const matches = page.getByRole('list', { name: 'Select a depot' }).getByRole('link');
        await expect.poll(() => matches.count()).toBe(1);
        await matches.first().focus();
        await page.keyboard.press('Enter');
        await page.waitForURL(/\/depot\/[^/]+\/8547$/);
        await expect
            .poll(() => page.getByRole('heading', { level: 1 }).textContent())
            .toBe('8547 Depot Berlin');
        expect(await page.getByText('Europe/Berlin').count()).toBe(1);
        expect(await page.getByRole('menuitem', { name: 'Depot overview' }).count()).toBe(1);
        expect(await screenshotAndAxe(page, 'depot-summary'), 'axe on depot-summary').toEqual([]);

        await page.goto(url('/administration/configurations/depots'));
        await page.locator('table tbody tr').first().click();
        await page.waitForURL(/\/administration\/configurations\/depots\/[^/]+\/show$/);
        await page.getByText('Time zone').waitFor();
        expect(await screenshotAndAxe(page, 'depot-show'), 'axe on depot-show').toEqual([]);
        await closePage(page);
    });

    it("lists an organisation's depots only and guards unknown organisations", async () => {
        const page = await env.browser.newPage();
        await page.goto(url('/tenant'));
        const organisation = page.getByRole('link', { name: 'NordPaket Logistik' });
        await organisation.click();
        await page.waitForURL(/\/tenant\/[^/]+\/configurations\/depots/);
        await page.locator('table tbody tr').first().waitFor();
        expect(new Set(await columnTexts(page, 7))).toEqual(new Set(['NordPaket Logistik']));
        expect(await page.getByRole('menuitem', { name: 'Depots' }).count()).toBe(1);

        await page.goto(url('/tenant/no-such-tenant/configurations/depots'));
        await page.waitForURL(/\/error\/noPermission$/);
        await expect
            .poll(() => page.getByRole('alert').textContent())
            .toContain('You are not allowed to open this page.');
        expect(
            await screenshotAndAxe(page, 'error-no-permission'),
            'axe on error-no-permission',
        ).toEqual([]);

        await page.goto(url('/error/somethingElse'));
        await page
            .getByRole('heading')
            .first()
            .waitFor({ state: 'attached' })
            .catch(() => undefined);
        expect(await page.getByRole('alert').count()).toBe(0);
        await closePage(page);
    });

    it('switches the language, with react-admin texts where a package exists', async () => {
        const page = await env.browser.newPage();
        await page.goto(url('/administration/configurations/depots'));
        await page.locator('table tbody tr').first().waitFor();
        await page.getByRole('button', { name: /English/i }).click();
        await page.getByRole('menuitem', { name: 'Français' }).click();
        await expect.poll(() => page.getByText('Lignes par page').count()).toBeGreaterThan(0);
        expect(await page.getByRole('button', { name: /numéro de dépôt/i }).count()).toBe(1);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');

        await page.reload();
        await page.locator('table tbody tr').first().waitFor();
        expect(await page.getByRole('button', { name: /numéro de dépôt/i }).count()).toBe(1);

        await page.getByRole('button', { name: /Français/i }).click();
        await page.getByRole('menuitem', { name: 'English' }).click();
        await expect
            .poll(() => page.getByRole('button', { name: /depot number/i }).count())
            .toBe(1);
        await signOut(page);
        await closePage(page);
    });

    it('sends a user with a single context straight into it', async () => {
        const organisationAdmin = loginOf('Organization Admin');
        const page = await env.browser.newPage();
        await page.goto(url('/login'));
        await signIn(page, organisationAdmin.email, organisationAdmin.password);
        await page.waitForURL(/\/landing$/);
        await expect
            .poll(() => page.getByRole('link', { name: /^(Organisation|Depot)/ }).count())
            .toBe(2);
        await signOut(page);

        const depotUser = loginOf('Standard Access (Depot)');
        await signIn(page, depotUser.email, depotUser.password);
        await page.waitForURL(/\/depot(\/|$)/);
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(pathOf(page)).toMatch(/^\/depot/);
        expect(await screenshotAndAxe(page, 'depot-user'), 'axe on depot-user').toEqual([]);
        await signOut(page);

        expect(unexpectedProblems(env.browser.problems)).toEqual([]);
        await closePage(page);
    });
});
