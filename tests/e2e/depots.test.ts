import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { depotCsvColumns } from '../../domain/depots.js';
import { depotGroups, depots, tenants, users } from '../../server/db/schema/index.js';
import { LANGUAGE_STORAGE_KEY } from '../../src/i18n/languages.js';
import type { Page } from 'playwright-core';
import { pathOf, signIn, signOut } from './fixtures/app.js';
import { closePage, screenshotAndAxe, unexpectedProblems } from './fixtures/browser.js';
import { setUpE2eEnvironment } from './fixtures/environment.js';

const env = setUpE2eEnvironment();
const { url } = env;

/** The refused upload answers 400 and the duplicate depot number 409, which Chrome logs as failed resource loads. */
const EXPECTED_PROBLEMS = [
    /status of 400/,
    /status of 409/,
    /^HTTP 400 POST \/tenant-admin\/v1\/depots\/upload$/,
    /^HTTP 409 POST \/tenant-admin\/v1\/depots$/,
];

/** The app bar's loading spinner has no accessible name (shell, reported): axe runs once every request has settled. */
async function settled(page: Page): Promise<void> {
    await expect
        .poll(() => page.locator('.MuiCircularProgress-root').count(), { timeout: 15_000 })
        .toBe(0);
}

async function useLanguage(page: Page, language: string): Promise<void> {
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
        LANGUAGE_STORAGE_KEY,
        language,
    ] as const);
    await page.reload();
}

