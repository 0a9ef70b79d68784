// `npm run build:server`: compiles the server (server/ and domain/) into ES modules under
// build/server/, which `npm start` runs with plain `node`. `npm start` calls it by itself when
// the output is missing or older than its sources.
//
// The output sits two folders below the project root, like the source files under
// server/<area>/, so a path a module computes from `import.meta.url` (`../../schemas`) names the
// same folder from either place; chunks stay beside main.js for the same reason. The migrations
// are copied beside the chunks: the database client reads `./migrations` next to its module.
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const outDir = join(root, 'build', 'server');
/** Written last: its time is the build's time, and its absence means "no usable build". */
const MARKER = join(outDir, 'build-info.json');
/** What the output is made of: a change to any of these makes it stale. */
const SOURCES = ['server', 'domain', 'package.json', 'package-lock.json', 'tsconfig.json'];
/**
 * Dependencies compiled into the output instead of loaded from node_modules at every start:
 * ES-module packages of many small files (typebox alone has 700), which Node loads one file at
 * a time. No other package loads them at run time, so there is still one copy of each. Every
 * other package stays external, as installed.
 */
const BUNDLED_PACKAGES = ['typebox', 'drizzle-orm', 'jose', 'otplib'];

/** The newest modification time under `path` (files and folders, so deletions count), or 0. */
export function newestMtime(path) {
    let stat;
    try {
        stat = statSync(path);
    } catch {
        return 0;
    }
    if (!stat.isDirectory()) return stat.mtimeMs;
    let newest = stat.mtimeMs;
    for (const entry of readdirSync(path, { withFileTypes: true })) {
        const child = join(path, entry.name);
        newest = Math.max(
            newest,
            entry.isDirectory() ? newestMtime(child) : statSync(child).mtimeMs,
        );
    }
    return newest;
}

/** Why the compiled server must be (re)built, or null when it is up to date. A stat walk: ms. */
export function serverBuildReason() {
    let builtAt;
    try {
        builtAt = statSync(MARKER).mtimeMs;
    } catch {
        return 'missing';
    }
    return SOURCES.some((source) => newestMtime(join(root, source)) > builtAt) ? 'stale' : null;
}

/** Compiles the server into build/server/ (replacing what was there); answers its duration. */
export async function buildServer() {
    // Loaded only when a build is needed: importing esbuild costs more than the staleness check.
    const { build } = await import('esbuild');
    const started = performance.now();
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
        .filter((name) => !BUNDLED_PACKAGES.includes(name))
        .flatMap((name) => [name, `${name}/*`]);
    rmSync(outDir, { recursive: true, force: true });
    const result = await build({
        absWorkingDir: root,
        entryPoints: ['server/main.ts'],
        outdir: outDir,
        bundle: true,
        // main.ts imports the app dynamically, to load it while the database opens: a chunk.
        splitting: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        external,
        // Stack traces name the TypeScript files and lines (`node --enable-source-maps`).
        sourcemap: 'linked',
        sourcesContent: false,
        legalComments: 'none',
        logLevel: 'warning',
        metafile: true,
    });
    // A CommonJS module inside an ES-module bundle breaks on its first `require` of a package.
    const commonJs = Object.entries(result.metafile.inputs)
        .filter(([, input]) => input.format === 'cjs')
        .map(([path]) => path);
    if (commonJs.length > 0)
        throw new Error(`CommonJS modules in the server bundle: ${commonJs.join(', ')}`);
    cpSync(join(root, 'server', 'db', 'migrations'), join(outDir, 'migrations'), {
        recursive: true,
    });
    writeFileSync(MARKER, `${JSON.stringify({ builtAt: new Date().toISOString() })}\n`);
    return Math.round(performance.now() - started);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
    const durationMs = await buildServer();
    console.log(`Server compiled into build/server/ in ${durationMs} ms`);
}
