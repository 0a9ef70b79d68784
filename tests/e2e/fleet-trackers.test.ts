import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
    depots,
    subcontractors,
    users,
    vehicles,
    vehicleTrackers,
} from '../../server/db/schema/index.js';
import { signIn, signOut } from './fixtures/app.js';
import { setUpE2eEnvironment } from './fixtures/environment.js';
import { demoLoginOf } from './fixtures/server.js';
import { closePage } from './fixtures/browser.js';

/**
 * Issue 14: an organisation admin registers a tracker to a vehicle in the vehicle dialog, the
 * tracker's positions in the OsmAnd protocol are then accepted (and shown as "last seen"), and
 * after its removal they are refused again.
 */

const env = setUpE2eEnvironment();
const { url } = env;

const { checkPage } = env;

/** One position of `identifier`, now, as Traccar Client sends it (query string). */
const sendPosition = (identifier: string) =>
    fetch(
        url(
            `/tour-commander/v1/osmand?id=${encodeURIComponent(identifier)}` +
                `&lat=53.5511&lon=9.9937&speed=12.5&bearing=270&batt=77` +
                `&timestamp=${Math.floor(Date.now() / 1000)}`,
        ),
    );

/** A vehicle of a subcontractor in a depot of the organisation admin's organisation: the first by number. */
async function vehicleOfTheOrganisation(email: string) {
    const db = env.server.db;
    const [admin] = await db
        .select({ tenantId: users.tenantId })
        .from(users)
        .where(eq(users.email, email));
    if (!admin?.tenantId) throw new Error('the organisation admin has no organisation');
    const [first] = await db
        .select({
            vehicleId: vehicles.id,
            number: vehicles.number,
            subcontractorId: subcontractors.id,
            subcontractorName: subcontractors.name,
            externalDepotId: depots.externalDepotId,
        })
        .from(vehicles)
        .innerJoin(subcontractors, eq(subcontractors.id, vehicles.subcontractorId))
        .innerJoin(depots, eq(depots.internalDepotId, vehicles.depotId))
        .where(eq(vehicles.tenantId, admin.tenantId))
        .orderBy(asc(depots.externalDepotId), asc(subcontractors.name), asc(vehicles.number))
        .limit(1);
    if (!first) throw new Error('the organisation has no vehicle');
    const [lowest] = await db
        .select({ id: vehicles.id, number: vehicles.number })
        .from(vehicles)
        .where(eq(vehicles.subcontractorId, first.subcontractorId))
        .orderBy(asc(vehicles.number))
        .limit(1);
    if (!lowest) throw new Error('the subcontractor has no vehicle');
    return { ...first, vehicleId: lowest.id, number: lowest.number, tenantId: admin.tenantId };
}

describe("a vehicle's trackers", () => {
    it('registers a tracker in the vehicle dialog, accepts its position, and refuses it after the removal', async () => {
        const login = demoLoginOf(env.server, 'Organization Admin');
        const target = await vehicleOfTheOrganisation(login.email);
        const identifier = `e2e-phone-${Math.floor(Math.random() * 1e9)}`;
        const db = env.server.db;
        const trackersOfVehicle = () =>
            db
                .select({ identifier: vehicleTrackers.identifier })
                .from(vehicleTrackers)
                .where(eq(vehicleTrackers.vehicleId, target.vehicleId));
        const before = await trackersOfVehicle();

        const page = await env.browser.newPage();
        await page.goto(url('/login'));
        await signIn(page, login.email, login.password);
        await page.waitForURL((at) => !at.pathname.startsWith('/login'));
        await page.goto(url(`/depot/${target.tenantId}/${target.externalDepotId}/subcontractor`));
        await page.getByRole('row', { name: new RegExp(target.subcontractorName) }).click();
        await page.getByRole('heading', { level: 1, name: target.subcontractorName }).waitFor();
        await page.getByRole('tab', { name: 'Vehicles' }).click();
        const vehicleRow = page
            .getByRole('row')
            .filter({ has: page.getByRole('cell', { name: target.number, exact: true }) });
        const openDialog = async () => {
            await vehicleRow.click();
            const opened = page.getByRole('dialog', { name: 'Edit vehicle' });
            await opened.getByRole('heading', { level: 3, name: 'Trackers' }).waitFor();
            return opened;
        };
        let dialog = await openDialog();
        const trackerList = dialog.getByRole('list', { name: 'Trackers' });
        const trackerItem = trackerList.getByRole('listitem').filter({ hasText: identifier });

        // A malformed identifier is refused in the browser.
        const field = dialog.getByRole('textbox', { name: 'Tracker identifier' });
        await field.fill('my phone');
        await field.press('Enter');
        await dialog
            .getByText("4 to 100 characters: only letters, digits, '.', '_', ':' and '-'")
            .waitFor();
        await checkPage(page, 'fleet-vehicle-trackers-refused');

        await field.fill(identifier);
        await dialog.getByRole('button', { name: 'Register tracker' }).click();
        await trackerItem.waitFor();
        expect(await trackerItem.textContent()).toContain('Never seen');
        expect(await field.inputValue()).toBe('');
        expect((await trackersOfVehicle()).map((row) => row.identifier)).toEqual([
            ...before.map((row) => row.identifier),
            identifier,
        ]);
        await checkPage(page, 'fleet-vehicle-trackers');

        // The registered tracker's position is taken; an unregistered identifier is refused.
        expect((await sendPosition(identifier)).status).toBe(200);
        const unknown = await sendPosition(`${identifier}-unregistered`);
        expect(unknown.status).toBe(400);
        expect(((await unknown.json()) as { code: string }).code).toBe('UNKNOWN_TRACKER');

        // Opened again, the dialog shows when the tracker was last seen.
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        dialog = await openDialog();
        await expect.poll(() => trackerItem.textContent()).toMatch(/Last seen \d/);

        // Removing asks first.
        await dialog.getByRole('button', { name: `Remove tracker ${identifier}` }).click();
        const confirm = page.getByRole('alertdialog', {
            name: `Remove the tracker ${identifier}?`,
        });
        await confirm.waitFor();
        await checkPage(page, 'fleet-vehicle-tracker-remove-confirm');
        await confirm.getByRole('button', { name: 'Remove' }).click();
        await confirm.waitFor({ state: 'detached' });
        await trackerItem.waitFor({ state: 'detached' });
        expect((await trackersOfVehicle()).map((row) => row.identifier)).toEqual(
            before.map((row) => row.identifier),
        );
        expect((await sendPosition(identifier)).status).toBe(400);

        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        await signOut(page);
        await closePage(page);
    });
});
