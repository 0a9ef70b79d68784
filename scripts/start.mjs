// `npm start`: builds the browser app and compiles the server when their output is missing or
// older than their sources (both at once), then runs the compiled server (embedded PGlite under
// ./data unless DATABASE_URL is set). With nothing changed the two checks are stat walks of a
// few milliseconds.
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import module from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer, newestMtime, serverBuildReason } from './build-server.mjs';

const BUILD_MARKER = 'dist/build-info.json';
const SOURCES = [
    'src',
    'domain',
    'locales',
    'schemas',
    'index.html',
    'vite.config.ts',
    'package.json',
    'public',
];

function browserBuildReason() {
    let builtAt;
    try {
        builtAt = statSync(BUILD_MARKER).mtimeMs;
    } catch {
        return 'missing';
    }
    return SOURCES.some((source) => newestMtime(source) > builtAt) ? 'stale' : null;
}

function buildBrowser() {
    return new Promise((done, fail) => {
        const build = spawn(
            process.execPath,
            ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
            { stdio: 'inherit' },
        );
        build.on('error', fail);
        build.on('exit', (code) =>
            code === 0 ? done() : fail(new Error(`vite build exited with ${code}`)),
        );
    });
}

const browser = browserBuildReason();
const server = serverBuildReason();
if (browser === 'missing') console.log('Building the browser app (first start)...');
if (browser === 'stale')
    console.log('Sources changed since the last build: rebuilding the browser app...');
if (server === 'missing') console.log('Compiling the server (first start)...');
if (server === 'stale')
    console.log('Server sources changed since the last build: compiling the server...');
const builds = [browser && buildBrowser(), server && buildServer()];
try {
    await Promise.all(builds);
} catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
}

// The server runs in this process (no second Node start: ~0.2 s). Stack traces name the
// TypeScript files: source maps apply to the modules loaded from here on. Node 22.1+ also keeps
// the compiled code of every module for the next start; older versions have no such cache.
process.setSourceMapsEnabled(true);
module.enableCompileCache?.(resolve('build/compile-cache'));
await import(pathToFileURL(resolve('build/server/main.js')).href);
