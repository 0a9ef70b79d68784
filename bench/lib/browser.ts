import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { BENCH_CHROMIUM_FLAGS, findChromium } from '../../tests/e2e/fixtures/chromium.js';
import { gzipBytes } from './bundle.js';
import type { DemoLogin } from './server-process.js';

/**
 * Runs in the page before any of its scripts: records, relative to navigation start, when the
 * sign-in form is usable (an enabled submit button next to a password field) and when the
 * first data row of a table appears. A MutationObserver sees the exact moment. A string, not a
 * function: tsx would add helper calls to a function that do not exist inside the page. The
 * resource timing buffer is enlarged so the waterfall before the first row is complete.
 */
const MARK_MILESTONES = `
(() => {
    const marks = {};
    window.__benchMarks = marks;
    performance.setResourceTimingBufferSize(2000);
    const check = () => {
        const submit = document.querySelector('button[type="submit"]');
        if (!marks.signInUsable && submit instanceof HTMLButtonElement && !submit.disabled && document.querySelector('input[type="password"]')) {
            marks.signInUsable = performance.now();
            window.__scriptsBeforeUsable = performance.getEntriesByType('resource').filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js')).map((entry) => entry.name);
        }
        if (!marks.firstRow && document.querySelector('table tbody tr td')) marks.firstRow = performance.now();
        if (!marks.liveUsable && document.querySelector('table tbody tr td + td') && document.querySelector('[data-kpi-value]')) marks.liveUsable = performance.now();
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
})();
`;

type Milestone = 'signInUsable' | 'firstRow' | 'liveUsable';

export async function milestone(page: Page, name: Milestone): Promise<number> {
    const handle = await page.waitForFunction(
        (key) =>
            (window as unknown as { __benchMarks?: Record<string, number> }).__benchMarks?.[key],
        name,
        { timeout: 30_000 },
    );
    return Math.round(Number(await handle.jsonValue()));
}

interface JsBytes {
    files: number;
    gzipBytes: number;
    /** Script URLs not found in the build (other origins, or paths the build does not hold). */
    notInBuild?: string[];
}

/** Gzip sizes of the JS files a page fetched from the build. */
function jsBytes(distDir: string, urls: string[]): JsBytes {
    const paths = [
        ...new Set(urls.map((url) => new URL(url).pathname).filter((path) => path.endsWith('.js'))),
    ];
    const inBuild = paths.filter((path) => existsSync(resolve(distDir, `.${path}`)));
    const notInBuild = paths.filter((path) => !inBuild.includes(path));
    return {
        files: paths.length,
        gzipBytes: inBuild.reduce((sum, path) => sum + gzipBytes(distDir, path), 0),
        ...(notInBuild.length > 0 ? { notInBuild } : {}),
    };
}

/** One request of a page, relative to its navigation start (Resource Timing). */
interface WaterfallEntry {
    path: string;
    type: string;
    startMs: number;
    endMs: number;
    transferBytes: number;
}

export interface ColdLoad {
    firstRowMs: number;
    js: JsBytes;
    waterfall: WaterfallEntry[];
    finalPath: string;
}

interface SignInLoad {
    finalPath: string;
    documentLoads: number;
    navigations: string[];
    jsBeforeUsable: JsBytes;
    jsRequestedByMilestoneRead: JsBytes;
}

interface TimingEntry {
    name: string;
    initiatorType: string;
    startTime: number;
    responseEnd: number;
    transferSize: number;
}

export async function freshContext(browser: Browser): Promise<BrowserContext> {
    const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        locale: 'en-GB',
    });
    await context.addInitScript({ content: MARK_MILESTONES });
    return context;
}

/** Signs in through the form of a page showing it; resolves once the app has left /login. */
export async function signInThroughForm(page: Page, login: DemoLogin): Promise<void> {
    await page
        .locator('input[type="email"], input[name="email"], input[name="username"]')
        .first()
        .fill(login.email);
    await page.locator('input[type="password"]').first().fill(login.password);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/landing|\/administration|\/tenant|\/depot/, { timeout: 30_000 });
}

/**
 * A cold load of `path` in the signed-in context: the HTTP cache is cleared (the stored session
 * stays), `previous` is closed, and a new page loads the URL until its first table row. Returns
 * the new page (the caller closes it) with the first-row time, the JS the page requested until
 * then and every request started before the first row (or before `until`, then in `firstRowMs`).
 */
