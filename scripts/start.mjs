// `npm start`: builds the browser app when the build is missing or older than its sources,
// then runs the server (embedded PGlite under ./data unless DATABASE_URL is set).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const BUILD_MARKER = 'dist/build-info.json';
const SOURCES = [
    'src',
    'locales',
    'schemas',
    'index.html',
    'vite.config.ts',
    'package.json',
    'public',
];

function newestMtime(path) {
    if (!existsSync(path)) return 0;
    const stat = statSync(path);
    if (!stat.isDirectory()) return stat.mtimeMs;
    return readdirSync(path).reduce(
        (newest, entry) => Math.max(newest, newestMtime(join(path, entry))),
        stat.mtimeMs,
    );
}

const builtAt = existsSync(BUILD_MARKER) ? statSync(BUILD_MARKER).mtimeMs : 0;
if (builtAt < Math.max(...SOURCES.map(newestMtime))) {
    console.log(
        builtAt
            ? 'Sources changed since the last build: rebuilding the browser app...'
            : 'Building the browser app (first start)...',
    );
    const build = spawnSync(
        process.execPath,
        ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
        { stdio: 'inherit' },
    );
    if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
