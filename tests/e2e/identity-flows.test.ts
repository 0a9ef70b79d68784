import { and, eq, ne } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { depots, users } from '../../server/db/schema/index.js';
import { pathOf, signIn, signOut } from './fixtures/app.js';
import { closePage, unexpectedProblems } from './fixtures/browser.js';
import {
    createTestUser,
    freshTotp,
    latestMail,
    resetCodeOf,
    temporaryPasswordOf,
    uniqueEmail,
    wrongTotp,
    type TestUser,
} from './fixtures/identity.js';
import { IDENTITY_REFUSALS, setUpE2eEnvironment } from './fixtures/environment.js';

const env = setUpE2eEnvironment();
const { url } = env;
/** The organisation and depot the new users work in, and a depot of another organisation. */
let home: { tenantId: string; depotPath: string };
let foreign: { tenantId: string; externalDepotId: string };

beforeAll(async () => {
    const [depot] = await env.server.db.select().from(depots).limit(1);
    if (!depot) throw new Error('the demo data has no depot');
    home = { tenantId: depot.tenantId, depotPath: depot.scopePath };
    const [other] = await env.server.db
        .select()
        .from(depots)
        .where(ne(depots.tenantId, depot.tenantId))
        .limit(1);
    if (!other) throw new Error('the demo data has a single organisation');
    foreign = { tenantId: other.tenantId, externalDepotId: other.externalDepotId };
});

/** Runs axe and saves a screenshot; no CSP violation may have happened so far. */
const checkPage = (page: Page, name: string) => env.checkPage(page, name, ['csp']);

/** A form field by the start of its label (required fields add an asterisk). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}`));

const isFocused = (page: Page, label: string) =>
    field(page, label).evaluate((element) => element === document.activeElement, undefined, {
        timeout: 2000,
    });

async function enterTotp(page: Page, code: string) {
    const input = field(page, '6-digit code');
    await input.fill(code);
    await input.press('Enter');
}

/** Identity-service calls of one operation that the page sends from now on. */
function countCalls(page: Page, operation: string): () => number {
    let calls = 0;
    page.on('request', (request) => {
        if (request.headers()['x-amz-target'] === `AWSCognitoIdentityProviderService.${operation}`)
            calls += 1;
    });
    return () => calls;
}

