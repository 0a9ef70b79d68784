import { describe, expect, it } from 'vitest';
import { signIn } from './fixtures/app.js';
import { closePage, screenshotAndAxe } from './fixtures/browser.js';
import { setUpE2eEnvironment } from './fixtures/environment.js';

const env = setUpE2eEnvironment();
const { url } = env;

describe('update banner', () => {
    it('appears when the server reports a new build, updates by reloading, and stays closed for the session once closed', async () => {
        const page = await env.browser.newPage();
        await page.goto(url('/login'));
        await signIn(page, env.server.admin.email, env.server.admin.password);
        await page.waitForURL(/\/landing$/);
        const banner = page
            .getByRole('status')
            .filter({ hasText: 'A new version of the back office is available.' });
        expect(await banner.count()).toBe(0);

        // From now on the service answers carry another build id, as after a deployment.
        await page.route(/\/(api|tenant-admin)\//, async (route) => {
            const response = await route.fetch();
            await route.fulfill({
                response,
                headers: { ...response.headers(), 'x-version-id': 'newer-build' },
            });
        });
        await page.goto(url('/administration/configurations/depots'));
        await banner.waitFor();
        expect(await screenshotAndAxe(page, 'update-banner'), 'axe with the update banner').toEqual(
            [],
        );

        const reloaded = page.waitForEvent('load');
        await banner.getByRole('button', { name: 'Update' }).click();
        await reloaded;
        await banner.waitFor();

        await banner.getByRole('button', { name: 'Close' }).click();
        await expect.poll(() => banner.count()).toBe(0);
        await page.reload();
        await page.locator('table tbody tr').first().waitFor();
        expect(await banner.count(), 'closed for the rest of the session').toBe(0);
        await closePage(page);
    });
});
