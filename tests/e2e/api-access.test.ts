import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCredentials, users } from '../../server/db/schema/index.js';
import { signIn } from './fixtures/app.js';
import { closePage, screenshotAndAxe, unexpectedProblems } from './fixtures/browser.js';
import { setUpE2eEnvironment } from './fixtures/environment.js';

const env = setUpE2eEnvironment();
const { url } = env;

describe('API access management', () => {
    it('an organisation admin creates a credential, sees the secret once, reads the Developer Portal and revokes it', async () => {
        const login = env.server.logins.find(
            (candidate) => candidate.role === 'Organization Admin',
        );
        if (!login) throw new Error('no organisation admin in the demo data');
        const db = env.server.db;
        const [admin] = await db
            .select({ tenantId: users.tenantId })
            .from(users)
            .where(eq(users.email, login.email));
        const tenantId = admin?.tenantId;
        if (!tenantId) throw new Error('the organisation admin has no organisation');

        const page = await env.browser.newPage();
        await page.goto(url('/login'));
        await signIn(page, login.email, login.password);
        await page.waitForURL((target) => !target.pathname.startsWith('/login'));

        await page.goto(url(`/tenant/${tenantId}/api-access-management`));
        await page.getByRole('button', { name: 'New credential' }).waitFor();
        expect(
            await screenshotAndAxe(page, 'api-access-list-empty'),
            'axe on the empty list',
        ).toEqual([]);

        // Create: name, one scope, the default expiry.
        await page.getByRole('button', { name: 'New credential' }).click();
        const create = page.getByRole('dialog', { name: 'New API credential' });
        await create.getByLabel(/^Name/).fill('E2E warehouse sync');
        await create.getByRole('checkbox', { name: /depots:read/ }).check();
        expect(
            await screenshotAndAxe(page, 'api-access-create'),
            'axe on the create dialog',
        ).toEqual([]);
        await create.getByRole('button', { name: 'Create credential' }).click();

        // The secret, once, with the warning.
        const secretDialog = page.getByRole('dialog', { name: 'Credential created' });
        await secretDialog
            .getByText('It is shown only this once and cannot be displayed again.', {
                exact: false,
            })
            .waitFor();
        const clientSecret =
            (await secretDialog.getByTestId('api-client-secret').textContent()) ?? '';
        const clientId = (await secretDialog.getByTestId('api-client-id').textContent()) ?? '';
        expect(clientSecret.length).toBeGreaterThanOrEqual(43);
        expect(await secretDialog.getByRole('button', { name: /^Copy/ }).count()).toBe(2);
        expect(
            await screenshotAndAxe(page, 'api-access-secret-once'),
            'axe on the secret dialog',
        ).toEqual([]);
        const [stored] = await db
            .select()
            .from(apiCredentials)
            .where(eq(apiCredentials.clientId, clientId));
        expect(stored).toMatchObject({
            tenantId,
            name: 'E2E warehouse sync',
            scopes: ['depots:read'],
        });
        expect(stored?.secretHash).toMatch(/^\$argon2id\$/);
        expect(stored?.secretHash).not.toContain(clientSecret);

        // The secret really works: a machine client gets a token and reads the depots.
        const tokenAnswer = await fetch(url('/api-access/api/v1/oauth2/token'), {
            method: 'POST',
            headers: {
                'content-type': 'application/x-www-form-urlencoded',
                authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
            },
            body: 'grant_type=client_credentials',
        });
        expect(tokenAnswer.status).toBe(200);
        const { access_token: firstToken } = (await tokenAnswer.json()) as { access_token: string };
        const depotsAnswer = await fetch(url('/data-gateway/api/v1/external/depots'), {
            headers: { authorization: `Bearer ${firstToken}` },
        });
        expect(depotsAnswer.status).toBe(200);

        // Closing goes to the detail, which never shows the secret again (nor after a reload), and nothing kept it.
        await secretDialog.getByRole('button', { name: 'I have stored the secret' }).click();
        await page.waitForURL(
            (target) =>
                target.pathname === `/tenant/${tenantId}/api-access-management/${stored?.id ?? ''}`,
        );
        await page.getByTestId('credential-client-id').getByText(clientId).waitFor();
        expect(await page.content()).not.toContain(clientSecret);
        const kept = await page.evaluate(
            () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
        );
        expect(kept).not.toContain(clientSecret);
        await page.reload();
        await page.getByTestId('credential-client-id').waitFor();
        expect(await page.content()).not.toContain(clientSecret);
        expect(await screenshotAndAxe(page, 'api-access-detail'), 'axe on the detail').toEqual([]);

        // The Developer Portal: the real token URL and a gateway call.
        await page.getByRole('button', { name: 'Developer Portal' }).click();
        const portal = page.getByRole('dialog', { name: /Developer Portal/ });
        await portal
            .getByTestId('portal-token-url')
            .getByText(url('/api-access/api/v1/oauth2/token'), { exact: false })
            .waitFor();
        await portal
            .getByText(url('/data-gateway/api/v1/external/depots'), { exact: false })
            .first()
            .waitFor();
        expect(
            await screenshotAndAxe(page, 'api-access-developer-portal'),
            'axe on the Developer Portal',
        ).toEqual([]);
        await page.keyboard.press('Escape');
        await portal.waitFor({ state: 'hidden' });

        // Edit: name and scopes in a dialog; the save sends the version.
        await page.getByRole('button', { name: 'Edit' }).click();
        const edit = page.getByRole('dialog', { name: 'Edit E2E warehouse sync' });
        await edit.getByLabel(/^Name/).fill('E2E warehouse sync v2');
        await edit.getByRole('checkbox', { name: /assignments:read/ }).check();
        expect(await screenshotAndAxe(page, 'api-access-edit'), 'axe on the edit dialog').toEqual(
            [],
        );
        await edit.getByRole('button', { name: 'Save' }).click();
        await page.getByRole('heading', { name: 'E2E warehouse sync v2' }).waitFor();
        const [edited] = await db
            .select()
            .from(apiCredentials)
            .where(eq(apiCredentials.clientId, clientId));
        expect(edited).toMatchObject({
            name: 'E2E warehouse sync v2',
            scopes: ['depots:read', 'assignments:read'],
            version: 2,
        });

        // Rotate: a new secret, shown once; the old one stops working at once.
        await page.getByRole('button', { name: 'Rotate secret' }).click();
        await page
            .getByRole('dialog', { name: 'Rotate the secret of E2E warehouse sync v2?' })
            .getByRole('button', { name: 'Rotate' })
            .click();
        const rotatedDialog = page.getByRole('dialog', { name: 'New secret created' });
        const newSecret =
            (await rotatedDialog.getByTestId('api-client-secret').textContent()) ?? '';
        expect(newSecret.length).toBeGreaterThanOrEqual(43);
        expect(newSecret).not.toBe(clientSecret);
        expect(
            await screenshotAndAxe(page, 'api-access-rotated-secret'),
            'axe on the rotated secret',
        ).toEqual([]);
        const basic = (secret: string) =>
            `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
        const exchange = (secret: string) =>
            fetch(url('/api-access/api/v1/oauth2/token'), {
                method: 'POST',
                headers: {
                    'content-type': 'application/x-www-form-urlencoded',
                    authorization: basic(secret),
                },
                body: 'grant_type=client_credentials',
            });
        expect((await exchange(clientSecret)).status).toBe(401);
        const fresh = await exchange(newSecret);
        expect(fresh.status).toBe(200);
        const { access_token: accessToken } = (await fresh.json()) as { access_token: string };
        await rotatedDialog.getByRole('button', { name: 'I have stored the secret' }).click();
        await rotatedDialog.waitFor({ state: 'hidden' });
        expect(await page.content()).not.toContain(newSecret);

        // Revoke (irreversible, confirmed): the status says so, and the token stops working.
        await page.getByRole('button', { name: 'Revoke' }).click();
        const confirm = page.getByRole('dialog', { name: 'Revoke E2E warehouse sync v2?' });
        await confirm.getByText('Revoking cannot be undone.', { exact: false }).waitFor();
        expect(
            await screenshotAndAxe(page, 'api-access-revoke-confirm'),
            'axe on the revoke confirmation',
        ).toEqual([]);
        await confirm.getByRole('button', { name: 'Revoke for good' }).click();
        await page.getByText('This credential is revoked.', { exact: false }).waitFor();
        expect(await page.getByRole('button', { name: 'Revoke' }).count()).toBe(0);
        const [revoked] = await db
            .select()
            .from(apiCredentials)
            .where(eq(apiCredentials.clientId, clientId));
        expect(revoked?.revokedAt).toBeInstanceOf(Date);
        const refused = await fetch(url('/data-gateway/api/v1/external/depots'), {
            headers: { authorization: `Bearer ${accessToken}` },
        });
        expect(refused.status).toBe(401);

        // The list on a phone.
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(url(`/tenant/${tenantId}/api-access-management`));
        await page.getByText('E2E warehouse sync v2').first().waitFor();
        expect(
            await screenshotAndAxe(page, 'api-access-list-390'),
            'axe on the list at 390 px',
        ).toEqual([]);
        await page.getByText('E2E warehouse sync v2').first().click();
        await page.getByTestId('credential-client-id').waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
            390,
        );
        expect(
            await screenshotAndAxe(page, 'api-access-detail-390'),
            'axe on the detail at 390 px',
        ).toEqual([]);

        expect(unexpectedProblems(env.browser.problems, [/status of 401/])).toEqual([]);
        await closePage(page);
    });
});