describe('depot management', () => {
    it('an organisation admin uploads a CSV with one bad row, sees it named, fixes it and imports; then creates a depot with the form', async () => {
        const login = env.server.logins.find(
            (candidate) => candidate.role === 'Organization Admin',
        );
        if (!login) throw new Error('no organisation admin in the demo data');
        const db = env.server.db;
        const [admin] = await db
            .select({ tenantId: users.tenantId })
            .from(users)
            .where(eq(users.email, login.email));
        const tenantId = admin?.tenantId;
        if (!tenantId) throw new Error('the organisation admin has no organisation');
        const [region] = await db
            .select()
            .from(depotGroups)
            .where(eq(depotGroups.tenantId, tenantId))
            .orderBy(depotGroups.name);
        if (!region) throw new Error('the organisation has no region');

        const page = await env.browser.newPage();
        await page.goto(url('/login'));
        await signIn(page, login.email, login.password);
        await page.waitForURL((target) => !target.pathname.startsWith('/login'));

        await page.goto(url(`/tenant/${tenantId}/configurations/depots`));
        await page.getByRole('columnheader', { name: 'Depot number' }).waitFor();
        await settled(page);
        expect(await screenshotAndAxe(page, 'depots-list'), 'axe on the depot list').toEqual([]);

        // Upload: the browser names the bad row (row 3: the header is row 1) and offers no import.
        const row = (externalId: string, latitude = '53.55') =>
            [
                tenantId,
                'DE',
                region.id,
                externalId,
                `E2E depot ${externalId}`,
                'Lagerstraße',
                '5',
                '20095',
                'Hamburg',
                latitude,
                '10.01',
                'Europe/Berlin',
                `mdm:E2E-${externalId}`,
            ].join(',');
        const file = (rows: string[]) => ({
            name: 'depots.csv',
            mimeType: 'text/csv',
            buffer: Buffer.from(`${depotCsvColumns.join(',')}\n${rows.join('\n')}\n`),
        });
        // Keyboard only: the upload button opens the dialog, the file button opens the file chooser.
        await page.getByRole('button', { name: 'Upload CSV' }).focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: 'Upload depots from a CSV file' });
        await dialog.waitFor();
        // The dialog takes the focus when it opens; then the file button is reached with Tab.
        await page
            .locator('[role=dialog]:focus, [role=dialog] :focus')
            .first()
            .waitFor({ timeout: 15_000 });
        const chooseButton = dialog.getByRole('button', { name: 'Choose CSV file' });
        for (
            let presses = 0;
            presses < 5 &&
            !(await chooseButton.evaluate((element) => element === document.activeElement));
            presses++
        )
            await page.keyboard.press('Tab');
        expect(await chooseButton.evaluate((element) => element === document.activeElement)).toBe(
            true,
        );
        // Reached by keyboard (above); the native chooser is opened with a click, as headless Chromium does not
        // reliably open it from a synthetic key press.
        const chooserOpened = page.waitForEvent('filechooser', { timeout: 10_000 });
        await chooseButton.click();
        const chooser = await chooserOpened;
        await chooser.setFiles(
            file([
                row('E2E1'),
                row('E2E2', 'north'),
                row('E2E3'),
                row('E2E4').replace(region.id, 'no-such-region'),
            ]),
        );
        await dialog.getByText('4 rows: 2 without problems, 2 with problems.').waitFor();
        await dialog.getByText('Row 3', { exact: true }).waitFor();
        await dialog.getByText('latitude: Enter a number').waitFor();
        // Checked in the browser against the organisation's regions (the server would say the same).
        await dialog
            .getByText(
                `regionId: no-such-region is not a region of ${tenantId} where you may create depots`,
            )
            .waitFor();
        expect(await dialog.getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);
        await settled(page);
        expect(
            await screenshotAndAxe(page, 'depots-upload-bad-row'),
            'axe on the upload dialog',
        ).toEqual([]);

        // The server names rows too (here: a number already stored in the organisation).
        const [stored] = await db
            .select()
            .from(depots)
            .where(eq(depots.tenantId, tenantId))
            .limit(1);
        await dialog
            .locator('input[type=file]')
            .setInputFiles(file([row('E2E1'), row(stored?.externalDepotId ?? '1')]));
        await dialog.getByRole('button', { name: 'Import' }).click();
        await dialog
            .getByText(
                `externalDepotId: Depot number ${stored?.externalDepotId} is already used by another depot of this organisation`,
            )
            .waitFor();
        await dialog.getByText('Row 3', { exact: true }).waitFor();
        await page.screenshot({ path: 'tests/e2e/screenshots/depots-upload-server-refused.png' });
        expect(
            await db
                .select()
                .from(depots)
                .where(and(eq(depots.tenantId, tenantId), eq(depots.externalDepotId, 'E2E1'))),
        ).toHaveLength(0);

        // Fixed: every row imports.
        await dialog
            .locator('input[type=file]')
            .setInputFiles(file([row('E2E1'), row('E2E2'), row('E2E3')]));
        await dialog.getByText('3 rows: 3 without problems, 0 with problems.').waitFor();
        await dialog.getByRole('button', { name: 'Import' }).click();
        await page.getByText('3 depots imported.').waitFor();
        await dialog.waitFor({ state: 'detached' });
        const imported = await db
            .select()
            .from(depots)
            .where(
                and(
                    eq(depots.tenantId, tenantId),
                    inArray(depots.externalDepotId, ['E2E1', 'E2E2', 'E2E3']),
                ),
            );
        expect(imported.map((depot) => depot.externalDepotId).sort()).toEqual([
            'E2E1',
            'E2E2',
            'E2E3',
        ]);

        // The region filter beside the search: only that region's depots remain.
        const regions = await db
            .select()
            .from(depotGroups)
            .where(eq(depotGroups.tenantId, tenantId))
            .orderBy(depotGroups.name);
        const otherRegion = regions.find((candidate) => candidate.id !== region.id);
        await page.getByRole('combobox', { name: 'Region' }).click();
        await page.getByRole('option', { name: region.name, exact: true }).click();
        await page.getByRole('cell', { name: 'E2E1', exact: true }).waitFor();
        if (otherRegion)
            await expect
                .poll(() => page.getByRole('cell', { name: otherRegion.name, exact: true }).count())
                .toBe(0);
        await settled(page);
        expect(
            await screenshotAndAxe(page, 'depots-list-region-filter'),
            'axe on the filtered list',
        ).toEqual([]);
        await page.goto(
            url(`/tenant/${tenantId}/configurations/depots/${imported[0]?.internalDepotId}/show`),
        );
        await page
            .getByText(imported[0]?.name ?? '?', { exact: true })
            .first()
            .waitFor();
        await settled(page);
        expect(await screenshotAndAxe(page, 'depots-show'), 'axe on the depot page').toEqual([]);
        for (const tab of ['Core data', 'Configuration', 'Configuration history'])
            await page.getByRole('tab', { name: tab, exact: true }).waitFor();

        // Create through the form.
        await page.goto(url(`/tenant/${tenantId}/configurations/depots/create`));
        // The organisation's country and time zone are filled in.
        await expect
            .poll(() => page.getByLabel('Country', { exact: true }).inputValue())
            .toBe('DE');
        await expect
            .poll(() => page.getByRole('combobox', { name: 'Time zone' }).inputValue())
            .toBe('Europe/Berlin');
        await page.getByRole('combobox', { name: 'Region' }).click();
        await page.getByRole('option', { name: region.name, exact: true }).click();
        await page.getByLabel('Depot number').fill('E2E9');
        await page.getByLabel('Depot name').fill('E2E form depot');
        await page.getByLabel('Street').fill('Hafenweg');
        await page.getByLabel('House number').fill('12');
        await page.getByLabel('Postal code').fill('20457');
        await page.getByLabel('Town').fill('Hamburg');
        await page.getByLabel('Country', { exact: true }).fill('DE');
        await page.getByLabel('Latitude').fill('53.54');
        await page.getByLabel('Longitude').fill('9.98');
        await page.getByRole('button', { name: 'Add' }).click();
        await page.getByRole('combobox', { name: 'Service' }).click();
        await page.getByRole('option', { name: 'mdm', exact: true }).click();
        await page.getByLabel('Device ID').fill('E2E-FORM-1');
        await settled(page);
        expect(await screenshotAndAxe(page, 'depots-create'), 'axe on the create form').toEqual([]);
        // A number the server knows is taken: named on its field, no alert.
        await page.getByLabel('Depot number').fill('E2E1');
        await page.getByRole('button', { name: 'Save' }).click();
        await page
            .getByText('Depot number E2E1 is already used by another depot of this organisation')
            .waitFor();
        await expect
            .poll(() => page.getByLabel('Depot number').getAttribute('aria-invalid'))
            .toBe('true');
        expect(await page.getByText('The form is not valid. Please check for errors').count()).toBe(
            0,
        );
        await settled(page);
        expect(
            await screenshotAndAxe(page, 'depots-create-server-error'),
            'axe with the server field error',
        ).toEqual([]);
        await page.getByLabel('Depot number').fill('E2E9');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.waitForURL(/\/configurations\/depots\/[^/]+\/show$/);
        const [created] = await db
            .select()
            .from(depots)
            .where(and(eq(depots.tenantId, tenantId), eq(depots.externalDepotId, 'E2E9')));
        expect(created).toMatchObject({
            name: 'E2E form depot',
            groupId: region.id,
            houseNo: '12',
            latitude: 53.54,
            longitude: 9.98,
            deviceMappings: [{ service: 'mdm', id: 'E2E-FORM-1' }],
        });

        // Edit: no delete button (depots are not deleted), the save sends the version.
        await page.getByRole('link', { name: 'Edit' }).click();
        await page.getByLabel('Depot name').waitFor();
        expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
        await page.getByLabel('Depot name').fill('E2E form depot renamed');
        await settled(page);
        expect(await screenshotAndAxe(page, 'depots-edit'), 'axe on the edit form').toEqual([]);
        await page.getByRole('button', { name: 'Save' }).click();
        await page.waitForURL(/\/show$/);
        await expect
            .poll(
                async () =>
                    (
                        await db
                            .select()
                            .from(depots)
                            .where(eq(depots.internalDepotId, created?.internalDepotId ?? ''))
                    )[0]?.version,
            )
            .toBe(2);

        // The list at 390 px.
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(url(`/tenant/${tenantId}/configurations/depots`));
        await page.getByRole('button', { name: 'Upload CSV' }).waitFor();
        await settled(page);
        expect(
            await screenshotAndAxe(page, 'depots-list-390'),
            'axe on the depot list at 390 px',
        ).toEqual([]);
        await page.goto(url(`/tenant/${tenantId}/configurations/depots/create`));
        await page.getByLabel('Depot number').waitFor();
        await settled(page);
        expect(
            await screenshotAndAxe(page, 'depots-create-390'),
            'axe on the create form at 390 px',
        ).toEqual([]);

        // In German: the server's reason for a row is shown in the user's language.
        await page.goto(url(`/tenant/${tenantId}/configurations/depots`));
        await useLanguage(page, 'de');
        await page.getByRole('button', { name: 'CSV hochladen' }).click();
        const german = page.getByRole('dialog', { name: 'Depots aus einer CSV-Datei hochladen' });
        await german.locator('input[type=file]').setInputFiles(file([row('E2E5'), row('E2E1')]));
        await german.getByRole('button', { name: 'Importieren' }).click();
        await german
            .getByText(
                'externalDepotId: Die Depotnummer E2E1 wird bereits von einem anderen Depot dieser Organisation verwendet',
            )
            .waitFor();
        await german.getByText('Zeile 3', { exact: true }).first().waitFor();
        await settled(page);
        expect(
            await screenshotAndAxe(page, 'depots-upload-390-de'),
            'axe on the upload dialog at 390 px in German',
        ).toEqual([]);
        await useLanguage(page, 'en');
        await page.setViewportSize({ width: 1280, height: 900 });
        await signOut(page);

        expect(unexpectedProblems(env.browser.problems, EXPECTED_PROBLEMS)).toEqual([]);
        await closePage(page);
    });
    it('the admin filters the list by organisation and region, and sees an unknown address marked on its fields', async () => {
        const { admin } = env.server;
        const page = await env.browser.newPage();
        await page.goto(url('/login'));
        await signIn(page, admin.email, admin.password);
        await page.waitForURL((target) => !target.pathname.startsWith('/login'));

        await page.goto(url('/administration/configurations/depots'));
        await page.getByRole('columnheader', { name: 'Depot number' }).waitFor();
        await page.getByRole('combobox', { name: 'Organisation' }).click();
        const tenantName = (await page.getByRole('option').allTextContents()).find(Boolean);
        expect(tenantName).toBeTruthy();
        await page.keyboard.press('Escape');
        // Keyboard only: type into the organisation filter and pick with the arrow keys.
        const organisationFilter = page.getByRole('combobox', { name: 'Organisation' });
        await organisationFilter.focus();
        await page.keyboard.press('ArrowDown');
        await page.getByRole('option').first().waitFor();
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
        await expect.poll(() => organisationFilter.inputValue()).toBe(tenantName);
        await page.getByRole('combobox', { name: 'Region' }).click();
        const regionOptions = await page.getByRole('option').allTextContents();
        expect(regionOptions.length).toBeGreaterThan(0);
        await page.getByRole('option').first().click();
        // The region column (the last one) then shows that one region only.
        await expect
            .poll(
                async () =>
                    new Set(await page.locator('tbody tr td:last-child').allTextContents()).size,
            )
            .toBe(1);
        await settled(page);
        expect(
            await screenshotAndAxe(page, 'depots-admin-filters'),
            'axe on the filtered admin list',
        ).toEqual([]);

        // Without a geocoder (this server has none) the coordinates cannot be looked up from the
        // address: the form says so and requires them (issue 13 point 18).
        const [region] = await env.server.db
            .select()
            .from(depotGroups)
            .orderBy(depotGroups.tenantId, depotGroups.name)
            .limit(1);
        const [tenant] = await env.server.db
            .select()
            .from(tenants)
            .where(eq(tenants.id, region?.tenantId ?? ''));
        if (!region || !tenant) throw new Error('no region in the demo data');
        await page.goto(url('/administration/configurations/depots/create'));
        await page.getByRole('combobox', { name: 'Organisation' }).click();
        await page.getByRole('option', { name: tenant.name, exact: true }).click();
        await page.getByRole('combobox', { name: 'Region' }).click();
        await page.getByRole('option', { name: region.name, exact: true }).click();
        await page.getByLabel('Depot number').fill('E2EADDR');
        await page.getByLabel('Depot name').fill('E2E nowhere');
        await page.getByLabel('Street').fill('Nirgendweg');
        await page.getByLabel('Postal code').fill('99999');
        await page.getByLabel('Town').fill('Nirgendwo');
        await expect
            .poll(() => page.getByRole('combobox', { name: 'Time zone' }).inputValue())
            .not.toBe('');
        expect(
            await page
                .getByText(
                    'Required: this installation cannot look up coordinates from an address.',
                )
                .count(),
        ).toBe(1);
        await page.getByRole('button', { name: 'Save' }).click();
        for (const field of ['Latitude', 'Longitude'])
            await expect
                .poll(() => page.getByLabel(field).getAttribute('aria-invalid'), { message: field })
                .toBe('true');
        expect(await page.getByText('Address not found').count()).toBe(0);
        expect(pathOf(page)).toBe('/administration/configurations/depots/create');
        await settled(page);
        expect(
            await screenshotAndAxe(page, 'depots-create-coordinates-required'),
            'axe with the coordinates marked',
        ).toEqual([]);
        await closePage(page);
    });

    it('opens the create form only to users who may create depots: a reader reaching /create by its address is turned away', async () => {
        const login = env.server.logins.find(
            (candidate) => candidate.role === 'Standard Access (Tenant)',
        );
        if (!login) throw new Error('no Standard Access (Tenant) user in the demo data');
        const [reader] = await env.server.db
            .select({ tenantId: users.tenantId })
            .from(users)
            .where(eq(users.email, login.email));
        const tenantId = reader?.tenantId;
        if (!tenantId) throw new Error('the reader has no organisation');
        const page = await env.browser.newPage();
        // The tab may still hold the previous test's session: start signed out.
        await page.goto(url('/login'));
        await page.evaluate(() => {
            for (const key of Object.keys(localStorage))
                if (key.startsWith('CognitoIdentityServiceProvider.')) localStorage.removeItem(key);
        });
        await page.goto(url('/login'));
        await signIn(page, login.email, login.password);
        await page.waitForURL((target) => !target.pathname.startsWith('/login'));

        await page.goto(url(`/tenant/${tenantId}/configurations/depots`));
        await page.getByRole('columnheader', { name: 'Depot number' }).waitFor();
        await settled(page);
        expect(await page.getByRole('link', { name: 'Create' }).count(), 'create link').toBe(0);

        await page.goto(url(`/tenant/${tenantId}/configurations/depots/create`));
        // react-admin refuses the action; the app shows the error page of shell §2.3.
        await page.waitForURL((target) => target.pathname === '/error/noPermission');
        await page.getByText('You are not allowed to open this page.').waitFor();
        await settled(page);
        // The form may render while the permission check runs; then it must be gone.
        await expect
            .poll(() => page.getByRole('button', { name: 'Save' }).count(), {
                message: pathOf(page),
                timeout: 15_000,
            })
            .toBe(0);
        expect(await page.getByLabel('Depot number').count(), pathOf(page)).toBe(0);
        await signOut(page);
        await closePage(page);
    });
});
