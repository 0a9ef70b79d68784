import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNotNull, like } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
    depots,
    permissionAssignments,
    subcontractors,
    tenantConfigRevisions,
    users,
    vehicles,
} from '../../server/db/schema/index.js';
import { pathOf, signIn, signOut } from './fixtures/app.js';
import { closePage, screenshotAndAxe } from './fixtures/browser.js';
import { setUpE2eEnvironment } from './fixtures/environment.js';
import { demoLoginOf } from './fixtures/server.js';

const env = setUpE2eEnvironment();
const { url } = env;

interface Login {
    email: string;
    password: string;
}
interface DepotRow {
    tenantId: string;
    externalDepotId: string;
    internalDepotId: string;
    scopePath: string;
}

const loginOf = (role: string) => demoLoginOf(env.server, role);

/** The depot where the 'Driver & Device Management (Depot)' holder has the role. */
let courierManager: Login;
let depot: DepotRow;
const depotUrl = (suffix: string) => `/depot/${depot.tenantId}/${depot.externalDepotId}/${suffix}`;

beforeAll(async () => {
    courierManager = loginOf('Driver & Device Management (Depot)');
    const db = env.server.db;
    const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, courierManager.email));
    if (!user) throw new Error('courier manager missing');
    const [assignment] = await db
        .select({ scopePath: permissionAssignments.scopePath })
        .from(permissionAssignments)
        .where(eq(permissionAssignments.userId, user.id));
    if (!assignment) throw new Error('courier manager has no role');
    const [found] = await db
        .select({
            tenantId: depots.tenantId,
            externalDepotId: depots.externalDepotId,
            internalDepotId: depots.internalDepotId,
            scopePath: depots.scopePath,
        })
        .from(depots)
        .where(like(depots.scopePath, `${assignment.scopePath}%`))
        .limit(1);
    if (!found) throw new Error('no depot under the courier manager role');
    depot = found;
});

async function freshSignIn(page: Page, login: Login): Promise<void> {
    if (pathOf(page) !== '/login') {
        // A test that failed before signing out leaves its session behind: drop it.
        await page.goto(url('/login'));
        await page.evaluate(() =>
            Object.keys(localStorage)
                .filter((key) => key.startsWith('CognitoIdentityServiceProvider.'))
                .forEach((key) => localStorage.removeItem(key)),
        );
        await page.goto(url('/login'));
    }
    await page.getByLabel(/^E-mail address/).waitFor();
    await signIn(page, login.email, login.password);
    await page.waitForURL((target) => !target.pathname.startsWith('/login'));
}

const { checkPage } = env;

/** Opens a select and clicks an option. */
async function choose(page: Page, select: Locator, option: string | RegExp) {
    await select.click();
    await page.getByRole('option', { name: option }).first().click();
    if (await page.getByRole('listbox').count()) await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    // The menu fades out after its list is gone: axe would measure the half-transparent texts.
    await page.locator('.MuiPopover-root').waitFor({ state: 'detached' });
}

/** Raises a new revision of the organisation's client configuration with these frontend values. */
async function configureTenant(tenantId: string, frontend: Record<string, unknown>) {
    const db = env.server.db;
    const [latest] = await db
        .select()
        .from(tenantConfigRevisions)
        .where(eq(tenantConfigRevisions.tenantId, tenantId))
        .orderBy(desc(tenantConfigRevisions.revision))
        .limit(1);
    const document = latest?.document ?? {};
    const previous = (document.frontend ?? {}) as Record<string, unknown>;
    await db.insert(tenantConfigRevisions).values({
        id: randomUUID(),
        tenantId,
        revision: (latest?.revision ?? 0) + 1,
        document: { ...document, frontend: { ...previous, ...frontend } },
    });
}

const digits = (length: number) =>
    Array.from({ length }, () => Math.floor(Math.random() * 10)).join('');

