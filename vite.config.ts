/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;
const proxied = [
    '/api',
    '/tenant-admin',
    '/data-gateway',
    '/device-management',
    '/tour-commander',
    '/api-access',
    '/cognito-idp',
    '/docs',
    '/healthz',
    '/readyz',
    '/locales',
    // The schemas and the offline map background the server serves itself.
    '/assets/schemas',
    '/assets/map',
];

const COMPRESSIBLE = /\.(js|css|html|json|svg)$/;
const MIN_COMPRESS_BYTES = 1024;

function filesUnder(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
    );
}

/**
 * After the build: writes dist/build-info.json `{ versionId }` (VERSION_ID, else the package
 * version and a short hash of the output) and .br/.gz copies of every text asset of 1 KB or
 * more, which the server sends pre-compressed.
 */
function buildInfoAndCompression(): Plugin {
    let outDir = 'dist';
    return {
        name: 'build-info-and-compression',
        apply: 'build',
        configResolved(config) {
            outDir = resolve(config.root, config.build.outDir);
        },
        writeBundle() {
            const files = filesUnder(outDir)
                .filter((file) => !/\.(br|gz)$/.test(file) && !file.endsWith('build-info.json'))
                .sort();
            const hash = createHash('sha256');
            for (const file of files)
                hash.update(file.slice(outDir.length)).update(readFileSync(file));
            const { version } = JSON.parse(
                readFileSync(resolve(import.meta.dirname, 'package.json'), 'utf8'),
            ) as { version: string };
            const versionId =
                process.env.VERSION_ID || `${version}-${hash.digest('hex').slice(0, 10)}`;
            writeFileSync(join(outDir, 'build-info.json'), `${JSON.stringify({ versionId })}\n`);
            for (const file of [...files, join(outDir, 'build-info.json')]) {
                if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_COMPRESS_BYTES) continue;
                const content = readFileSync(file);
                writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
                writeFileSync(
                    `${file}.br`,
                    brotliCompressSync(content, {
                        params: {
                            [zlib.BROTLI_PARAM_QUALITY]: 11,
                            [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
                        },
                    }),
                );
            }
        },
    };
}

/**
 * Runs in the page before anything else (an inline script). With a stored session it preloads
 * the app's chunks and starts, with the stored access token, the profile request (the first
 * request of every signed-in page) and on a depot page the depot list request, for
 * `src/bootProfile.ts` to hand out; otherwise it preloads the sign-in page's chunks.
 * Self-contained (no imports, no helpers): it is injected as its source.
 */
function firstLoad(app: string[], signIn: string[]): void {
    const prefix = 'CognitoIdentityServiceProvider.';
    let token: string | null = null;
    let signedIn = false;
    try {
        const config = JSON.parse(document.getElementById('app-config')?.textContent || '{}') as {
            cognito?: { userPoolClientId?: string };
            services?: { backOffice?: string };
        };
        const client = config.cognito?.userPoolClientId || 'backoffice-web';
        const user = localStorage.getItem(prefix + client + '.LastAuthUser');
        signedIn = Boolean(user);
        token = user ? localStorage.getItem(prefix + client + '.' + user + '.accessToken') : null;
        const payload = token ? token.split('.')[1] : undefined;
        const claims = payload
            ? (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number })
            : {};
        if (token && typeof claims.exp === 'number' && claims.exp * 1000 > Date.now() + 5000) {
            const api = config.services?.backOffice || '/api';
            const headers = { Accept: 'application/json', Authorization: 'Bearer ' + token };
            const requests: Record<string, { token: string; response: Promise<Response> }> = {
                profile: { token, response: fetch(api + '/users/me', { headers }) },
            };
            // A depot page finds its depot in the user's depot list before anything else.
            if (/^\/depot\/[^/]+\/[^/]+/.test(location.pathname))
                requests.depots = {
                    token,
                    response: fetch(api + '/distributionCenters', { headers }),
                };
            (window as unknown as { __bootRequests?: unknown }).__bootRequests = requests;
        }
    } catch {
        signedIn = false;
    }
    if (/^\/(login|resetPwd|forceChangePwd)$/.test(location.pathname)) signedIn = false;
    // index.html shows the shell's outline until React renders the page.
    if (signedIn) document.documentElement.dataset.boot = 'app';
    (signedIn ? app : signIn).forEach((file) => {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = file;
        document.head.appendChild(link);
    });
}

/**
 * Lets the browser fetch the first page's chunks while the entry still loads, instead of after
 * it ran: a small inline script (with the page's CSP nonce) preloads the app's chunks when a
 * session is stored (Amplify's `LastAuthUser` entry) and the sign-in page's otherwise, so
 * neither visitor fetches the other's code. The view of the page itself is preloaded by the
 * app's code (src/screens/preloadView.ts), which knows the routes.
 */
