import { chromium, type Browser, type Page } from 'playwright-core';
import { findChromium } from '../../tests/e2e/fixtures/chromium.js';
import { gzipBytes } from './bundle.js';

/** Flags from reference/stack-notes.md; Playwright adds --headless and a fresh profile itself. */
const CHROMIUM_FLAGS = [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
];

/**
 * Runs in the page before any of its scripts: records, relative to navigation start, when the
 * sign-in form is usable (an enabled submit button next to a password field) and when the
 * first data row of a table appears. A MutationObserver sees the exact moment. A string, not a
 * function: tsx would add helper calls to a function that do not exist inside the page.
 */
const MARK_MILESTONES = `
(() => {
    const marks = {};
    window.__benchMarks = marks;
    const check = () => {
        const submit = document.querySelector('button[type="submit"]');
        if (!marks.signInUsable && submit instanceof HTMLButtonElement && !submit.disabled && document.querySelector('input[type="password"]')) {
            marks.signInUsable = performance.now();
            window.__scriptsBeforeUsable = performance.getEntriesByType('resource').filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js')).map((entry) => entry.name);
        }
        if (!marks.firstRow && document.querySelector('table tbody tr td')) marks.firstRow = performance.now();
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
})();
`;

async function milestone(page: Page, name: 'signInUsable' | 'firstRow'): Promise<number> {
    const handle = await page.waitForFunction(
        (key) =>
            (window as unknown as { __benchMarks?: Record<string, number> }).__benchMarks?.[key],
        name,
        { timeout: 30_000 },
    );
    return Math.round(Number(await handle.jsonValue()));
}

/** Gzip sizes of the JS files a page fetched from the build. */
function jsBytes(distDir: string, urls: string[]): { files: number; gzipBytes: number } {
    const paths = [
        ...new Set(urls.map((url) => new URL(url).pathname).filter((path) => path.endsWith('.js'))),
    ];
    return {
        files: paths.length,
        gzipBytes: paths.reduce((sum, path) => sum + gzipBytes(distDir, path), 0),
    };
}

async function freshPage(browser: Browser) {
    const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        locale: 'en-GB',
    });
    await context.addInitScript({ content: MARK_MILESTONES });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on(
        'request',
        (request) => request.resourceType() === 'script' && scripts.push(request.url()),
    );
    return { context, page, scripts };
}

/**
 * Cold loads in headless Chromium (new context = empty cache and storage): `/` signed out,
 * which must reach /login with one client-side redirect, until the sign-in form is usable;
 * then, signed in, a cold load of the depot list until its first row. Median of `runs`.
 */
export async function measureBrowser(
    baseUrl: string,
    email: string,
    password: string,
    distDir: string,
    runs = 5,
) {
    const browser = await chromium.launch({
        executablePath: findChromium(),
        headless: true,
        args: CHROMIUM_FLAGS,
    });
    const median = (values: number[]) =>
        [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    try {
        const signInTimes: number[] = [];
        const rowTimes: number[] = [];
        let signIn: Record<string, unknown> = {};
        let list: Record<string, unknown> = {};
        for (let run = 0; run < runs; run++) {
            const { context, page, scripts } = await freshPage(browser);
            const navigations: string[] = [];
            page.on(
                'framenavigated',
                (frame) =>
                    frame === page.mainFrame() && navigations.push(new URL(frame.url()).pathname),
            );
            await page.goto(`${baseUrl}/`);
            signInTimes.push(await milestone(page, 'signInUsable'));
            const scriptsBeforeUsable = await page.evaluate(
                () =>
                    (window as unknown as { __scriptsBeforeUsable: string[] })
                        .__scriptsBeforeUsable,
            );
            signIn = {
                finalPath: new URL(page.url()).pathname,
                documentLoads: navigations.length,
                navigations,
                jsBeforeUsable: jsBytes(distDir, scriptsBeforeUsable),
                jsRequestedByMilestoneRead: jsBytes(distDir, scripts),
            };

            await page
                .locator('input[type="email"], input[name="email"], input[name="username"]')
                .first()
                .fill(email);
            await page.locator('input[type="password"]').first().fill(password);
            await page.locator('button[type="submit"]').click();
            await page.waitForURL(/\/landing|\/administration/);
            // Same session (stored tokens), cold HTTP cache, new page.
            const session = await context.newCDPSession(page);
            await session.send('Network.clearBrowserCache');
            const listPage = await context.newPage();
            const listScripts: string[] = [];
            listPage.on(
                'request',
                (request) => request.resourceType() === 'script' && listScripts.push(request.url()),
            );
            await listPage.goto(`${baseUrl}/administration/configurations/depots`);
            rowTimes.push(await milestone(listPage, 'firstRow'));
            list = { js: jsBytes(distDir, listScripts) };
            await context.close();
        }
        return {
            runs,
            signIn: { ...signIn, usableAfterMs: median(signInTimes), allRunsMs: signInTimes },
            depotListFirstRow: { ...list, afterMs: median(rowTimes), allRunsMs: rowTimes },
        };
    } finally {
        await browser.close();
    }
}