export async function coldLoad(
    context: BrowserContext,
    previous: Page,
    baseUrl: string,
    path: string,
    distDir: string,
    until: Milestone = 'firstRow',
): Promise<{ page: Page; load: ColdLoad }> {
    const session = await context.newCDPSession(previous);
    await session.send('Network.clearBrowserCache');
    await session.detach();
    await previous.close();
    const page = await context.newPage();
    const scripts: string[] = [];
    const types = new Map<string, string>();
    page.on('request', (request) => {
        types.set(request.url(), request.resourceType());
        if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${baseUrl}${path}`);
    const firstRowMs = await milestone(page, until);
    const timings = await page.evaluate(() =>
        [
            ...performance.getEntriesByType('navigation'),
            ...performance.getEntriesByType('resource'),
        ].map((entry) => {
            const timing = entry as PerformanceResourceTiming;
            return {
                name: timing.name,
                initiatorType: timing.initiatorType,
                startTime: timing.startTime,
                responseEnd: timing.responseEnd,
                transferSize: timing.transferSize,
            };
        }),
    );
    const origin = new URL(baseUrl).origin;
    const waterfall = (timings as TimingEntry[])
        .filter((entry) => entry.startTime <= firstRowMs)
        .sort((a, b) => a.startTime - b.startTime)
        .map((entry) => {
            const url = new URL(entry.name);
            return {
                path: url.origin === origin ? `${url.pathname}${url.search}` : entry.name,
                type: types.get(entry.name) ?? entry.initiatorType,
                startMs: Math.round(entry.startTime),
                endMs: Math.round(entry.responseEnd),
                transferBytes: entry.transferSize,
            };
        });
    return {
        page,
        load: {
            firstRowMs,
            js: jsBytes(distDir, scripts),
            waterfall,
            finalPath: new URL(page.url()).pathname,
        },
    };
}

export const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The figures of a list page over the runs: the median run's JS and waterfall. */
function listPageResult(path: string, loads: ColdLoad[]) {
    const allRunsMs = loads.map((load) => load.firstRowMs);
    const afterMs = median(allRunsMs);
    const medianRun = loads.find((load) => load.firstRowMs === afterMs) ?? loads[0];
    return {
        path,
        finalPath: medianRun?.finalPath,
        afterMs,
        allRunsMs,
        js: medianRun?.js,
        jsAllRuns: loads.map((load) => load.js.gzipBytes),
        waterfallBeforeFirstRow: medianRun?.waterfall,
    };
}

/**
 * Cold loads in headless Chromium (new context = empty cache and storage): `/` signed out,
 * which must reach /login with one client-side redirect, until the sign-in form is usable;
 * then, signed in (same stored session, cleared HTTP cache, new page), cold loads of list pages
 * until their first row: the platform admin's depot list and back-office user list, and the
 * organisation admin's depot list in the organisation view (/tenant/<tenantId>/...). Median of
 * `runs`.
 */
export async function measureBrowser(
    baseUrl: string,
    logins: { admin: DemoLogin; organisationAdmin: DemoLogin },
    distDir: string,
    runs = 5,
) {
    const browser = await chromium.launch({
        executablePath: findChromium(),
        headless: true,
        args: BENCH_CHROMIUM_FLAGS,
    });
    const pages = {
        adminDepots: '/administration/configurations/depots',
        adminBackOfficeUsers: '/administration/users/backoffice',
    };
    try {
        const signInTimes: number[] = [];
        let signIn: SignInLoad | undefined;
        const loads: Record<'adminDepots' | 'adminBackOfficeUsers' | 'orgDepots', ColdLoad[]> = {
            adminDepots: [],
            adminBackOfficeUsers: [],
            orgDepots: [],
        };
        let organisationLanding = '';
        let orgDepotsPath = '';
        for (let run = 0; run < runs; run++) {
            // The platform admin: the sign-in page, then two list pages.
            const adminContext = await freshContext(browser);
            try {
                const page = await adminContext.newPage();
                const scripts: string[] = [];
                page.on(
                    'request',
                    (request) => request.resourceType() === 'script' && scripts.push(request.url()),
                );
                const navigations: string[] = [];
                page.on(
                    'framenavigated',
                    (frame) =>
                        frame === page.mainFrame() &&
                        navigations.push(new URL(frame.url()).pathname),
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
                    navigations: [...navigations],
                    jsBeforeUsable: jsBytes(distDir, scriptsBeforeUsable),
                    jsRequestedByMilestoneRead: jsBytes(distDir, scripts),
                };
                await signInThroughForm(page, logins.admin);
                let previous = page;
                for (const name of ['adminDepots', 'adminBackOfficeUsers'] as const) {
                    const { page: listPage, load } = await coldLoad(
                        adminContext,
                        previous,
                        baseUrl,
                        pages[name],
                        distDir,
                    );
                    loads[name].push(load);
                    previous = listPage;
                }
            } finally {
                await adminContext.close();
            }

            // The organisation admin: signs in, opens the organisation view, then its depot list.
            const orgContext = await freshContext(browser);
            try {
                const page = await orgContext.newPage();
                await page.goto(`${baseUrl}/login`);
                await milestone(page, 'signInUsable');
                await signInThroughForm(page, logins.organisationAdmin);
                organisationLanding = new URL(page.url()).pathname;
                let tenantId = /^\/tenant\/([^/]+)/.exec(organisationLanding)?.[1];
                if (!tenantId) {
                    // Several contexts: the landing page offers them; the organisation view
                    // with a single organisation opens it (/tenant/<tenantId>).
                    await page.goto(`${baseUrl}/tenant`);
                    await page.waitForURL(/\/tenant\/[^/]+/, { timeout: 30_000 });
                    tenantId = /^\/tenant\/([^/]+)/.exec(new URL(page.url()).pathname)?.[1];
                }
                if (!tenantId)
                    throw new Error(`no organisation in the URL after sign-in: ${page.url()}`);
                orgDepotsPath = `/tenant/${tenantId}/configurations/depots`;
                const { load } = await coldLoad(orgContext, page, baseUrl, orgDepotsPath, distDir);
                loads.orgDepots.push(load);
            } finally {
                await orgContext.close();
            }
        }
        return {
            runs,
            signIn: {
                ...(signIn as SignInLoad),
                usableAfterMs: median(signInTimes),
                allRunsMs: signInTimes,
            },
            depotListFirstRow: {
                as: logins.admin.role,
                ...listPageResult(pages.adminDepots, loads.adminDepots),
            },
            organisationDepotListFirstRow: {
                as: logins.organisationAdmin.role,
                landingAfterSignIn: organisationLanding,
                ...listPageResult(orgDepotsPath, loads.orgDepots),
            },
            backOfficeUserListFirstRow: {
                as: logins.admin.role,
                ...listPageResult(pages.adminBackOfficeUsers, loads.adminBackOfficeUsers),
            },
        };
    } finally {
        await browser.close();
    }
}