function preloadFirstChunks(): Plugin {
    let base = '/';
    return {
        name: 'preload-first-chunks',
        apply: 'build',
        configResolved(config) {
            base = config.base;
        },
        transformIndexHtml: {
            order: 'post',
            handler(_html, context) {
                const chunks = Object.values(context.bundle ?? {}).filter(
                    (output) => output.type === 'chunk',
                );
                const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
                const importClosure = (fileName: string) => {
                    const files = new Set<string>();
                    const visit = (file: string) => {
                        if (files.has(file)) return;
                        files.add(file);
                        for (const imported of byName.get(file)?.imports ?? []) visit(imported);
                    };
                    visit(fileName);
                    return files;
                };
                const closure = (suffix: string) => {
                    const root = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(suffix));
                    if (!root) throw new Error(`preload-first-chunks: no chunk for ${suffix}`);
                    return importClosure(root.fileName);
                };
                if (!context.chunk) throw new Error('preload-first-chunks: no entry chunk');
                const entry = importClosure(context.chunk.fileName);
                const after = (suffix: string) =>
                    [...closure(suffix)]
                        .filter((file) => !entry.has(file))
                        .map((file) => `${base}${file}`);
                const signIn = after('/src/customRoutes/signIn/SignInShell.tsx');
                const app = after('/src/App.tsx');
                const script = `(${firstLoad.toString()})(${JSON.stringify(app)}, ${JSON.stringify(signIn)})`;
                return [
                    {
                        tag: 'script',
                        attrs: { nonce: '__CSP_NONCE__' },
                        children: script,
                        injectTo: 'head' as const,
                    },
                ];
            },
        },
    };
}

/** The modules a set of roots import statically, transitively (what loads with them). */
function staticClosure(
    roots: string[],
    importsOf: (id: string) => readonly string[] | undefined,
): Set<string> {
    const seen = new Set<string>();
    const stack = [...roots];
    for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
        if (seen.has(id)) continue;
        seen.add(id);
        stack.push(...(importsOf(id) ?? []));
    }
    return seen;
}

const LIBRARY = /[\\/]node_modules[\\/]/;
/**
 * Libraries of pages that need them only (maps, charts, schema forms and their validator,
 * CSV/Excel, QR codes): they stay in their pages' chunks and are never grouped.
 */
const PAGE_LIBRARY =
    /[\\/]node_modules[\\/](leaflet|react-leaflet|@react-leaflet|recharts|d3-[^\\/]+|victory-vendor|@rjsf|ajv|ajv-formats|fast-uri|json-schema-traverse|papaparse|exceljs|qrcode|jsondiffpatch)[\\/]/;

/** Libraries of the signed-in shell that every signed-in page runs on. */
const SHELL_LIBRARY =
    /[\\/]node_modules[\\/](ra-core|ra-ui-materialui|react-admin|@mui[\\/]material|@mui[\\/]icons-material|react-router|react-router-dom|@tanstack|react-hook-form|@hookform|lodash|inflection|query-string|decode-uri-component|filter-obj|split-on-first|eventemitter3|react-error-boundary|react-hotkeys-hook|@popperjs|react-transition-group|@mui[\\/]system|@mui[\\/]utils|@mui[\\/]styled-engine|@emotion|clsx|prop-types|react-is|get-intrinsic|es-[a-z-]+|has-[a-z-]+|object-[a-z-]+|define-data-property|function-bind|call-bind[a-z-]*|gopd|hasown|dunder-proto|math-intrinsics|side-channel[a-z-]*|qs|tslib|node-polyglot|warning|jsonexport|ra-language-english)[\\/]/;

/**
 * Chunks by route, so that a page load fetches a handful of files and the sign-in page never
 * more than it needs: `vendor-start` holds the libraries of the entry and the sign-in page
 * (React, MUI core, i18next), `start` our boot code, `sign-in` the sign-in page's code;
 * `vendor-app` the libraries of the signed-in shell (react-admin, react-router, react-query and
 * the MUI components the screens use: they share most of them), `shell` our code of the shell
 * (layout, providers, screen descriptors). Each screen's views are chunks of their own (lazy
 * imports); the libraries only single pages need (PAGE_LIBRARY) stay with those pages.
 * Groups are computed from the static imports (`buildEnd`), before tree-shaking.
 */
