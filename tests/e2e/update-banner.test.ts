import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './fixtures/app.js';
import { launchBrowser, screenshotAndAxe, type E2eBrowser } from './fixtures/browser.js';
import { startE2eServer, type E2eServer } from './fixtures/server.js';

let server: E2eServer;
let browser: E2eBrowser;

beforeAll(async () => {
    server = await startE2eServer();
    browser = await launchBrowser();
});

afterAll(async () => {
    await browser?.close();
    await server?.close();
});

const url = (path: string) => `${server.baseUrl}${path}`;

describe('update banner', () => {
    it('appears when the server reports a new build, updates by reloading, and stays closed for the session once closed', async () => {
        const page = await browser.newPage();
        await page.goto(url('/login'));
        await signIn(page, server.admin.email, server.admin.password);
        await page.waitForURL(/\/landing$/);
        const banner = page.getByRole('status').filter({ hasText: 'A new version of the back office is available.' });
        expect(await banner.count()).toBe(0);

        // From now on the service answers carry another build id, as after a deployment.
        await page.route(/\/(api|tenant-admin)\//, async (route) => {
            const response = await route.fetch();
            await route.fulfill({ response, headers: { ...response.headers(), 'x-version-id': 'newer-build' } });
        });
        await page.goto(url('/administration/configurations/depots'));
        await banner.waitFor();
        expect(await screenshotAndAxe(page, 'update-banner'), 'axe with the update banner').toEqual([]);

        const reloaded = page.waitForEvent('load');
        await banner.getByRole('button', { name: 'Update' }).click();
        await reloaded;
        await banner.waitFor();

        await banner.getByRole('button', { name: 'Close' }).click();
        await expect.poll(() => banner.count()).toBe(0);
        await page.reload();
        await page.locator('table tbody tr').first().waitFor();
        expect(await banner.count(), 'closed for the rest of the session').toBe(0);
        await page.close();
    });
});