describe('identity flows in the browser', () => {
    // A new user who must set up MFA (custom:mfa_setup), invited with a temporary password.
    let newUser: TestUser;
    let password = 'First-own-password-1!';
    let secret = '';
    let lastTotpStep: number | undefined;

    it('first sign-in: temporary password, forced password change, TOTP setup, landing', async () => {
        newUser = await createTestUser(env.server, {
            email: uniqueEmail('new.user'),
            firstName: 'Nora',
            tenantId: home.tenantId,
            mfaSetup: true,
            grants: [
                {
                    roleId: 'role-tenant-standard',
                    scopePath: home.tenantId,
                    tenantId: home.tenantId,
                },
                {
                    roleId: 'role-depot-standard',
                    scopePath: home.depotPath,
                    tenantId: home.tenantId,
                },
            ],
        });
        const temporaryPassword = temporaryPasswordOf(
            await latestMail(env.server, newUser.email, 'invitation'),
        );

        const page = await env.browser.newPage();
        await page.goto(url('/login'));
        await signIn(page, newUser.email, temporaryPassword);

        await page.waitForURL(/\/forceChangePwd$/);
        await page.getByRole('heading', { level: 1, name: 'Choose your password' }).waitFor();
        await expect.poll(() => isFocused(page, 'New password')).toBe(true);
        // The rule is checked before anything is sent.
        await page.keyboard.type('too-weak');
        await page.keyboard.press('Enter');
        await expect
            .poll(() =>
                page.getByText('The password does not meet the rules', { exact: false }).count(),
            )
            .toBe(1);
        await expect.poll(() => page.getByText('Please repeat the new password.').count()).toBe(1);
        await checkPage(page, 'force-change-password');

        await field(page, 'New password').fill(password);
        await field(page, 'Repeat the new password').fill(password);
        await page.getByRole('button', { name: 'Save password' }).click();

        await page.getByRole('heading', { level: 1, name: 'Set up two-step sign-in' }).waitFor();
        expect(pathOf(page)).toBe('/login');
        const qrCode = page.getByRole('img', {
            name: 'QR code for setting up your authenticator app',
        });
        await qrCode.waitFor();
        expect(await qrCode.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
        const shownKey = (await page.locator('code').textContent()) ?? '';
        expect(shownKey).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
        secret = shownKey.replace(/\s/g, '');
        await expect.poll(() => isFocused(page, '6-digit code')).toBe(true);
        await checkPage(page, 'totp-setup');

        const { code, step } = await freshTotp(secret, undefined);
        await enterTotp(page, code);
        lastTotpStep = step;
        await page.waitForURL(/\/landing$/);
        await expect
            .poll(() => page.getByRole('heading', { level: 1 }).textContent())
            .toBe('Hello Nora');
        await signOut(page);
        await closePage(page);
    });

    it('sign-in with MFA: a wrong code is refused and can be retried', async () => {
        const page = await env.browser.newPage();
        await page.goto(url('/login'));
        await signIn(page, newUser.email, password);
        await page.getByRole('heading', { level: 1, name: 'Two-step sign-in' }).waitFor();
        await expect.poll(() => isFocused(page, '6-digit code')).toBe(true);
        await checkPage(page, 'totp-code');

        const { code, step } = await freshTotp(secret, lastTotpStep);
        await enterTotp(page, await wrongTotp(secret, step));
        await expect
            .poll(() => page.getByRole('alert').textContent())
            .toBe('The code is not correct. Please check it and try again.');
        // The field is selected again for the next try.
        await expect.poll(() => isFocused(page, '6-digit code')).toBe(true);
        await page.screenshot({ path: 'tests/e2e/screenshots/totp-code-wrong.png' });

        await enterTotp(page, code);
        lastTotpStep = step;
        await page.waitForURL(/\/landing$/);
        await signOut(page);
        await closePage(page);
    });

    it('forgot password: a code by e-mail, a new password, then signed in', async () => {
        const page = await env.browser.newPage();
        await page.goto(url('/login'));
        await page.getByLabel(/^E-mail address/).fill(newUser.email);
        await page.getByRole('link', { name: 'Forgot your password?' }).click();
        await page.waitForURL(/\/resetPwd$/);
        await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
        expect(await page.getByLabel(/^E-mail address/).inputValue()).toBe(newUser.email);
        await checkPage(page, 'reset-password-request');

        await page.getByRole('button', { name: 'Send code' }).click();
        const codeField = field(page, 'Code from the e-mail');
        await codeField.waitFor();
        await expect.poll(() => isFocused(page, 'Code from the e-mail')).toBe(true);
        await expect
            .poll(() => page.getByRole('status').first().textContent())
            .toMatch(/^We sent a code to /);
        await checkPage(page, 'reset-password-confirm');

        const code = resetCodeOf(
            await latestMail(env.server, newUser.email, 'password-reset-code'),
        );
        password = 'Reset-own-password-2!';
        await codeField.fill(code === '000000' ? '111111' : '000000');
        await field(page, 'New password').fill(password);
        await field(page, 'Repeat the new password').fill(password);
        await page.getByRole('button', { name: 'Set new password' }).click();
        await expect
            .poll(() => page.getByRole('alert').textContent())
            .toBe('The code is not correct. Please check it and try again.');

        await codeField.fill(code);
        await page.getByRole('button', { name: 'Set new password' }).click();
        // Signed in with the new password; a reset leaves MFA on, so the code is asked for.
        await page.getByRole('heading', { level: 1, name: 'Two-step sign-in' }).waitFor();
        const totp = await freshTotp(secret, lastTotpStep);
        await enterTotp(page, totp.code);
        lastTotpStep = totp.step;
        await page.waitForURL(/\/landing$/);
        await signOut(page);
        await closePage(page);
    });

    it('changes the password: signed out it signs in first, same password is a note, errors and success are alerts', async () => {
        let currentPassword = 'Changeable-password-3!';
        const user = await createTestUser(env.server, {
            email: uniqueEmail('changer'),
            firstName: 'Chris',
            tenantId: home.tenantId,
            password: currentPassword,
            grants: [
                {
                    roleId: 'role-depot-standard',
                    scopePath: home.depotPath,
                    tenantId: home.tenantId,
                },
            ],
        });
        const page = await env.browser.newPage();
        const changePasswordCalls = countCalls(page, 'ChangePassword');
        await page.goto(url('/changePwd'));
        await page.waitForURL(/\/login$/);
        await signIn(page, user.email, currentPassword);
        await page.waitForURL(/\/changePwd$/);
        await page.getByRole('heading', { level: 1, name: 'Change password' }).waitFor();
        await expect.poll(() => isFocused(page, 'Current password')).toBe(true);
        await checkPage(page, 'change-password');

        const fill = async (old: string, next: string) => {
            await field(page, 'Current password').fill(old);
            await field(page, 'New password').fill(next);
            await field(page, 'Repeat the new password').fill(next);
            await page.getByRole('button', { name: 'Change password' }).click();
        };

        await fill(currentPassword, currentPassword);
        await expect
            .poll(() => page.getByRole('status').filter({ hasText: 'nothing was changed' }).count())
            .toBe(1);
        expect(changePasswordCalls()).toBe(0);

        await fill('Not-my-password-9!', 'Brand-new-password-4!');
        const alert = page.getByRole('alertdialog');
        await expect.poll(() => alert.textContent()).toContain('Something went wrong.');
        expect(await alert.textContent()).toContain('The current password is not correct.');
        // The dialog fades in: let it finish before the screenshot.
        await alert.evaluate((element) =>
            Promise.all(
                (element.closest('.MuiDialog-root') ?? element)
                    .getAnimations({ subtree: true })
                    .map((animation) => animation.finished),
            ),
        );
        await checkPage(page, 'change-password-error');
        await page.keyboard.press('Enter');
        await alert.waitFor({ state: 'detached' });

        await fill(currentPassword, 'Brand-new-password-4!');
        currentPassword = 'Brand-new-password-4!';
        await expect.poll(() => alert.textContent()).toContain('Your password was changed.');
        expect(changePasswordCalls()).toBe(2);
        await page.keyboard.press('Enter');
        // Opened directly, it has nowhere to return to but the start page (a single context leads on to it).
        await page.waitForURL(/\/depot\//);

        // Reachable from the profile (the header's profile link); Cancel returns.
        await page.getByRole('link', { name: /@/ }).click();
        await page.waitForURL(/\/my\/profile$/);
        await page.getByRole('link', { name: 'Change password' }).click();
        await page.waitForURL(/\/changePwd$/);
        await page.getByRole('button', { name: 'Cancel' }).click();
        await expect.poll(() => pathOf(page)).toBe('/my/profile');

        await signOut(page);
        await signIn(page, user.email, currentPassword);
        // react-admin brings the user back to the page they logged out from.
        await page.waitForURL(/\/my\/profile$/);
        await signOut(page);
        await closePage(page);
    });

    it('locks an account after repeated wrong passwords and says so', async () => {
        const user = await createTestUser(env.server, {
            email: uniqueEmail('locked'),
            firstName: 'Lou',
            tenantId: home.tenantId,
            password: 'Lockable-password-5!',
            grants: [
                {
                    roleId: 'role-depot-standard',
                    scopePath: home.depotPath,
                    tenantId: home.tenantId,
                },
            ],
        });
        const page = await env.browser.newPage();
        await page.goto(url('/login'));
        const alert = page.getByRole('alert');
        let text = '';
        for (
            let attempt = 1;
            attempt <= 10 && !text.startsWith('Too many failed attempts');
            attempt++
        ) {
            await signIn(page, user.email, `Wrong-password-${attempt}!`);
            await expect
                .poll(() => page.getByRole('button', { name: 'Sign in' }).isEnabled())
                .toBe(true);
            text = (await alert.textContent()) ?? '';
        }
        expect(text).toBe('Too many failed attempts. Please wait a moment and try again.');
        await checkPage(page, 'login-locked-out');
        await closePage(page);
    });

    it("sends a depot user who types another organisation's URL to the error page", async () => {
        const depotLogin = env.server.logins.find(
            (login) => login.role === 'Standard Access (Depot)',
        );
        if (!depotLogin) throw new Error('no demo depot user');
        const [depotUser] = await env.server.db
            .select({ tenantId: users.tenantId })
            .from(users)
            .where(and(eq(users.email, depotLogin.email)));
        expect(depotUser?.tenantId).not.toBe(foreign.tenantId);

        const page = await env.browser.newPage();
        await page.goto(url('/login'));
        await signIn(page, depotLogin.email, depotLogin.password);
        await page.waitForURL(/\/depot(\/|$)/);

        for (const path of [
            `/depot/${foreign.tenantId}/${foreign.externalDepotId}`,
            `/depot/${foreign.tenantId}`,
            `/tenant/${foreign.tenantId}/configurations/depots`,
        ]) {
            await page.goto(url(path));
            await page.waitForURL(/\/error\/noPermission$/);
            await expect
                .poll(() => page.getByRole('alert').textContent())
                .toContain('You are not allowed to open this page.');
        }

        await page.goto(url('/error/changeScope'));
        const selector = page.getByRole('navigation', { name: 'Scope selection' });
        await selector.waitFor();
        expect(await selector.getByRole('link', { name: 'Select a depot' }).count()).toBe(1);
        expect(await selector.getByRole('link', { name: 'Select an organisation' }).count()).toBe(
            0,
        );
        await checkPage(page, 'error-change-scope');

        await signOut(page);
        expect(unexpectedProblems(env.browser.problems, IDENTITY_REFUSALS)).toEqual([]);
        await closePage(page);
    });
});