function routeChunks(): Plugin {
    const entry = new Set<string>();
    const signIn = new Set<string>();
    const shell = new Set<string>();
    return {
        name: 'route-chunks',
        apply: 'build',
        buildEnd() {
            const importsOf = (id: string) => this.getModuleInfo(id)?.importedIds;
            const ids = [...this.getModuleIds()];
            const find = (suffix: string) => {
                const id = ids.find((candidate) => candidate.endsWith(suffix));
                if (!id) throw new Error(`route-chunks: no module ${suffix}`);
                return id;
            };
            const main = find('/src/main.tsx');
            for (const id of staticClosure([main], importsOf)) if (id !== main) entry.add(id);
            for (const id of staticClosure(
                [find('/src/customRoutes/signIn/SignInShell.tsx')],
                importsOf,
            ))
                if (!entry.has(id)) signIn.add(id);
            for (const id of staticClosure([find('/src/App.tsx')], importsOf))
                if (!entry.has(id) && !signIn.has(id)) shell.add(id);
        },
        outputOptions(options) {
            const library = (id: string) => LIBRARY.test(id) && !PAGE_LIBRARY.test(id);
            const ours = (id: string) => !LIBRARY.test(id) && !id.startsWith('\0');
            return {
                ...options,
                codeSplitting: {
                    groups: [
                        {
                            name: 'vendor-start',
                            test: (id) => library(id) && (entry.has(id) || signIn.has(id)),
                            priority: 40,
                        },
                        { name: 'start', test: (id) => ours(id) && entry.has(id), priority: 35 },
                        { name: 'sign-in', test: (id) => ours(id) && signIn.has(id), priority: 30 },
                        {
                            name: 'vendor-app',
                            test: (id) => SHELL_LIBRARY.test(id) && shell.has(id),
                            priority: 20,
                        },
                        { name: 'shell', test: (id) => ours(id) && shell.has(id), priority: 15 },
                    ],
                },
            };
        },
    };
}

/**
 * react-router's package exports only its development build (warnings, extra checks, 95 KB);
 * production builds import its production files instead.
 */
const reactRouterProduction = [
    {
        find: /^react-router$/,
        replacement: resolve(
            import.meta.dirname,
            'node_modules/react-router/dist/production/index.mjs',
        ),
    },
    {
        find: /^react-router\/dom$/,
        replacement: resolve(
            import.meta.dirname,
            'node_modules/react-router/dist/production/dom-export.mjs',
        ),
    },
];

/** API test files that replace a server module with `vi.mock`: they run isolated (project api-mocked). */
const apiMockingFiles = ['tests/api/depot-upload-concurrency.test.ts'];

/** What the two API projects share. */
const apiProject = {
    environment: 'node' as const,
    // Migrates once: each file's database starts from that template.
    globalSetup: ['tests/api/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Conformance tests build their own SDK clients (see docs/decisions.md, Node 20 and the AWS SDK).
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
};

export default defineConfig(({ mode }) => ({
    plugins: [react(), routeChunks(), preloadFirstChunks(), buildInfoAndCompression()],
    resolve: { alias: mode === 'production' ? reactRouterProduction : [] },
    html: { cspNonce: '__CSP_NONCE__' },
    server: {
        host: '127.0.0.1',
        port: 5173,
        proxy: Object.fromEntries(
            // `ws`: the tour commander's live stream is a WebSocket.
            proxied.map((path) => [path, { target: apiTarget, changeOrigin: false, ws: true }]),
        ),
    },
    build: { target: 'es2022', sourcemap: false },
    test: {
        // Two files at a time (vitest's default is one on a two-core machine).
        maxWorkers: 2,
        // Inline projects do not inherit this root config (no `extends`), so tests run without the React plugin.
        projects: [
            {
                test: {
                    name: 'unit',
                    include: ['tests/unit/**/*.test.{ts,tsx}'],
                    environment: 'node',
                    // A file's first render in jsdom (MUI, react-admin) can take seconds on a busy
                    // two-core CI machine; speed is measured by `npm run bench`, not here.
                    testTimeout: 20_000,
                    setupFiles: ['tests/unit/setup.ts'],
                },
            },
            {
                test: {
                    ...apiProject,
                    name: 'api',
                    include: ['tests/api/**/*.test.ts'],
                    exclude: apiMockingFiles,
                    // A worker imports the server's modules once for all its files (each file has
                    // its own app and database; the server's caches are keyed by database).
                    isolate: false,
                },
            },
            // Files that replace a server module (vi.mock) need a module registry of their own.
            { test: { ...apiProject, name: 'api-mocked', include: apiMockingFiles } },
            {
                test: {
                    name: 'e2e',
                    include: ['tests/e2e/**/*.test.ts'],
                    environment: 'node',
                    // Migrates and seeds the demo data once: each file's server starts from a copy.
                    globalSetup: ['tests/e2e/fixtures/global-setup.ts'],
                    testTimeout: 120_000,
                    hookTimeout: 180_000,
                    // A page waits on its server: on a loaded CI machine one answer can take seconds.
                    expect: { poll: { timeout: 15_000, interval: 100 } },
                },
            },
        ],
    },
}));
