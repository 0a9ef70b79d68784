// The same browser measurements as ./browser.ts, taken on react-admin's own demo ("Posters
// Galore", examples/demo of marmelab/react-admin, built from its published npm packages by
// /work/ra-demo/build.sh) so our figures can be set beside a reference react-admin app.
import { createReadStream, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream';
import { createGzip } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { BENCH_CHROMIUM_FLAGS, findChromium } from '../../tests/e2e/fixtures/chromium.js';
import { gzipBytes } from './bundle.js';

/**
 * The demo's fake REST server answers every call after `withDelay(300)` (fakerest middleware,
 * examples/demo/src/fakeServer/rest.ts). The customers list shows its first row after exactly one
 * such call (GET /customers), so one delay is subtracted from that figure.
 */
const FAKE_DELAY_MS = 300;
const WAIT_MS = 30_000;

/**
 * MARK_MILESTONES of ./browser.ts, so both apps are timed by the same observer: when the sign-in
 * form is usable and when the first `table tbody tr td` appears, with one difference: a row
 * without text does not count. react-admin's DataTable draws text-less placeholder rows when its
 * data takes more than 1 s, which the demo's list can (the first data row comes about 1 s after
 * the table mounts); those are a skeleton, not the first row. A string, not a function: tsx would
 * add helper calls to a function that do not exist inside the page.
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
        const cell = document.querySelector('table tbody tr td');
        if (!marks.firstRow && cell && cell.parentElement && cell.parentElement.textContent.trim()) marks.firstRow = performance.now();
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
})();
`;

const CONTENT_TYPES: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'application/javascript; charset=utf-8',
    '.mjs': 'application/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.json': 'application/json; charset=utf-8',
    '.map': 'application/json; charset=utf-8',
    '.svg': 'image/svg+xml',
    '.ico': 'image/x-icon',
    '.png': 'image/png',
    '.jpg': 'image/jpeg',
    '.jpeg': 'image/jpeg',
    '.webp': 'image/webp',
    '.woff': 'font/woff',
    '.woff2': 'font/woff2',
    '.txt': 'text/plain; charset=utf-8',
};
/** Compressed on the fly, as our own server (@fastify/compress) does. */
const GZIPPED = new Set(['.html', '.js', '.mjs', '.css']);

interface JsFetched {
    files: number;
    gzipBytes: number;
}

export interface ReactAdminDemoMeasurement {
    runs: number;
    fakeDelayMs: number;
    signIn: { usableAfterMs: number; allRunsMs: number[]; jsBeforeUsable: JsFetched };
    customersFirstRow: {
        afterMs: number;
        afterMinusFakeDelayMs: number;
        allRunsMs: number[];
        js: JsFetched;
    };
}

function sendFile(root: string, request: IncomingMessage, response: ServerResponse): void {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405, { allow: 'GET, HEAD' }).end();
        return;
    }
    let pathname: string;
    try {
        pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    } catch {
        response.writeHead(400).end();
        return;
    }
    let file = resolve(root, `.${pathname}`);
    if (file !== root && !file.startsWith(root + sep)) {
        response.writeHead(403).end();
        return;
    }
    let size: number;
    try {
        let stats = statSync(file);
        if (stats.isDirectory()) {
            file = join(file, 'index.html');
            stats = statSync(file);
        }
        if (!stats.isFile()) throw new Error('not a file');
        size = stats.size;
    } catch {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
    }
    const extension = extname(file).toLowerCase();
    const headers: Record<string, string> = {
        'content-type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
    };
    const gzip =
        GZIPPED.has(extension) && /\bgzip\b/i.test(String(request.headers['accept-encoding']));
    if (GZIPPED.has(extension)) headers.vary = 'Accept-Encoding';
    if (gzip) headers['content-encoding'] = 'gzip';
    else headers['content-length'] = String(size);
    response.writeHead(200, headers);
    if (request.method === 'HEAD') {
        response.end();
        return;
    }
    const onError = (error: Error | null) => {
        if (error) response.destroy(error);
    };
    if (gzip) pipeline(createReadStream(file), createGzip({ level: 6 }), response, onError);
    else pipeline(createReadStream(file), response, onError);
}

async function startStaticServer(root: string): Promise<{ server: Server; baseUrl: string }> {
    const server = createServer((request, response) => sendFile(root, request, response));
    await new Promise<void>((resolveListen, rejectListen) => {
        server.once('error', rejectListen);
        server.listen(0, '127.0.0.1', () => resolveListen());
    });
    const { port } = server.address() as AddressInfo;
    return { server, baseUrl: `http://127.0.0.1:${port}` };
}

async function stopStaticServer(server: Server): Promise<void> {
    server.closeAllConnections();
    await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
}

async function milestone(page: Page, name: 'signInUsable' | 'firstRow'): Promise<number> {
    const handle = await page.waitForFunction(
        (key) =>
            (window as unknown as { __benchMarks?: Record<string, number> }).__benchMarks?.[key],
        name,
        { timeout: WAIT_MS },
    );
    return Math.round(Number(await handle.jsonValue()));
}

