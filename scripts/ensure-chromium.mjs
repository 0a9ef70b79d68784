#!/usr/bin/env node
// Makes sure a Chromium for the end-to-end tests exists: Debian's /usr/bin/chromium or one in
// Playwright's cache. If none is found it tries `npx playwright install chromium` (only when the
// full `playwright` package is installed, not just playwright-core), then `apt-get install -y
// chromium` when running as root with apt-get; otherwise it exits 1 with an install hint.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const INSTALL_HINT =
    'No Chromium found for the end-to-end tests. Install one with `sudo apt-get install chromium` (Debian/Ubuntu), ' +
    'or `npm install --no-save playwright && npx playwright install chromium`, or set CHROMIUM_PATH to a Chromium executable.';

const SYSTEM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

function playwrightCacheDir() {
    return process.env.PLAYWRIGHT_BROWSERS_PATH || join(homedir(), '.cache', 'ms-playwright');
}

/** Chromium executables in Playwright's cache (`chromium-*\/chrome-linux*\/chrome`), newest first. */
function cachedChromiums() {
    const cache = playwrightCacheDir();
    if (!existsSync(cache)) return [];
    return readdirSync(cache)
        .filter((name) => /^chromium-\d+$/.test(name))
        .sort((a, b) => Number(b.split('-')[1]) - Number(a.split('-')[1]))
        .flatMap((name) =>
            readdirSync(join(cache, name))
                .filter((sub) => sub.startsWith('chrome-linux'))
                .map((sub) => join(cache, name, sub, 'chrome')),
        )
        .filter((path) => existsSync(path));
}

/** The Chromium to use: CHROMIUM_PATH, Debian's package, or Playwright's cache; undefined when none exists. */
export function findChromium() {
    const candidates = [process.env.CHROMIUM_PATH, ...SYSTEM_PATHS, ...cachedChromiums()].filter(
        Boolean,
    );
    return candidates.find((path) => existsSync(path));
}

function hasFullPlaywright() {
    try {
        createRequire(import.meta.url).resolve('playwright/package.json');
        return true;
    } catch {
        return false;
    }
}

function run(command, args) {
    console.log(`$ ${command} ${args.join(' ')}`);
    return spawnSync(command, args, { stdio: 'inherit' }).status === 0;
}

function hasCommand(command) {
    try {
        execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
        return true;
    } catch {
        return false;
    }
}

/** Finds Chromium, installing it when possible; returns its path or undefined. */
export function ensureChromium() {
    const found = findChromium();
    if (found) return found;
    if (hasFullPlaywright() && run('npx', ['playwright', 'install', 'chromium'])) {
        const installed = findChromium();
        if (installed) return installed;
    }
    if (process.getuid?.() === 0 && hasCommand('apt-get')) {
        if (
            run('apt-get', ['update']) &&
            run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'])
        )
            return findChromium();
    }
    return undefined;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
    const path = ensureChromium();
    if (!path) {
        console.error(INSTALL_HINT);
        process.exit(1);
    }
    console.log(`Chromium: ${path}`);
}
