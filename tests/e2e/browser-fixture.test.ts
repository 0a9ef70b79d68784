import { describe, expect, it } from 'vitest';
import { CLOSE_WAIT_MS, closePage } from './fixtures/browser.js';
import { setUpE2eEnvironment } from './fixtures/environment.js';

const env = setUpE2eEnvironment();

/**
 * How long a close may take here before it counts as lost (Playwright's own close never gives
 * up): longer than closePage's own wait for a document in flight, so that wait is not counted.
 */
const CLOSE_LIMIT_MS = CLOSE_WAIT_MS + 5_000;

describe('the e2e browser fixture', () => {
    it('closes a page while its next document is loading (as after a sign-out)', async () => {
        const outcomes: string[] = [];
        // The close lands at different points between the document's request and its commit.
        for (const delay of [0, 10, 20, 30, 40, 60, 80]) {
            const page = await env.browser.newPage();
            await page.goto(env.url('/login'));
            await page.getByLabel(/^E-mail address/).waitFor();
            const request = page.waitForRequest(
                (candidate) =>
                    candidate.isNavigationRequest() && candidate.url().endsWith('/login'),
            );
            await page.evaluate(() => {
                setTimeout(() => window.location.replace('/login'), 0);
            });
            await request;
            await new Promise((resolve) => setTimeout(resolve, delay));
            const closed = await Promise.race([
                closePage(page).then(() => 'closed'),
                new Promise<string>((resolve) =>
                    setTimeout(() => resolve('still open'), CLOSE_LIMIT_MS),
                ),
            ]);
            outcomes.push(`${delay} ms: ${closed}`);
        }
        expect(outcomes).toEqual([
            '0 ms: closed',
            '10 ms: closed',
            '20 ms: closed',
            '30 ms: closed',
            '40 ms: closed',
            '60 ms: closed',
            '80 ms: closed',
        ]);
    });
});