/** Gzip sizes of the JS files of the build a page fetched (other origins are left out). */
function jsBytes(distDir: string, baseUrl: string, urls: string[]): JsFetched {
    const origin = new URL(baseUrl).origin;
    const paths = [
        ...new Set(
            urls
                .map((url) => new URL(url))
                .filter((url) => url.origin === origin && url.pathname.endsWith('.js'))
                .map((url) => url.pathname),
        ),
    ];
    return {
        files: paths.length,
        gzipBytes: paths.reduce((sum, path) => sum + gzipBytes(distDir, path), 0),
    };
}

/** Upper median, as in ./browser.ts. */
const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Serves `distDir` (the demo's build) on loopback and measures in headless Chromium, each run in
 * a new context (empty cache and storage): a cold load of `/#/login` until the sign-in form is
 * usable; then, signed in (the demo accepts any login),
 * with the HTTP cache cleared, a cold load of `/#/customers` in a new page until the first table
 * row. Median of `runs`. The demo's service worker (MSW, its fake backend) stays registered in
 * the context, as it would for a returning user.
 *
 * The sign-in page is loaded at `/#/login`, not at `/`: signed out, the demo's `/` -> `/#/login`
 * redirect loops in react-admin (LogoutOnMount re-mounted while react-router's navigation is
 * still pending, ~1,000-3,000 history.pushState calls, marmelab/react-admin#10885) for several
 * seconds before the form shows, which would flatter our ratio; a direct load does not loop.
 */
export async function measureReactAdminDemo(
    distDir: string,
    runs = 5,
): Promise<ReactAdminDemoMeasurement> {
    const root = resolve(distDir);
    const { server, baseUrl } = await startStaticServer(root);
    try {
        const browser = await chromium.launch({
            executablePath: findChromium(),
            headless: true,
            args: BENCH_CHROMIUM_FLAGS,
            timeout: WAIT_MS,
        });
        try {
            const signInTimes: number[] = [];
            const rowTimes: number[] = [];
            let jsBeforeUsable: JsFetched = { files: 0, gzipBytes: 0 };
            let listJs: JsFetched = { files: 0, gzipBytes: 0 };
            for (let run = 0; run < runs; run++) {
                const context = await browser.newContext({
                    viewport: { width: 1280, height: 900 },
                    locale: 'en-GB',
                });
                try {
                    context.setDefaultTimeout(WAIT_MS);
                    context.setDefaultNavigationTimeout(WAIT_MS);
                    await context.addInitScript({ content: MARK_MILESTONES });
                    const page = await context.newPage();
                    // Its sign-in route itself: a visit of `/` loops for seconds first (see above).
                    await page.goto(`${baseUrl}/#/login`);
                    signInTimes.push(await milestone(page, 'signInUsable'));
                    if (!new URL(page.url()).hash.startsWith('#/login'))
                        throw new Error(`the demo did not redirect to #/login: ${page.url()}`);
                    const scriptsBeforeUsable = await page.evaluate(
                        () =>
                            (window as unknown as { __scriptsBeforeUsable: string[] })
                                .__scriptsBeforeUsable,
                    );
                    jsBeforeUsable = jsBytes(root, baseUrl, scriptsBeforeUsable);

                    await page.locator('input[name="username"]').fill('demo');
                    await page.locator('input[type="password"]').fill('demo');
                    await page.locator('button[type="submit"]').click();
                    await page.waitForURL((url) => url.hash === '#/');
                    await page.getByText('Monthly Revenue').first().waitFor();
                    // Same session (the demo keeps it in localStorage), cold HTTP cache, new page.
                    const session = await context.newCDPSession(page);
                    await session.send('Network.clearBrowserCache');
                    const listPage = await context.newPage();
                    const listScripts: string[] = [];
                    listPage.on(
                        'request',
                        (request) =>
                            request.resourceType() === 'script' && listScripts.push(request.url()),
                    );
                    await listPage.goto(`${baseUrl}/#/customers`);
                    rowTimes.push(await milestone(listPage, 'firstRow'));
                    listJs = jsBytes(root, baseUrl, listScripts);
                } finally {
                    await context.close();
                }
            }
            const afterMs = median(rowTimes);
            return {
                runs,
                fakeDelayMs: FAKE_DELAY_MS,
                signIn: {
                    usableAfterMs: median(signInTimes),
                    allRunsMs: signInTimes,
                    jsBeforeUsable,
                },
                customersFirstRow: {
                    afterMs,
                    afterMinusFakeDelayMs: afterMs - FAKE_DELAY_MS,
                    allRunsMs: rowTimes,
                    js: listJs,
                },
            };
        } finally {
            await browser.close();
        }
    } finally {
        await stopStaticServer(server);
    }
}
