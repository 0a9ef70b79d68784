import { and, desc, eq, like } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
    depotConfigRevisions,
    depots,
    permissionAssignments,
    tourCommanderConfigRevisions,
    users,
} from '../../server/db/schema/index.js';
import { pathOf, signIn, signOut } from './fixtures/app.js';
import { setUpE2eEnvironment } from './fixtures/environment.js';
import { demoLoginOf } from './fixtures/server.js';
import { closePage } from './fixtures/browser.js';

const env = setUpE2eEnvironment();
const { url } = env;

const loginOf = (role: string) => demoLoginOf(env.server, role);

async function freshSignIn(page: Page, login: { email: string; password: string }) {
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

/** A depot of the organisation admin's organisation, and its latest configuration revision. */
async function depotOfOrganisationAdmin(email: string) {
    const db = env.server.db;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new Error('organisation admin missing');
    const [assignment] = await db
        .select({ scopePath: permissionAssignments.scopePath })
        .from(permissionAssignments)
        .where(eq(permissionAssignments.userId, user.id));
    const tenantId = assignment?.scopePath.split('.')[0] ?? '';
    const [configured] = await db
        .select({ internalDepotId: depots.internalDepotId })
        .from(depots)
        .innerJoin(depotConfigRevisions, eq(depotConfigRevisions.depotId, depots.internalDepotId))
        .where(and(eq(depots.tenantId, tenantId), like(depots.scopePath, `${tenantId}.%`)))
        .limit(1);
    const [any] = await db
        .select({ internalDepotId: depots.internalDepotId })
        .from(depots)
        .where(eq(depots.tenantId, tenantId))
        .limit(1);
    const depotId = configured?.internalDepotId ?? any?.internalDepotId;
    if (!depotId) throw new Error(`no depot in ${tenantId}`);
    return { tenantId, depotId };
}

const latestDepotRevision = async (depotId: string) =>
    (
        await env.server.db
            .select()
            .from(depotConfigRevisions)
            .where(eq(depotConfigRevisions.depotId, depotId))
            .orderBy(desc(depotConfigRevisions.revision))
            .limit(1)
    )[0];

describe('client configurations', () => {
    it('an organisation admin edits a depot configuration, sees the diff and restores the earlier revision', async () => {
        const admin = loginOf('Organization Admin');
        const { tenantId, depotId } = await depotOfOrganisationAdmin(admin.email);
        const before = await latestDepotRevision(depotId);
        const startRevision = before?.revision ?? 0;
        const page = await env.browser.newPage();
        await freshSignIn(page, admin);
        await page.goto(
            url(`/tenant/${tenantId}/configurations/depots/${depotId}/show/configuration`),
        );

        const refresh = page.getByLabel(/^Live dashboard refresh \(seconds\)/);
        await refresh.waitFor();
        const save = page.getByRole('button', { name: 'Save', exact: true });
        if (startRevision > 0) expect(await save.isDisabled()).toBe(true);
        await checkPage(page, 'client-configs-depot-form');

        // A refused value is shown on the field, and nothing is sent.
        await refresh.fill('5');
        await save.click();
        await page.getByText('At least 10').first().waitFor();
        expect((await latestDepotRevision(depotId))?.revision ?? 0).toBe(startRevision);

        await refresh.fill('45');
        await page.getByLabel(/^Opens at/).fill('05:15');
        await page.getByLabel(/^Closes at/).fill('22:30');
        await save.click();
        await page.getByText(`Saved as revision ${startRevision + 1}.`).waitFor();
        await expect
            .poll(async () => (await latestDepotRevision(depotId))?.document)
            .toEqual({
                frontend: {
                    businessHours: { from: '05:15', to: '22:30' },
                    liveDashboardRefreshIntervalInSec: 45,
                },
            });

        await page.getByRole('tab', { name: /history/i }).click();
        await page.waitForURL(/configuration-history$/);
        const revisions = page.getByRole('table', { name: 'Saved revisions' });
        await revisions.waitFor();
        const differences = page.getByRole('table', { name: 'Differences between the revisions' });
        if (startRevision > 0) {
            await differences.waitFor();
            await expect
                .poll(() =>
                    differences.getByRole('row', { name: /Live dashboard refresh/ }).textContent(),
                )
                .toContain('45');
        }
        await checkPage(page, 'client-configs-depot-history');

        if (startRevision > 0) {
            await page
                .getByRole('button', { name: `Restore revision ${startRevision}`, exact: true })
                .click();
            const dialog = page.getByRole('dialog', { name: `Restore revision ${startRevision}?` });
            await dialog.waitFor();
            await checkPage(page, 'client-configs-restore-dialog');
            await dialog.getByRole('button', { name: 'Restore' }).click();
            await page
                .getByText(`Revision ${startRevision} restored as revision ${startRevision + 2}.`)
                .waitFor();
            const restored = await latestDepotRevision(depotId);
            expect({
                revision: restored?.revision,
                restoredFrom: restored?.restoredFrom,
                document: restored?.document,
            }).toEqual({
                revision: startRevision + 2,
                restoredFrom: startRevision,
                document: before?.document,
            });
            await expect
                .poll(() => revisions.locator('tbody tr').first().textContent())
                .toContain(String(startRevision));
        }
        await signOut(page);
        await closePage(page);
    });

    it('an admin saves the tour commander configuration of an organisation', async () => {
        const page = await env.browser.newPage();
        await freshSignIn(page, loginOf('Admin'));
        await page.goto(url('/administration/tour-commander/tenant-config'));
        const good = page.getByLabel(/^Good up to \(minutes\)/);
        await good.waitFor();
        expect(await good.inputValue()).toBe('45');
        await checkPage(page, 'client-configs-tour-commander');
        await good.fill('40');
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        await page.getByText('Saved as revision 1.').waitFor();
        const [saved] = await env.server.db
            .select()
            .from(tourCommanderConfigRevisions)
            .orderBy(desc(tourCommanderConfigRevisions.createdAt))
            .limit(1);
        expect(saved?.document).toMatchObject({
            rtt: { goodMaxDeviationMinutes: 40, mediumMaxDeviationMinutes: 90 },
            eta: { nightEndHour: 8, nightStartHour: 19 },
        });
        await signOut(page);
        await closePage(page);
    });
});
