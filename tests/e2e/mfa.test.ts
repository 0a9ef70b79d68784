import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { depots } from '../../server/db/schema/index.js';
import { LANGUAGE_STORAGE_KEY } from '../../src/i18n/languages.js';
import { signIn, signOut } from './fixtures/app.js';
import { demoLoginOf } from './fixtures/server.js';
import { closePage, screenshotAndAxe } from './fixtures/browser.js';
import { setUpE2eEnvironment } from './fixtures/environment.js';
import { createTestUser, freshTotp, uniqueEmail } from './fixtures/identity.js';

/**
 * Issue 13 point 13: a user sets up two-step sign-in from the profile with an authenticator
 * app's code, signs in with a code, and turns it off again; the section in German too.
 */
const env = setUpE2eEnvironment();
const { url } = env;

const codeField = (page: Page) => page.getByLabel(/^6-digit code/);

async function enterTotp(page: Page, code: string) {
    await codeField(page).fill(code);
    await codeField(page).press('Enter');
}

describe('two-step sign-in from the profile', () => {
    it('sets up TOTP with a code, asks for a code at the next sign-in, and turns it off', async () => {
        const [depot] = await env.server.db.select().from(depots).limit(1);
        if (!depot) throw new Error('the demo data has no depot');
        const password = 'Mfa-profile-pass-1!';
        const user = await createTestUser(env.server, {
            email: uniqueEmail('mfa.profile'),
            firstName: 'Mira',
            tenantId: depot.tenantId,
            password,
            grants: [
                {
                    roleId: 'role-depot-standard',
                    scopePath: depot.scopePath,
                    tenantId: depot.tenantId,
                },
            ],
        });
        const page = await env.browser.newPage();
        await page.goto(url('/login'));
        await signIn(page, user.email, password);
        await page.waitForURL((target) => !target.pathname.startsWith('/login'));

        await page.goto(url('/my/profile'));
        const section = page.getByRole('region', { name: 'Two-step sign-in' });
        await section.getByText('Your sign-in asks only for your password.').waitFor();
        await section.getByRole('button', { name: 'Set up' }).click();
        const dialog = page.getByRole('dialog', { name: 'Set up an authenticator app' });
        await dialog.waitFor();
        const shownKey = (await dialog.locator('code').textContent()) ?? '';
        expect(shownKey).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
        const secret = shownKey.replace(/\s/g, '');
        expect(await screenshotAndAxe(page, 'profile-totp-setup'), 'axe').toEqual([]);
        const first = await freshTotp(secret, undefined);
        await enterTotp(page, first.code);
        await dialog.waitFor({ state: 'detached' });
        await section
            .getByText('Your sign-in asks for a code from your authenticator app.')
            .waitFor();
        await signOut(page);

        await signIn(page, user.email, password);
        await page.getByRole('heading', { level: 1, name: 'Two-step sign-in' }).waitFor();
        const second = await freshTotp(secret, first.step);
        await enterTotp(page, second.code);
        await page.waitForURL((target) => !target.pathname.startsWith('/login'));

        await page.goto(url('/my/profile'));
        await section.getByRole('button', { name: 'Turn off' }).click();
        const question = page.getByRole('dialog', { name: 'Turn off two-step sign-in?' });
        await question.waitFor();
        await question.getByRole('button', { name: /confirm|turn off/i }).click();
        await section.getByText('Your sign-in asks only for your password.').waitFor();

        await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
            LANGUAGE_STORAGE_KEY,
            'de',
        ] as const);
        await page.reload();
        await page.getByRole('region', { name: 'Zwei-Schritt-Anmeldung' }).waitFor();
        await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
            LANGUAGE_STORAGE_KEY,
            'en',
        ] as const);
        await page.reload();
        await signOut(page);

        await signIn(page, user.email, password);
        await page.waitForURL((target) => !target.pathname.startsWith('/login'));
        expect(await page.getByRole('heading', { name: 'Two-step sign-in' }).count()).toBe(0);
        await signOut(page);
        await closePage(page);
    });

    it('an organisation admin requires it for the organisation: its users set it up at the next sign-in', async () => {
        const [depot] = await env.server.db.select().from(depots).limit(1);
        if (!depot) throw new Error('the demo data has no depot');
        const password = 'Mfa-required-pass-1!';
        const orgAdmin = await createTestUser(env.server, {
            email: uniqueEmail('mfa.orgadmin'),
            firstName: 'Olga',
            tenantId: depot.tenantId,
            password,
            grants: [
                {
                    roleId: 'role-organization-admin',
                    scopePath: depot.tenantId,
                    tenantId: depot.tenantId,
                },
            ],
        });
        const member = await createTestUser(env.server, {
            email: uniqueEmail('mfa.member'),
            firstName: 'Mats',
            tenantId: depot.tenantId,
            password,
            grants: [
                {
                    roleId: 'role-depot-standard',
                    scopePath: depot.scopePath,
                    tenantId: depot.tenantId,
                },
            ],
        });
        const page = await env.browser.newPage();
        await page.goto(url('/login'));
        await signIn(page, orgAdmin.email, password);
        await page.waitForURL((target) => !target.pathname.startsWith('/login'));
        await page.goto(url(`/tenant/${depot.tenantId}/users/backoffice`));
        const requirement = page.getByRole('switch', {
            name: 'Require two-step sign-in for the back-office users of this organisation',
        });
        await requirement.waitFor();
        expect(await requirement.isChecked()).toBe(false);
        await requirement.click();
        await page
            .getByText(
                'Two-step sign-in is now required for the back-office users of this organisation.',
            )
            .waitFor();
        expect(await requirement.isChecked()).toBe(true);
        expect(await screenshotAndAxe(page, 'tenant-users-mfa-required'), 'axe').toEqual([]);
        await signOut(page);

        // The member has no authenticator yet: the sign-in asks to set one up.
        await signIn(page, member.email, password);
        await page.getByRole('heading', { name: 'Set up two-step sign-in' }).waitFor();
        await page.goto(url('/login'));

        // The organisation admin is one of those users: a code from a new authenticator first.
        await signIn(page, orgAdmin.email, password);
        await page.getByRole('heading', { name: 'Set up two-step sign-in' }).waitFor();
        const secret = ((await page.locator('code').textContent()) ?? '').replace(/\s/g, '');
        await enterTotp(page, (await freshTotp(secret, undefined)).code);
        await page.waitForURL((target) => !target.pathname.startsWith('/login'));

        // In German, and lifted again.
        await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
            LANGUAGE_STORAGE_KEY,
            'de',
        ] as const);
        await page.goto(url(`/tenant/${depot.tenantId}/users/backoffice`));
        const german = page.getByRole('switch', {
            name: 'Zweistufige Anmeldung für die Backoffice-Benutzer dieser Organisation verlangen',
        });
        await german.waitFor();
        expect(await german.isChecked()).toBe(true);
        await german.click();
        await page
            .getByText(
                'Die zweistufige Anmeldung ist für die Backoffice-Benutzer dieser Organisation nicht mehr Pflicht.',
            )
            .waitFor();
        await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
            LANGUAGE_STORAGE_KEY,
            'en',
        ] as const);
        await page.reload();
        await signOut(page);
        await signIn(page, member.email, password);
        await page.waitForURL((target) => !target.pathname.startsWith('/login'));
        expect(await page.getByRole('heading', { name: 'Set up two-step sign-in' }).count()).toBe(
            0,
        );
        await signOut(page);
        await closePage(page);
    });

    it("an admin resets another user's two-step sign-in from the profile: the old authenticator is no longer asked for", async () => {
        const [depot] = await env.server.db.select().from(depots).limit(1);
        if (!depot) throw new Error('the demo data has no depot');
        const password = 'Mfa-reset-pass-1!';
        const user = await createTestUser(env.server, {
            email: uniqueEmail('mfa.reset'),
            firstName: 'Rita',
            tenantId: depot.tenantId,
            password,
            mfaSetup: true,
            grants: [
                {
                    roleId: 'role-depot-standard',
                    scopePath: depot.scopePath,
                    tenantId: depot.tenantId,
                },
            ],
        });
        const page = await env.browser.newPage();
        await page.goto(url('/login'));
        // The user sets up an authenticator at the first sign-in, then signs out.
        await signIn(page, user.email, password);
        await page.getByRole('heading', { name: 'Set up two-step sign-in' }).waitFor();
        const secret = ((await page.locator('code').textContent()) ?? '').replace(/\s/g, '');
        const first = await freshTotp(secret, undefined);
        await enterTotp(page, first.code);
        await page.waitForURL((target) => !target.pathname.startsWith('/login'));
        await signOut(page);
        await signIn(page, user.email, password);
        await page.getByRole('heading', { level: 1, name: 'Two-step sign-in' }).waitFor();
        await page.goto(url('/login'));

        const admin = demoLoginOf(env.server, 'Admin');
        await signIn(page, admin.email, admin.password);
        await page.waitForURL((target) => !target.pathname.startsWith('/login'));
        await page.goto(url(`/users/profile/${user.id}`));
        await page.getByRole('button', { name: 'Reset two-step sign-in' }).click();
        const question = page.getByRole('alertdialog', {
            name: 'Reset the two-step sign-in of Rita Tester?',
        });
        await question.waitFor();
        await question.getByRole('button', { name: 'Reset' }).click();
        await page.getByText('Two-step sign-in of Rita Tester reset.').waitFor();
        await signOut(page);

        // No code of the old authenticator: a new one is set up (the user must have one).
        await signIn(page, user.email, password);
        await page.getByRole('heading', { name: 'Set up two-step sign-in' }).waitFor();
        await page.goto(url('/login'));
        await closePage(page);
    });
});
