import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { depotGroups, tenants } from '../../server/db/schema/index.js';
import { signIn } from './fixtures/app.js';
import { closePage, screenshotAndAxe, unexpectedProblems } from './fixtures/browser.js';
import { setUpE2eEnvironment } from './fixtures/environment.js';

const env = setUpE2eEnvironment();
const { url } = env;

const LIST = '/administration/configurations/organizations';
/** The refused duplicate id answers 409, which Chrome logs as a failed resource load. */
const EXPECTED_PROBLEMS = [/status of 409/, /^HTTP 409 POST \/tenant-admin\/v1\/tenants$/];

describe('organisations', () => {
    it('an admin creates an organisation with two regions (confirming the country), sees it in the list and its details, and edits it', async () => {
        const { admin, db } = env.server;
        const page = await env.browser.newPage();
        await page.goto(url('/login'));
        await signIn(page, admin.email, admin.password);
        await page.waitForURL((target) => !target.pathname.startsWith('/login'));

        // The list: the demo organisations.
        await page.goto(url(LIST));
        await page.getByRole('cell', { name: 'NordPaket Logistik', exact: true }).waitFor();
        expect(
            await screenshotAndAxe(page, 'organisations-list'),
            'axe on the organisation list',
        ).toEqual([]);

        // Create: id, name, country, hours and two regions.
        await page.getByRole('link', { name: 'Create' }).click();
        await page.getByLabel('Organisation ID').fill('e2e_parcel');
        await page.getByLabel('Name', { exact: true }).fill('E2E Parcel Service');
        // By keyboard: the select opens with Enter.
        await page.getByRole('combobox', { name: 'Country' }).focus();
        await page.keyboard.press('Enter');
        await page.getByRole('listbox').waitFor();
        await page.getByRole('option', { name: 'Austria (AT)' }).click();
        await page.getByLabel('Business hours from').fill('06:30');
        await page.getByLabel('Business hours to').fill('21:00');
        await page.getByLabel('Region name').first().fill('Ost');
        await page.getByRole('button', { name: 'Add region' }).click();
        await page.getByLabel('Region name').nth(1).fill('West');
        // Region names are unique ignoring case; a new row can be removed again before saving.
        await page.getByRole('button', { name: 'Add region' }).click();
        expect(await page.getByLabel('Region name').count()).toBe(3);
        await page.getByLabel('Region name').nth(2).fill('OST');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByText('Another region already has this name').waitFor();
        expect(await page.getByRole('dialog').count()).toBe(0);
        await page.getByRole('button', { name: 'Remove region' }).nth(2).click();
        expect(await page.getByLabel('Region name').count()).toBe(2);
        expect(
            await screenshotAndAxe(page, 'organisations-create'),
            'axe on the create page',
        ).toEqual([]);

        // An id that reads like an existing one (letter case and _/- ignored) is refused with the catalogue's text.
        await page.getByLabel('Organisation ID').fill('NordPaket');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
        await page.getByText('An organisation with this ID already exists.').waitFor();
        expect(
            await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, 'NordPaket')),
        ).toEqual([]);
        await page.getByLabel('Organisation ID').fill('e2e_parcel');

        // Saving asks first: the country cannot be changed afterwards.
        await page.getByRole('button', { name: 'Save' }).click();
        const dialog = page.getByRole('dialog');
        await dialog
            .getByText(
                'The country Austria (AT) cannot be changed after the organisation is created.',
            )
            .waitFor();
        expect(
            await screenshotAndAxe(page, 'organisations-create-confirm'),
            'axe on the confirmation',
        ).toEqual([]);
        await dialog.getByRole('button', { name: 'Create' }).click();
        await page.waitForURL((target) => target.pathname === `${LIST}/e2e_parcel/show`);
        const [stored] = await db.select().from(tenants).where(eq(tenants.id, 'e2e_parcel'));
        expect(stored).toMatchObject({
            name: 'E2E Parcel Service',
            countryCode: 'AT',
            timeZone: 'Europe/Berlin',
            businessHoursFrom: '06:30',
            businessHoursTo: '21:00',
            version: 1,
        });
        const regionNames = async () =>
            (
                await db
                    .select({ name: depotGroups.name })
                    .from(depotGroups)
                    .where(eq(depotGroups.tenantId, 'e2e_parcel'))
                    .orderBy(asc(depotGroups.name))
            ).map((row) => row.name);
        expect(await regionNames()).toEqual(['Ost', 'West']);

        // The details: core data with the regions.
        await page.getByRole('cell', { name: 'West', exact: true }).waitFor();
        await page.getByText('06:30 – 21:00').waitFor();
        expect(await screenshotAndAxe(page, 'organisations-details'), 'axe on the details').toEqual(
            [],
        );
        for (const tab of ['Client configuration', 'Configuration history']) {
            await page.getByRole('tab', { name: tab }).click();
            await page.getByRole('tab', { name: tab, selected: true }).waitFor();
        }
        expect(new URL(page.url()).pathname).toBe(`${LIST}/e2e_parcel/show/configurations`);

        // The list shows it.
        await page.goto(url(LIST));
        await page.getByRole('cell', { name: 'E2E Parcel Service', exact: true }).waitFor();

        // Edit: the country is read-only, saved regions have no remove control; a rename is saved with the version.
        await page.goto(url(`${LIST}/e2e_parcel`));
        await page.getByLabel('Region name').first().waitFor();
        expect(await page.getByRole('button', { name: 'Remove region' }).count()).toBe(0);
        const country = page.getByRole('combobox', { name: 'Country' });
        expect(
            [
                await country.getAttribute('aria-readonly'),
                await country.getAttribute('aria-disabled'),
            ],
            'the country cannot be changed',
        ).toContain('true');
        await page.getByText('The country is fixed and cannot be changed.').waitFor();
        expect(await screenshotAndAxe(page, 'organisations-edit'), 'axe on the edit page').toEqual(
            [],
        );
        await page.getByLabel('Region name').first().fill('Ostösterreich');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.waitForURL((target) => target.pathname === `${LIST}/e2e_parcel/show`);
        await expect.poll(regionNames).toEqual(['Ostösterreich', 'West']);
        const [edited] = await db.select().from(tenants).where(eq(tenants.id, 'e2e_parcel'));
        expect(edited).toMatchObject({ countryCode: 'AT', version: 2 });

        // Cards on a phone.
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(url(LIST));
        await page.getByText('E2E Parcel Service', { exact: true }).first().waitFor();
        expect(
            await screenshotAndAxe(page, 'organisations-list-390'),
            'axe on the list at 390 px',
        ).toEqual([]);

        expect(unexpectedProblems(env.browser.problems, EXPECTED_PROBLEMS)).toEqual([]);
        await closePage(page);
    });
});
