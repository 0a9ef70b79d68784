import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCH_CHROMIUM_FLAGS, PLAYWRIGHT_DISABLED_FEATURES } from '../e2e/fixtures/chromium.js';

/** The features the installed playwright-core disables, read from its launcher's source. */
function installedPlaywrightDisabledFeatures(): string[] {
    const require = createRequire(import.meta.url);
    const root = dirname(require.resolve('playwright-core/package.json'));
    const source = readFileSync(join(root, 'lib', 'coreBundle.js'), 'utf8');
    const list = /disabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(source)?.[1];
    if (!list) throw new Error("playwright-core's disabled features list was not found");
    return [...list.replace(/\/\/.*$/gm, '').matchAll(/"([A-Za-z0-9]+)"/g)].map(
        (match) => match[1] ?? '',
    );
}

describe("the bench's Chromium flags", () => {
    it('keep every feature Playwright disables, since only the last --disable-features counts', () => {
        const installed = installedPlaywrightDisabledFeatures();
        expect(installed.length).toBeGreaterThan(5);
        expect(installed.filter((name) => !PLAYWRIGHT_DISABLED_FEATURES.includes(name))).toEqual(
            [],
        );
    });

    it('pass one --disable-features switch, with the omnibox popup turned off', () => {
        const switches = BENCH_CHROMIUM_FLAGS.filter((flag) =>
            flag.startsWith('--disable-features='),
        );
        expect(switches).toHaveLength(1);
        const features = switches[0]?.slice('--disable-features='.length).split(',') ?? [];
        expect(features).toEqual(expect.arrayContaining(['HttpsUpgrades', 'WebUIOmniboxPopup']));
    });
});
