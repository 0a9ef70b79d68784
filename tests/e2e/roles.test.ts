import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { depots, permissionAssignments, roles, users } from '../../server/db/schema/index.js';
import { signIn } from './fixtures/app.js';
import { closePage, screenshotAndAxe, unexpectedProblems } from './fixtures/browser.js';
import { setUpE2eEnvironment } from './fixtures/environment.js';

const env = setUpE2eEnvironment();
const { url } = env;

/** The refused deletion answers 409, which Chrome logs as a failed resource load. */
const EXPECTED_PROBLEMS = [/status of 409/, /^HTTP 409 DELETE \/api\/roles\//];

describe('roles management', () => {
    it('an organisation admin creates a role; while a user holds it the deletion is refused, afterwards it works', async () => {
        const login = env.server.logins.find(
            (candidate) => candidate.role === 'Organization Admin',
        );
        if (!login) throw new Error('no organisation admin in the demo data');
        const db = env.server.db;
        const [admin] = await db
            .select({ id: users.id, tenantId: users.tenantId })
            .from(users)
            .where(eq(users.email, login.email));
        const tenantId = admin?.tenantId;
        if (!tenantId) throw new Error('the organisation admin has no organisation');

        const page = await env.browser.newPage();
        await page.goto(url('/login'));
        await signIn(page, login.email, login.password);
        await page.waitForURL((target) => !target.pathname.startsWith('/login'));

        // The list: the organisation's roles and the technical ones.
        await page.goto(url(`/tenant/${tenantId}/roles`));
        await page.getByRole('cell', { name: 'Organization Admin', exact: true }).waitFor();
        expect(await screenshotAndAxe(page, 'roles-list'), 'axe on the role list').toEqual([]);

        // Create: checking an action checks what it requires.
        await page.getByRole('link', { name: 'Create' }).click();
        await page.getByLabel(/^Name/).fill('E2E dispatcher');
        await page.getByRole('checkbox', { name: 'Tour details' }).check();
        expect(await page.getByRole('checkbox', { name: 'Live status' }).isChecked()).toBe(true);
        await page.getByRole('checkbox', { name: 'Tour performance' }).check();
        expect(await screenshotAndAxe(page, 'roles-create'), 'axe on the create page').toEqual([]);
        await page.getByRole('button', { name: 'Save' }).click();
        await page.waitForURL(/\/roles\/[^/]+\/show$/);
        const roleId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-2) ?? '');
        const [created] = await db.select().from(roles).where(eq(roles.id, roleId));
        expect(created).toMatchObject({
            tenantId,
            name: 'E2E dispatcher',
            contexts: ['DEPOT'],
            visibilityPath: tenantId,
        });
        expect([...(created?.actions ?? [])].sort()).toEqual([
            'r:tour',
            'r:tour-details',
            'r:tour-perf',
        ]);
        await page.getByText('Open a tour with its waypoints and jobs.').waitFor();

        // The edit page.
        await page.goto(url(`/tenant/${tenantId}/roles/${encodeURIComponent(roleId)}`));
        await page.getByLabel(/^Name/).waitFor();
        expect(await page.getByLabel(/^Name/).inputValue()).toBe('E2E dispatcher');
        expect(await screenshotAndAxe(page, 'roles-edit'), 'axe on the edit page').toEqual([]);

        // A user of the organisation holds the role (the permissions call belongs to the user dialog).
        const [holder] = await db
            .select({ id: users.id })
            .from(users)
            .where(
                and(
                    eq(users.tenantId, tenantId),
                    ne(users.email, login.email),
                    eq(users.type, 'BackofficeManager'),
                ),
            );
        const [depot] = await db
            .select({ path: depots.scopePath })
            .from(depots)
            .where(eq(depots.tenantId, tenantId));
        if (!holder || !depot) throw new Error('no user or depot in the organisation');
        const assignmentId = randomUUID();
        await db.insert(permissionAssignments).values({
            id: assignmentId,
            userId: holder.id,
            roleId,
            scopePath: depot.path,
            tenantId,
        });

        await page.goto(url(`/tenant/${tenantId}/roles/${encodeURIComponent(roleId)}/show`));
        await page.getByRole('button', { name: 'Delete' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText('Deleting a role cannot be undone.').waitFor();
        await page.screenshot({ path: 'tests/e2e/screenshots/roles-delete-confirm.png' });
        await dialog.getByRole('button', { name: 'Confirm' }).click();
        await page.getByText('cannot be deleted because it is assigned to users').waitFor();
        await page.screenshot({ path: 'tests/e2e/screenshots/roles-delete-refused.png' });
        expect(
            await db.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId)),
        ).toHaveLength(1);

        // Without the assignment the deletion goes through.
        await db.delete(permissionAssignments).where(eq(permissionAssignments.id, assignmentId));
        await page.reload();
        await page.getByRole('button', { name: 'Delete' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
        await page.waitForURL((target) => target.pathname === `/tenant/${tenantId}/roles`);
        await expect
            .poll(
                async () =>
                    (await db.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId)))
                        .length,
            )
            .toBe(0);

        // Technical roles are read-only: no edit or delete buttons.
        await page.goto(url(`/tenant/${tenantId}/roles/role-depot-standard/show`));
        await page
            .getByText('This is a role of the platform. It cannot be changed or deleted.')
            .waitFor();
        expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
        expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);

        // Cards on a phone.
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(url(`/tenant/${tenantId}/roles`));
        await page.getByText('Organization Admin', { exact: true }).first().waitFor();
        expect(
            await screenshotAndAxe(page, 'roles-list-390'),
            'axe on the role list at 390 px',
        ).toEqual([]);

        expect(unexpectedProblems(env.browser.problems, EXPECTED_PROBLEMS)).toEqual([]);
        await closePage(page);
    });
});