describe('courier accounts', () => {
    it('creates courier accounts up to the organisation limit, then deactivates them in one bulk action', async () => {
        const db = env.server.db;
        const existing = await db
            .select({ id: users.id })
            .from(users)
            .where(
                and(
                    eq(users.driverType, 'TEMP_DRIVER'),
                    like(users.scopePath, `${depot.scopePath}%`),
                ),
            );
        await configureTenant(depot.tenantId, { maxTemporaryUsersPerDepot: existing.length + 2 });

        const page = await env.browser.newPage();
        await freshSignIn(page, courierManager);
        await page.goto(url(depotUrl('users/tempDrivers')));
        const limit = page.getByTestId('courier-limit');
        await expect
            .poll(() => limit.textContent())
            .toBe(`${existing.length} of ${existing.length + 2} courier accounts`);
        const create = page.getByRole('button', { name: 'New courier account' });
        await checkPage(page, 'fleet-courier-accounts');

        const created: string[] = [];
        for (let index = 0; index < 2; index++) {
            await create.click();
            const dialog = page.getByRole('dialog', { name: 'New courier account' });
            await dialog.waitFor();
            const username = `E2E${digits(6)}`;
            await dialog.getByLabel('Username').fill(username);
            await dialog.getByLabel('First name').fill('Eva');
            await dialog.getByLabel('Last name').fill(`Courier${index}E2e`);
            await dialog.getByLabel('Mobile number').fill(`+4915${digits(9)}`);
            if (await dialog.getByLabel(/^E-mail address \(login\)/).count())
                await dialog
                    .getByLabel(/^E-mail address/)
                    .fill(`${username.toLowerCase()}@example.com`);
            if (!(await dialog.locator('input[name="subcontractorId"]').inputValue())) {
                await choose(page, dialog.getByRole('combobox', { name: 'Subcontractor' }), /\(/);
            }
            if (index === 0) await checkPage(page, 'fleet-courier-account-dialog');
            await dialog.getByRole('button', { name: 'Save' }).click();
            await dialog.waitFor({ state: 'detached' });
            const done = page
                .getByRole('alertdialog')
                .filter({ hasText: /Account created|The account was created/ });
            await done.waitFor();
            if (index === 0) await checkPage(page, 'fleet-courier-account-created');
            await done.getByRole('button', { name: 'Close' }).click();
            await done.waitFor({ state: 'detached' });
            created.push(username);
        }

        await expect
            .poll(() => limit.textContent())
            .toBe(`${existing.length + 2} of ${existing.length + 2} courier accounts`);
        await expect.poll(() => create.isDisabled()).toBe(true);
        await page
            .getByText(
                `The limit of ${existing.length + 2} courier accounts for this depot is reached`,
            )
            .waitFor();
        await checkPage(page, 'fleet-courier-limit-reached');

        // Both new accounts in one bulk deactivation.
        await page.getByLabel('Search', { exact: true }).fill('E2e');
        await expect.poll(() => page.locator('table tbody tr').count()).toBe(2);
        await page.getByRole('checkbox', { name: 'Select all' }).check();
        const deactivations: string[] = [];
        page.on('request', (request) => {
            if (request.url().includes('/api/users/inactive')) deactivations.push(request.method());
        });
        await page.getByRole('button', { name: 'Deactivate' }).click();
        await expect
            .poll(() => page.locator('table tbody tr').filter({ hasText: 'Inactive' }).count())
            .toBe(2);
        expect(deactivations).toEqual(['PUT']);
        const rows = await db
            .select({ active: users.active })
            .from(users)
            .where(like(users.lastName, 'Courier%E2e'));
        expect(rows.map((row) => row.active)).toEqual([false, false]);
        await checkPage(page, 'fleet-courier-deactivated');

        await page.setViewportSize({ width: 390, height: 800 });
        await page.reload();
        await page.getByTestId('courier-limit').waitFor();
        await checkPage(page, 'fleet-courier-accounts-390');
        await page.setViewportSize({ width: 1280, height: 900 });
        await signOut(page);
        await closePage(page);
    });
});

describe('subcontractors', () => {
    it('refuses to delete a subcontractor with vehicles and deletes an empty new one', async () => {
        const db = env.server.db;
        const [withVehicles] = await db
            .select({ id: subcontractors.id, name: subcontractors.name })
            .from(subcontractors)
            .innerJoin(vehicles, eq(vehicles.subcontractorId, subcontractors.id))
            .where(eq(subcontractors.depotId, depot.internalDepotId))
            .limit(1);
        if (!withVehicles) throw new Error('no subcontractor with vehicles in the depot');

        const page = await env.browser.newPage();
        await freshSignIn(page, env.server.admin);
        await page.goto(url(depotUrl('subcontractor')));
        await page.getByRole('row', { name: new RegExp(withVehicles.name) }).waitFor();
        await checkPage(page, 'fleet-subcontractors');
        await page.getByRole('row', { name: new RegExp(withVehicles.name) }).click();
        await page.getByRole('heading', { level: 1, name: withVehicles.name }).waitFor();
        await page.getByRole('tab', { name: 'Vehicles' }).click();
        await page.locator('table tbody tr').first().waitFor();
        await checkPage(page, 'fleet-subcontractor-vehicles');

        await page.getByRole('button', { name: 'Delete' }).click();
        const confirm = page.getByRole('alertdialog');
        await confirm.getByText(`Delete the subcontractor ${withVehicles.name}?`).waitFor();
        await confirm.getByRole('button', { name: 'Delete' }).click();
        const refusal = page
            .getByRole('alertdialog')
            .filter({ hasText: 'cannot be deleted while users or vehicles are assigned' });
        await refusal.waitFor();
        await checkPage(page, 'fleet-subcontractor-delete-refused');
        await refusal.getByRole('button', { name: 'Close' }).click();
        expect(
            await db
                .select({ id: subcontractors.id })
                .from(subcontractors)
                .where(eq(subcontractors.id, withVehicles.id)),
        ).toHaveLength(1);

        // A new, empty subcontractor can go.
        await page.goto(url(depotUrl('subcontractor')));
        await page.getByRole('button', { name: 'New subcontractor' }).click();
        const dialog = page.getByRole('dialog', { name: 'New subcontractor' });
        const name = `E2E Kurier ${digits(4)}`;
        await dialog.getByLabel('Name').fill(name);
        await checkPage(page, 'fleet-subcontractor-dialog');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await dialog.waitFor({ state: 'detached' });
        await page.getByRole('row', { name: new RegExp(name) }).click();
        await page.getByRole('heading', { level: 1, name }).waitFor();
        await page.getByRole('button', { name: 'Delete' }).click();
        await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
        await page.waitForURL((target) => target.pathname.endsWith('/subcontractor'));
        await expect
            .poll(
                async () =>
                    (
                        await db
                            .select({ id: subcontractors.id })
                            .from(subcontractors)
                            .where(eq(subcontractors.name, name))
                    ).length,
            )
            .toBe(0);
        await signOut(page);
        await closePage(page);
    });
});

describe('app accounts', () => {
    it('moves a driver to another subcontractor; the vehicle stays with the old one', async () => {
        const db = env.server.db;
        const [driver] = await db
            .select({
                id: users.id,
                username: users.username,
                subcontractorId: users.subcontractorId,
                vehicleId: users.vehicleId,
                firstName: users.firstName,
                lastName: users.lastName,
            })
            .from(users)
            .innerJoin(subcontractors, eq(subcontractors.id, users.subcontractorId))
            .where(
                and(
                    eq(users.driverType, 'DRIVER'),
                    isNotNull(users.vehicleId),
                    eq(subcontractors.depotId, depot.internalDepotId),
                ),
            )
            .limit(1);
        if (!driver?.username || !driver.vehicleId)
            throw new Error('no driver with a vehicle in the depot');
        const [target] = await db
            .select({ id: subcontractors.id, name: subcontractors.name, code: subcontractors.code })
            .from(subcontractors)
            .where(and(eq(subcontractors.depotId, depot.internalDepotId)))
            .then((rows) => rows.filter((row) => row.id !== driver.subcontractorId));
        if (!target) throw new Error('no second subcontractor in the depot');
        const [vehicleBefore] = await db
            .select({ subcontractorId: vehicles.subcontractorId })
            .from(vehicles)
            .where(eq(vehicles.id, driver.vehicleId));

        const page = await env.browser.newPage();
        await freshSignIn(page, loginOf('Organization Admin'));
        await page.goto(url(`/tenant/${depot.tenantId}/app-accounts`));
        await page.locator('table tbody tr').first().waitFor();
        await checkPage(page, 'fleet-app-accounts');
        await page.getByLabel('Search', { exact: true }).fill(driver.username);
        await expect.poll(() => page.locator('table tbody tr').count()).toBe(1);
        await page.locator('table tbody tr').first().click();
        const dialog = page.getByRole('dialog', { name: 'Edit driver account' });
        await dialog.waitFor();
        await choose(
            page,
            dialog.getByRole('combobox', { name: 'Subcontractor' }),
            `${target.name} (${target.code})`,
        );
        await dialog.getByText('Its vehicle stays with the old subcontractor').waitFor();
        await checkPage(page, 'fleet-driver-move');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await dialog.waitFor({ state: 'detached' });
        await page.getByRole('alertdialog').getByRole('button', { name: 'Close' }).click();
        await expect
            .poll(() => page.locator('table tbody tr').first().textContent())
            .toContain(target.name);

        const [after] = await db
            .select({ subcontractorId: users.subcontractorId, vehicleId: users.vehicleId })
            .from(users)
            .where(eq(users.id, driver.id));
        expect(after?.subcontractorId).toBe(target.id);
        expect(after?.vehicleId).toBeNull();
        const [vehicleAfter] = await db
            .select({ subcontractorId: vehicles.subcontractorId })
            .from(vehicles)
            .where(eq(vehicles.id, driver.vehicleId));
        expect(vehicleAfter?.subcontractorId).toBe(vehicleBefore?.subcontractorId);
        await signOut(page);
        await closePage(page);
    });
});

describe('routes of the depot accounts', () => {
    it('redirects tempDriver to users/tempDrivers (shell §2.6)', async () => {
        const page = await env.browser.newPage();
        await freshSignIn(page, courierManager);
        await page.goto(url(depotUrl('tempDriver')));
        await page.waitForURL((target) => target.pathname === depotUrl('users/tempDrivers'));
        await page.locator('table tbody tr').first().waitFor();
        await signOut(page);
        await closePage(page);
    });

    it('shows a subcontractor user the drivers of their own subcontractor, from the drawer', async () => {
        const login = loginOf('Standard Access (SuCo)');
        const db = env.server.db;
        const [user] = await db
            .select({ id: users.id })
            .from(users)
            .where(eq(users.email, login.email));
        if (!user) throw new Error('subcontractor user missing');
        const [assignment] = await db
            .select({ scopePath: permissionAssignments.scopePath })
            .from(permissionAssignments)
            .where(eq(permissionAssignments.userId, user.id));
        if (!assignment) throw new Error('subcontractor user has no role');
        const sucoId = assignment.scopePath.split('.').at(-1) ?? '';
        const [suco] = await db.select().from(subcontractors).where(eq(subcontractors.id, sucoId));
        const [home] = await db
            .select()
            .from(depots)
            .where(eq(depots.internalDepotId, suco?.depotId ?? ''));
        if (!suco || !home) throw new Error('subcontractor or depot missing');
        const drivers = await db
            .select({ lastName: users.lastName })
            .from(users)
            .where(and(eq(users.subcontractorId, suco.id), eq(users.type, 'Driver')));

        const page = await env.browser.newPage();
        await freshSignIn(page, login);
        await page.goto(url(`/depot/${home.tenantId}/${home.externalDepotId}`));
        await page.getByRole('menuitem', { name: "My subcontractor's drivers" }).click();
        await page.waitForURL((target) =>
            target.pathname.endsWith(`/subcontractor/${sucoId}/drivers`),
        );
        await page.locator('table tbody tr').first().waitFor();
        const rows = await page.locator('table tbody tr').count();
        expect(rows).toBe(Math.min(drivers.length, 25));
        expect(
            await screenshotAndAxe(page, 'fleet-subcontractor-own-drivers'),
            'axe on the own drivers page',
        ).toEqual([]);
        await signOut(page);
        await closePage(page);
    });
});
