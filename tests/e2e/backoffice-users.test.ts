import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { depots, tenants, users } from '../../server/db/schema/index.js';
import { pathOf, signIn, signOut } from './fixtures/app.js';
import { setUpE2eEnvironment } from './fixtures/environment.js';
import {
    createTestUser,
    latestMail,
    temporaryPasswordOf,
    uniqueEmail,
} from './fixtures/identity.js';
import { closePage } from './fixtures/browser.js';

const env = setUpE2eEnvironment();
const { url } = env;

/** The organisation admin's demo sign-in, its organisation and one of its depots. */
let orgAdmin: { email: string; password: string };
let tenant: { id: string; name: string };
let depotPath = '';
const listPath = () => `/tenant/${tenant.id}/users/backoffice`;

beforeAll(async () => {
    const login = env.server.logins.find((candidate) => candidate.role === 'Organization Admin');
    if (!login) throw new Error('no Organization Admin demo login');
    orgAdmin = { email: login.email, password: login.password };
    const [row] = await env.server.db
        .select({ tenantId: users.tenantId })
        .from(users)
        .where(eq(users.email, login.email));
    if (!row?.tenantId) throw new Error('the organisation admin has no organisation');
    const [found] = await env.server.db.select().from(tenants).where(eq(tenants.id, row.tenantId));
    if (!found) throw new Error('organisation missing');
    tenant = { id: found.id, name: found.name };
    const [depot] = await env.server.db
        .select()
        .from(depots)
        .where(eq(depots.tenantId, found.id))
        .limit(1);
    if (!depot) throw new Error('the organisation has no depot');
    depotPath = depot.scopePath;
});

/** Signs in from the sign-in page; a session left over by a failed test is ended first. */
async function freshSignIn(page: Page, email: string, password: string): Promise<void> {
    if (pathOf(page) !== '/login') await page.goto(url('/login'));
    const form = page.getByLabel(/^E-mail address/);
    await form
        .or(page.getByRole('button', { name: /@/ }))
        .or(page.getByRole('button', { name: 'Logout' }))
        .first()
        .waitFor();
    if (!(await form.isVisible())) await signOut(page);
    await signIn(page, email, password);
    await page.waitForURL((target) => !target.pathname.startsWith('/login'));
}

const checkPage = (page: Page, name: string) => env.checkPage(page, name, ['csp']);

const dialogOf = (page: Page) => page.getByRole('dialog');

/** Opens a select and clicks an option; a multiple select stays open and is closed with Esc (which then does not close the dialog). */
async function choose(page: Page, select: Locator, option: string | RegExp, multiple = false) {
    await select.click();
    await page.getByRole('option', { name: option }).first().click();
    if (multiple) await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
}

async function openList(page: Page) {
    await page.goto(url(listPath()));
    await page.getByRole('button', { name: 'Add user' }).waitFor();
    await page.locator('table tbody tr').first().waitFor();
}

/** Fills the data panel of the create dialog. */
async function fillNewUser(page: Page, email: string, firstName: string) {
    const dialog = dialogOf(page);
    await choose(page, dialog.getByRole('combobox', { name: /^User type/ }), 'Back-office manager');
    await dialog.getByRole('textbox', { name: /^E-mail address/ }).pressSequentially(` ${email} `);
    await dialog.getByRole('textbox', { name: /^First name/ }).fill(firstName);
    await dialog.getByRole('textbox', { name: /^Last name/ }).fill('Tester');
}

/** Gives the new user one role on the organisation in permission row `number`. */
async function grantOnOrganisation(page: Page, number: number, role: string) {
    const row = dialogOf(page).getByRole('group', { name: `Permission row ${number}` });
    const roleSelect = row.getByRole('combobox', { name: /^Role/ });
    if ((await roleSelect.textContent())?.includes(role) !== true)
        await choose(page, roleSelect, role);
    const scopes = row.getByRole('combobox', { name: /^Scopes/ });
    if ((await scopes.textContent())?.includes(tenant.name) !== true)
        await choose(page, scopes, new RegExp(`^${tenant.name}`), true);
}

