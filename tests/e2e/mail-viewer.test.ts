import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { depots, tenants } from '../../server/db/schema/index.js';
import { LANGUAGE_STORAGE_KEY } from '../../src/i18n/languages.js';
import { pathOf } from './fixtures/app.js';
import { closePage, screenshotAndAxe, unexpectedProblems } from './fixtures/browser.js';
import { setUpE2eEnvironment } from './fixtures/environment.js';
import { latestMail, temporaryPasswordOf, uniqueEmail } from './fixtures/identity.js';
import { demoLoginOf } from './fixtures/server.js';

/**
 * Issue 13 point 14: without a mail server the demo admin adds a back-office user, reads the
 * invitation's temporary password in the mail viewer (Administration → Mail outbox), and the
 * new user signs in with it and reaches the forced password change; in English and in German.
 */
const env = setUpE2eEnvironment();
const { url } = env;

/** The invitation's subject (server/mail/templates.ts; the mails are English in every UI language). */
const INVITATION_SUBJECT = 'Your Parcel back office account';
/** A technical role (data, the same name in every language) granted on the whole organisation. */
const ROLE = 'Standard Access (Tenant)';

/** The organisation of the first demo depot: the new users' scope. */
let tenantName = '';
let tenantId = '';
beforeAll(async () => {
    const [depot] = await env.server.db.select().from(depots).limit(1);
    if (!depot) throw new Error('the demo data has no depot');
    const [tenant] = await env.server.db
        .select()
        .from(tenants)
        .where(eq(tenants.id, depot.tenantId));
    if (!tenant) throw new Error('the depot has no organisation');
    tenantName = tenant.name;
    tenantId = tenant.id;
});

interface NewUser {
    email: string;
    firstName: string;
    lastName: string;
    tenantName: string;
}

const newUser = (firstName: string): NewUser => ({
    email: uniqueEmail(`outbox.${firstName.toLowerCase()}`),
    firstName,
    lastName: 'Tester',
    tenantName,
});

interface UiTexts {
    email: RegExp;
    password: RegExp;
    signIn: string;
    logout: string;
    addUser: string;
    permissionRow: (number: number) => string;
    userType: RegExp;
    manager: string;
    firstName: RegExp;
    lastName: RegExp;
    role: RegExp;
    scopes: RegExp;
    save: string;
    created: (name: string) => string;
    menuEntry: string;
    heading: string;
    readMail: (subject: string, to: string) => string;
    invitationKind: string;
    messageText: string;
    close: string;
    forcedChange: string;
}

/** The UI's texts as a user reads them, written out by hand per language. */
const ui: Record<'en' | 'de', UiTexts> = {
    en: {
        email: /^E-mail address/,
        password: /^Password/,
        signIn: 'Sign in',
        logout: 'Logout',
        addUser: 'Add user',
        permissionRow: (number) => `Permission row ${number}`,
        userType: /^User type/,
        manager: 'Back-office manager',
        firstName: /^First name/,
        lastName: /^Last name/,
        role: /^Role/,
        scopes: /^Scopes/,
        save: 'Save',
        created: (name) => `User ${name} created`,
        menuEntry: 'Mail outbox',
        heading: 'Mail outbox',
        readMail: (subject, to) => `Read the e-mail “${subject}” to ${to}`,
        invitationKind: 'Account invitation',
        messageText: 'Message text',
        close: 'Close',
        forcedChange: 'Choose your password',
    },
    de: {
        email: /^E-Mail-Adresse/,
        // Not the "Passwort anzeigen" button beside the field.
        password: /^Passwort(\s*\*)?$/,
        signIn: 'Anmelden',
        logout: 'Abmelden',
        addUser: 'Benutzer hinzufügen',
        permissionRow: (number) => `Berechtigungszeile ${number}`,
        userType: /^Benutzertyp/,
        manager: 'Backoffice-Manager',
        firstName: /^Vorname/,
        lastName: /^Nachname/,
        role: /^Rolle/,
        scopes: /^Bereiche/,
        save: 'Speichern',
        created: (name) => `Benutzer ${name} angelegt`,
        menuEntry: 'Postausgang',
        heading: 'Postausgang',
        readMail: (subject, to) => `E-Mail „${subject}“ an ${to} lesen`,
        invitationKind: 'Kontoeinladung',
        messageText: 'Nachrichtentext',
        close: 'Schließen',
        forcedChange: 'Eigenes Passwort wählen',
    },
};

/**
 * The sign-in page in `language`, signed out: the session (Amplify keeps it in localStorage) is
 * dropped first, so a test that failed while signed in does not carry over.
 */
