import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { depots } from '../../server/db/schema/index.js';
import { LANGUAGE_STORAGE_KEY } from '../../src/i18n/languages.js';
import { signIn, signOut } from './fixtures/app.js';
import { screenshotAndAxe } from './fixtures/browser.js';
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
        await page.close();
    });
});