describe('back-office users in the browser', () => {
    const email = uniqueEmail('bo.created');
    let createdId = '';

    it('an organisation admin creates a user with two permission rows; the user signs in with the e-mailed temporary password', async () => {
        const page = await env.browser.newPage();
        await page.setViewportSize({ width: 1280, height: 900 });
        await freshSignIn(page, orgAdmin.email, orgAdmin.password);
        await openList(page);
        await checkPage(page, 'backoffice-users-list-1280');

        await page.getByRole('button', { name: 'Add user' }).click();
        await dialogOf(page).getByRole('group', { name: 'Permission row 1' }).waitFor();
        await fillNewUser(page, email, 'Carla');
        // Spaces cannot be typed into the e-mail.
        expect(
            await dialogOf(page)
                .getByRole('textbox', { name: /^E-mail address/ })
                .inputValue(),
        ).toBe(email);
        const save = dialogOf(page).getByRole('button', { name: 'Save' });
        expect(await save.isDisabled()).toBe(true);
        await grantOnOrganisation(page, 1, 'Standard Access (Tenant)');
        await dialogOf(page).getByRole('button', { name: 'Add role' }).click();
        await grantOnOrganisation(page, 2, 'ECL Access (Organization)');
        await checkPage(page, 'backoffice-users-create-dialog-1280');
        expect(await save.isEnabled()).toBe(true);
        const created = page.waitForResponse(
            (response) =>
                response.url().endsWith('/api/v2/users') && response.request().method() === 'POST',
        );
        await save.click();
        const answer = await created;
        expect(answer.status()).toBe(201);
        const body = (await answer.json()) as {
            id: string;
            permissions: { roleName: string; path: string }[];
        };
        createdId = body.id;
        expect(body.permissions.map((p) => `${p.roleName}@${p.path}`).sort()).toEqual([
            `ECL Access (Organization)@${tenant.id}`,
            `Standard Access (Tenant)@${tenant.id}`,
        ]);
        await dialogOf(page).waitFor({ state: 'detached' });
        await page.getByRole('searchbox', { name: 'Search' }).fill(email);
        await page.getByRole('cell', { name: email }).waitFor();

        const temporaryPassword = temporaryPasswordOf(
            await latestMail(env.server, email, 'invitation'),
        );
        await signOut(page);
        await signIn(page, email, temporaryPassword);
        await page.waitForURL(/\/forceChangePwd$/);
        const password = 'Brand-new-password-7!';
        await page.getByLabel(/^New password/).fill(password);
        await page.getByLabel(/^Repeat the new password/).fill(password);
        await page.getByRole('button', { name: 'Save password' }).click();
        await page.waitForURL((target) => !['/login', '/forceChangePwd'].includes(target.pathname));
        await page
            .getByRole('button', { name: /@/ })
            .or(page.getByRole('button', { name: 'Logout' }))
            .first()
            .waitFor();
        expect(['/login', '/forceChangePwd']).not.toContain(pathOf(page));
        await signOut(page);
        await closePage(page);
    });

    it('a duplicate e-mail shows the DUPLICATE_EMAIL alert with the address', async () => {
        const page = await env.browser.newPage();
        await freshSignIn(page, orgAdmin.email, orgAdmin.password);
        await openList(page);
        await page.getByRole('button', { name: 'Add user' }).click();
        await dialogOf(page).getByRole('group', { name: 'Permission row 1' }).waitFor();
        await fillNewUser(page, email, 'Dora');
        await grantOnOrganisation(page, 1, 'ECL Access (Organization)');
        await dialogOf(page).getByRole('button', { name: 'Save' }).click();
        const alert = page.getByRole('alertdialog', { name: 'Something went wrong.' });
        await alert.getByText(`A user with the e-mail address ${email} already exists.`).waitFor();
        await alert.getByRole('button', { name: 'Close' }).click();
        // The user dialog stays open with the data entered; Esc closes it.
        await alert.waitFor({ state: 'detached' });
        await dialogOf(page)
            .getByRole('textbox', { name: /^First name/ })
            .press('Escape');
        await dialogOf(page).waitFor({ state: 'detached' });
        await signOut(page);
        await closePage(page);
    });

    it('edit data: Save stays disabled until a change, then the list shows it (390 px)', async () => {
        const page = await env.browser.newPage();
        await page.setViewportSize({ width: 390, height: 844 });
        await freshSignIn(page, orgAdmin.email, orgAdmin.password);
        await page.goto(url(listPath()));
        await page.getByRole('searchbox', { name: 'Search' }).fill(email);
        const edit = page.getByRole('button', { name: 'Edit the data of Carla Tester' });
        await edit.waitFor();
        await checkPage(page, 'backoffice-users-list-390');
        await edit.click();
        const dialog = dialogOf(page);
        const save = dialog.getByRole('button', { name: 'Save' });
        await save.waitFor();
        expect(await save.isDisabled()).toBe(true);
        expect(await dialog.getByRole('textbox', { name: /^E-mail address/ }).isDisabled()).toBe(
            true,
        );
        await dialog.getByRole('textbox', { name: /^First name/ }).fill('Carlotta');
        expect(await save.isEnabled()).toBe(true);
        await checkPage(page, 'backoffice-users-edit-dialog-390');
        // Enter submits the dialog.
        await dialog.getByRole('textbox', { name: /^First name/ }).press('Enter');
        await dialog.waitFor({ state: 'detached' });
        await page.getByRole('button', { name: 'Edit the data of Carlotta Tester' }).waitFor();
        await signOut(page);
        await closePage(page);
    });

    it('the profile offers Edit to the organisation admin, not to a depot user without u:bo-user', async () => {
        const page = await env.browser.newPage();
        await page.setViewportSize({ width: 1280, height: 900 });
        await freshSignIn(page, orgAdmin.email, orgAdmin.password);
        await page.goto(url(`/users/profile/${createdId}`));
        const edit = page.getByRole('button', { name: 'Edit', exact: true });
        await edit.waitFor();
        expect(await page.getByRole('button', { name: 'Edit permissions' }).count()).toBe(0);
        await edit.click();
        const dialog = dialogOf(page);
        await dialog.getByRole('textbox', { name: /^Last name/ }).fill('Profiled');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await dialog.waitFor({ state: 'detached' });
        await page.getByRole('heading', { level: 1, name: 'Carlotta Profiled' }).waitFor();
        await signOut(page);

        const depotUser = { email: uniqueEmail('depot.reader'), password: 'Depot-reader-pass-1!' };
        await createTestUser(env.server, {
            email: depotUser.email,
            firstName: 'Dieter',
            tenantId: tenant.id,
            password: depotUser.password,
            grants: [{ roleId: 'role-depot-standard', scopePath: depotPath, tenantId: tenant.id }],
        });
        await freshSignIn(page, depotUser.email, depotUser.password);
        await page.goto(url(`/users/profile/${createdId}`));
        // Either the profile without Edit, or the error page when the user is outside the depot user's scopes.
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
        await signOut(page);
        await closePage(page);
    });
});