async function signInPageIn(page: Page, language: 'en' | 'de') {
    await page.goto(url('/login'));
    await page.evaluate(
        ([key, value]) => {
            for (const name of Object.keys(localStorage))
                if (name.startsWith('CognitoIdentityServiceProvider.'))
                    localStorage.removeItem(name);
            localStorage.setItem(key, value);
        },
        [LANGUAGE_STORAGE_KEY, language] as const,
    );
    await page.reload();
    await page.getByLabel(ui[language].email).waitFor();
}

async function signInAs(page: Page, texts: UiTexts, email: string, password: string) {
    await page.getByLabel(texts.email).fill(email);
    await page.getByLabel(texts.password).fill(password);
    await page.getByRole('button', { name: texts.signIn, exact: true }).click();
}

/** The header's logout on wide screens (every test here signs out at 1280 px). */
async function signOutAs(page: Page, texts: UiTexts) {
    await page.getByRole('button', { name: texts.logout, exact: true }).click();
    await page.waitForURL(/\/login$/);
}

/** Opens a select and clicks an option; a multiple select stays open and is closed with Esc. */
async function choose(page: Page, select: Locator, option: string | RegExp, multiple = false) {
    await select.click();
    await page.getByRole('option', { name: option }).first().click();
    if (multiple) await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/**
 * The admin adds a back-office user to an organisation (which sends the invitation), opens the
 * mail viewer from the administration navigation and reads the newest invitation: answers its
 * temporary password. (The administration's own user list offers the platform roles only.)
 */
async function inviteAndReadAsAdmin(
    page: Page,
    texts: UiTexts,
    user: NewUser,
    screenshots: string,
): Promise<string> {
    const admin = demoLoginOf(env.server, 'Admin');
    await signInAs(page, texts, admin.email, admin.password);
    await page.waitForURL((target) => !target.pathname.startsWith('/login'));

    await page.goto(url(`/tenant/${tenantId}/users/backoffice`));
    await page.getByRole('button', { name: texts.addUser }).click();
    const dialog = page.getByRole('dialog');
    const row = dialog.getByRole('group', { name: texts.permissionRow(1) });
    await row.waitFor();
    await choose(page, dialog.getByRole('combobox', { name: texts.userType }), texts.manager);
    await dialog.getByRole('textbox', { name: texts.email }).fill(user.email);
    await dialog.getByRole('textbox', { name: texts.firstName }).fill(user.firstName);
    await dialog.getByRole('textbox', { name: texts.lastName }).fill(user.lastName);
    await choose(page, row.getByRole('combobox', { name: texts.role }), ROLE);
    await choose(
        page,
        row.getByRole('combobox', { name: texts.scopes }),
        new RegExp(`^${user.tenantName}`),
        true,
    );
    await dialog.getByRole('button', { name: texts.save, exact: true }).click();
    await page.getByText(texts.created(`${user.firstName} ${user.lastName}`)).waitFor();
    await dialog.waitFor({ state: 'detached' });

    await page.goto(url('/administration'));
    // The context's index goes on to its first page (a list that writes its sort into the
    // address); the drawer's entry is clicked there at once, and the page must not lead back.
    await page.waitForURL((target) => target.pathname !== '/administration');
    await page.getByRole('menuitem', { name: texts.menuEntry }).click();
    await page.waitForURL(/\/administration\/mail-outbox$/);
    await page.getByRole('heading', { level: 1, name: texts.heading }).waitFor();
    // Newest first: the new user's invitation heads the list.
    const firstRow = page.locator('table tbody tr').first();
    await firstRow.getByText(user.email).first().waitFor();
    expect(await firstRow.getByText(texts.invitationKind).count()).toBe(1);
    expect(await screenshotAndAxe(page, `${screenshots}-list`), 'axe on the list').toEqual([]);

    const read = firstRow.getByRole('button', {
        name: texts.readMail(INVITATION_SUBJECT, user.email),
    });
    await read.focus();
    await page.keyboard.press('Enter');
    const mail = page.getByRole('dialog', { name: INVITATION_SUBJECT });
    await mail.getByRole('heading', { name: texts.messageText }).waitFor();
    const text = (await mail.locator('pre').textContent()) ?? '';
    expect(text).toContain(`Username: ${user.email}`);
    expect(await screenshotAndAxe(page, `${screenshots}-mail`), 'axe on the mail').toEqual([]);
    await mail.getByRole('button', { name: texts.close }).click();
    await mail.waitFor({ state: 'detached' });
    return temporaryPasswordOf(text);
}

/** The new user signs in with the temporary password and is asked for a password of their own. */
async function signInWithTemporaryPassword(
    page: Page,
    texts: UiTexts,
    email: string,
    temporaryPassword: string,
) {
    await signInAs(page, texts, email, temporaryPassword);
    await page.waitForURL(/\/forceChangePwd$/);
    await page.getByRole('heading', { name: texts.forcedChange }).waitFor();
}

describe('the mail viewer', () => {
    it('English: the admin adds a user and reads the invitation in the outbox; the user signs in with its temporary password', async () => {
        const page = await env.browser.newPage();
        await page.setViewportSize({ width: 1280, height: 900 });
        const user = newUser('Olga');
        await signInPageIn(page, 'en');
        const temporaryPassword = await inviteAndReadAsAdmin(page, ui.en, user, 'mail-viewer-1280');
        // The password shown is the one of the newest invitation in the database.
        expect(temporaryPassword).toBe(
            temporaryPasswordOf(await latestMail(env.server, user.email, 'invitation')),
        );

        // At 390 px: the list keeps recipient, status and the read button; the mail fills the screen.
        await page.setViewportSize({ width: 390, height: 844 });
        const read = page
            .getByRole('button', { name: ui.en.readMail(INVITATION_SUBJECT, user.email) })
            .first();
        await read.scrollIntoViewIfNeeded();
        expect(await read.isVisible()).toBe(true);
        expect(await screenshotAndAxe(page, 'mail-viewer-390-list'), 'axe at 390 px').toEqual([]);
        await read.click();
        const mail = page.getByRole('dialog', { name: INVITATION_SUBJECT });
        expect(await mail.locator('pre').textContent()).toContain(
            `Temporary password: ${temporaryPassword}`,
        );
        expect(
            await screenshotAndAxe(page, 'mail-viewer-390-mail'),
            'axe on the mail at 390 px',
        ).toEqual([]);
        await page.keyboard.press('Escape');
        await mail.waitFor({ state: 'detached' });
        await page.setViewportSize({ width: 1280, height: 900 });

        await signOutAs(page, ui.en);
        await signInWithTemporaryPassword(page, ui.en, user.email, temporaryPassword);
        expect(pathOf(page)).toBe('/forceChangePwd');
        expect(env.browser.problems).toEqual([]);
        await closePage(page);
    });

    it('German: the same way with the interface in German', async () => {
        const page = await env.browser.newPage();
        await page.setViewportSize({ width: 1280, height: 900 });
        const user = newUser('Greta');
        await signInPageIn(page, 'de');
        const temporaryPassword = await inviteAndReadAsAdmin(
            page,
            ui.de,
            user,
            'mail-viewer-de-1280',
        );
        expect(temporaryPassword).toBe(
            temporaryPasswordOf(await latestMail(env.server, user.email, 'invitation')),
        );
        await signOutAs(page, ui.de);
        await signInWithTemporaryPassword(page, ui.de, user.email, temporaryPassword);
        expect(env.browser.problems).toEqual([]);
        await signInPageIn(page, 'en');
        await closePage(page);
    });

    it('English: a resent invitation carries a new temporary password; the old one no longer signs in', async () => {
        const page = await env.browser.newPage();
        await page.setViewportSize({ width: 1280, height: 900 });
        const user = newUser('Rosa');
        await signInPageIn(page, 'en');
        const first = await inviteAndReadAsAdmin(page, ui.en, user, 'mail-viewer-resend');

        await page.goto(url(`/tenant/${tenantId}/users/backoffice`));
        await page.getByRole('searchbox').first().fill(user.email);
        await page
            .getByRole('button', { name: `Edit the data of ${user.firstName} ${user.lastName}` })
            .click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: 'Resend invitation' }).click();
        await page
            .getByText(`A new invitation with a new temporary password was sent to ${user.email}.`)
            .waitFor();
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });

        await page.goto(url('/administration/mail-outbox'));
        const firstRow = page.locator('table tbody tr').first();
        await firstRow.getByText(user.email).first().waitFor();
        await firstRow
            .getByRole('button', { name: ui.en.readMail(INVITATION_SUBJECT, user.email) })
            .click();
        const mail = page.getByRole('dialog', { name: INVITATION_SUBJECT });
        const second = temporaryPasswordOf((await mail.locator('pre').textContent()) ?? '');
        expect(second).not.toBe(first);
        await page.keyboard.press('Escape');
        await mail.waitFor({ state: 'detached' });
        await signOutAs(page, ui.en);

        await signInAs(page, ui.en, user.email, first);
        await page.getByText('Incorrect e-mail address or password.').waitFor();
        expect(pathOf(page)).toBe('/login');
        await signInWithTemporaryPassword(page, ui.en, user.email, second);
        // The one expected failure: the sign-in with the old password.
        expect(
            unexpectedProblems(env.browser.problems, [
                /^HTTP 400 POST \/cognito-idp\/$/,
                /status of 400/,
            ]),
        ).toEqual([]);
        await signInPageIn(page, 'en');
        await closePage(page);
    });
});
