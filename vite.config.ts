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
 * Lets the browser fetch the sign-in page's chunks (MUI core, shared with the app) while the
 * entry still loads, instead of after it ran: saves one round of the waterfall before the
 * form is usable. The app chunk itself is not preloaded: visitors of /login do not need it.
 */
function preloadSignInChunks(): Plugin {
    let base = '/';
    return {
        name: 'preload-sign-in-chunks',
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
                const signIn = chunks.find((chunk) =>
                    chunk.facadeModuleId?.endsWith('/src/customRoutes/signIn/SignInShell.tsx'),
                );
                if (!signIn)
                    throw new Error('preload-sign-in-chunks: no chunk for SignInShell.tsx');
                const alreadyLoaded = new Set([
                    context.chunk?.fileName,
                    ...(context.chunk?.imports ?? []),
                ]);
                return [signIn.fileName, ...signIn.imports]
                    .filter((fileName) => !alreadyLoaded.has(fileName))
                    .map((fileName) => ({
                        tag: 'link',
                        attrs: {
                            rel: 'modulepreload',
                            crossorigin: true,
                            href: `${base}${fileName}`,
                        },
                        injectTo: 'head' as const,
                    }));
            },
        },
    };
}

export default defineConfig({
    plugins: [react(), preloadSignInChunks(), buildInfoAndCompression()],
    html: { cspNonce: '__CSP_NONCE__' },
    server: {
        host: '127.0.0.1',
        port: 5173,
        proxy: Object.fromEntries(
            proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }]),
        ),
    },
    build: { target: 'es2022', sourcemap: false },
    test: {
        // Inline projects do not inherit this root config (no `extends`), so tests run without the React plugin.
        projects: [
            {
                test: {
                    name: 'unit',
                    include: ['tests/unit/**/*.test.{ts,tsx}'],
                    environment: 'node',
                },
            },
            {
                test: {
                    name: 'api',
                    include: ['tests/api/**/*.test.ts'],
                    environment: 'node',
                    testTimeout: 30_000,
                    hookTimeout: 60_000,
                    // Conformance tests build their own SDK clients (see docs/decisions.md, Node 20 and the AWS SDK).
                    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
                },
            },
            {
                test: {
                    name: 'e2e',
                    include: ['tests/e2e/**/*.test.ts'],
                    environment: 'node',
                    testTimeout: 120_000,
                    hookTimeout: 180_000,
                    fileParallelism: false,
                },
            },
        ],
    },
});
