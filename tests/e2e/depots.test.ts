import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { depotCsvColumns } from '../../domain/depots.js';
import { depotGroups, depots, users } from '../../server/db/schema/index.js';
import { signIn } from './fixtures/app.js';
import { screenshotAndAxe, unexpectedProblems } from './fixtures/browser.js';
import { setUpE2eEnvironment } from './fixtures/environment.js';

const env = setUpE2eEnvironment();
const { url } = env;

/** The refused upload answers 400, which Chrome logs as a failed resource load. */
const EXPECTED_PROBLEMS = [/status of 400/, /^HTTP 400 POST \/tenant-admin\/v1\/depots\/upload$/];

describe('depot management', () => {
    it('an organisation admin uploads a CSV with one bad row, sees it named, fixes it and imports; then creates a depot with the form', async () => {
        const login = env.server.logins.find((candidate) => candidate.role === 'Organization Admin');
        if (!login) throw new Error('no organisation admin in the demo data');
        const db = env.server.db;
        const [admin] = await db.select({ tenantId: users.tenantId }).from(users).where(eq(users.email, login.email));
        const tenantId = admin?.tenantId;
        if (!tenantId) throw new Error('the organisation admin has no organisation');
        const [region] = await db.select().from(depotGroups).where(eq(depotGroups.tenantId, tenantId)).orderBy(depotGroups.name);
        if (!region) throw new Error('the organisation has no region');

        const page = await env.browser.newPage();
        await page.goto(url('/login'));
        await signIn(page, login.email, login.password);
        await page.waitForURL((target) => !target.pathname.startsWith('/login'));

        await page.goto(url(`/tenant/${tenantId}/configurations/depots`));
        await page.getByRole('columnheader', { name: 'Depot number' }).waitFor();
        expect(await screenshotAndAxe(page, 'depots-list'), 'axe on the depot list').toEqual([]);

        // Upload: the browser names the bad row (row 3: the header is row 1) and offers no import.
        const row = (externalId: string, latitude = '53.55') =>
            [tenantId, 'DE', region.id, externalId, `E2E depot ${externalId}`, 'Lagerstraße', '5', '20095', 'Hamburg', latitude, '10.01', 'Europe/Berlin', `mdm:E2E-${externalId}`].join(',');
        const file = (rows: string[]) => ({ name: 'depots.csv', mimeType: 'text/csv', buffer: Buffer.from(`${depotCsvColumns.join(',')}\n${rows.join('\n')}\n`) });
        await page.getByRole('button', { name: 'Upload CSV' }).click();
        const dialog = page.getByRole('dialog', { name: 'Upload depots from a CSV file' });
        await dialog.locator('input[type=file]').setInputFiles(file([row('E2E1'), row('E2E2', 'north'), row('E2E3')]));
        await dialog.getByText('3 rows: 2 without problems, 1 with problems.').waitFor();
        await dialog.getByText('Row 3', { exact: true }).waitFor();
        await dialog.getByText('latitude: Enter a number').waitFor();
        expect(await dialog.getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);
        expect(await screenshotAndAxe(page, 'depots-upload-bad-row'), 'axe on the upload dialog').toEqual([]);

        // The server names rows too (here: a number already stored in the organisation).
        const [stored] = await db.select().from(depots).where(eq(depots.tenantId, tenantId)).limit(1);
        await dialog.locator('input[type=file]').setInputFiles(file([row('E2E1'), row(stored?.externalDepotId ?? '1')]));
        await dialog.getByRole('button', { name: 'Import' }).click();
        await dialog.getByText(`externalDepotId ${stored?.externalDepotId} is already used by a stored depot of ${tenantId}`).waitFor();
        await dialog.getByText('Row 3', { exact: true }).waitFor();
        await page.screenshot({ path: 'tests/e2e/screenshots/depots-upload-server-refused.png' });
        expect(await db.select().from(depots).where(and(eq(depots.tenantId, tenantId), eq(depots.externalDepotId, 'E2E1')))).toHaveLength(0);

        // Fixed: every row imports.
        await dialog.locator('input[type=file]').setInputFiles(file([row('E2E1'), row('E2E2'), row('E2E3')]));
        await dialog.getByText('3 rows: 3 without problems, 0 with problems.').waitFor();
        await dialog.getByRole('button', { name: 'Import' }).click();
        await page.getByText('3 depots imported.').waitFor();
        await dialog.waitFor({ state: 'detached' });
        const imported = await db.select().from(depots).where(and(eq(depots.tenantId, tenantId), inArray(depots.externalDepotId, ['E2E1', 'E2E2', 'E2E3'])));
        expect(imported.map((depot) => depot.externalDepotId).sort()).toEqual(['E2E1', 'E2E2', 'E2E3']);
        await page.goto(url(`/tenant/${tenantId}/configurations/depots/${imported[0]?.internalDepotId}/show`));
        await page.getByText(imported[0]?.name ?? '?', { exact: true }).first().waitFor();
        expect(await screenshotAndAxe(page, 'depots-show'), 'axe on the depot page').toEqual([]);
        for (const tab of ['Core data', 'Configuration', 'Configuration history']) await page.getByRole('tab', { name: tab, exact: true }).waitFor();

        // Create through the form.
        await page.goto(url(`/tenant/${tenantId}/configurations/depots/create`));
        // The organisation's country and time zone are filled in.
        await expect.poll(() => page.getByLabel('Country', { exact: true }).inputValue()).toBe('DE');
        await expect.poll(() => page.getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe('Europe/Berlin');
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
        expect(await screenshotAndAxe(page, 'depots-create'), 'axe on the create form').toEqual([]);
        await page.getByRole('button', { name: 'Save' }).click();
        await page.waitForURL(/\/configurations\/depots\/[^/]+\/show$/);
        const [created] = await db.select().from(depots).where(and(eq(depots.tenantId, tenantId), eq(depots.externalDepotId, 'E2E9')));
        expect(created).toMatchObject({ name: 'E2E form depot', groupId: region.id, houseNo: '12', latitude: 53.54, longitude: 9.98, deviceMappings: [{ service: 'mdm', id: 'E2E-FORM-1' }] });

        // Edit: no delete button (depots are not deleted), the save sends the version.
        await page.getByRole('link', { name: 'Edit' }).click();
        await page.getByLabel('Depot name').waitFor();
        expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
        await page.getByLabel('Depot name').fill('E2E form depot renamed');
        expect(await screenshotAndAxe(page, 'depots-edit'), 'axe on the edit form').toEqual([]);
        await page.getByRole('button', { name: 'Save' }).click();
        await page.waitForURL(/\/show$/);
        await expect.poll(async () => (await db.select().from(depots).where(eq(depots.internalDepotId, created?.internalDepotId ?? '')))[0]?.version).toBe(2);

        // The list at 390 px.
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(url(`/tenant/${tenantId}/configurations/depots`));
        await page.getByRole('button', { name: 'Upload CSV' }).waitFor();
        expect(await screenshotAndAxe(page, 'depots-list-390'), 'axe on the depot list at 390 px').toEqual([]);

        expect(unexpectedProblems(env.browser.problems, EXPECTED_PROBLEMS)).toEqual([]);
        await page.close();
    });
});
