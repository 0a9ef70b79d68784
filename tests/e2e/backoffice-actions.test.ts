import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../src/i18n/languages.js';
import { signIn } from './fixtures/app.js';
import { screenshotAndAxe, unexpectedProblems } from './fixtures/browser.js';
import { setUpE2eEnvironment } from './fixtures/environment.js';

const env = setUpE2eEnvironment();
const { url } = env;
const files = mkdtempSync(join(tmpdir(), 'backoffice-actions-e2e-'));
afterAll(() => rmSync(files, { recursive: true, force: true }));

/** The tampered role file and the incomplete locale file are refused with 400 on purpose. */
const EXPECTED_PROBLEMS = [
    /status of 400/,
    /^HTTP 400 POST \/api\/backoffice-actions\/roles\/import\/preview$/,
    /^HTTP 400 PUT \/api\/backoffice-actions\/translations\/fr$/,
];
const PAGE = '/administration/backoffice-actions';

/** Clicks `button`, saves the download and answers its text. */
async function download(
    page: Page,
    button: ReturnType<Page['getByRole']>,
    name: string,
): Promise<string> {
    const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
    const path = join(files, name);
    await file.saveAs(path);
    return readFileSync(path, 'utf8');
}

/** Chooses `text` as a file through the file dialog `button` opens. */
async function choose(
    page: Page,
    button: ReturnType<Page['getByRole']>,
    name: string,
    text: string,
): Promise<void> {
    const path = join(files, name);
    writeFileSync(path, text);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
    await chooser.setFiles(path);
}

async function useLanguage(page: Page, language: string): Promise<void> {
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
        LANGUAGE_STORAGE_KEY,
        language,
    ] as const);
    await page.reload();
}

describe('backoffice actions', () => {
    it('the admin exports the roles, previews the file, sees a changed file refused, and updates and resets the German texts', async () => {
        const { admin } = env.server;
        const page = await env.browser.newPage();
        await page.goto(url('/login'));
        await signIn(page, admin.email, admin.password);
        await page.waitForURL((target) => !target.pathname.startsWith('/login'));
        await page.goto(url(PAGE));
        await page.getByRole('heading', { name: 'Role sync between environments' }).waitFor();
        await page.getByText('This environment: local').waitFor();
        // No ROLE_SYNC_SECRET in the test server: the page says files only import here.
        await page.getByText(/No shared role-sync secret/).waitFor();
        await page.getByRole('cell', { name: 'Deutsch', exact: true }).waitFor();
        expect(await screenshotAndAxe(page, 'backoffice-actions'), 'axe on the page').toEqual([]);

        // Export, then import the same file: every role unchanged, nothing to apply.
        const exported = await download(
            page,
            page.getByRole('button', { name: 'Export roles' }),
            'roles.json',
        );
        const file = JSON.parse(exported) as {
            format: string;
            roles: { key: string; actions: string[] }[];
        };
        expect(file.format).toBe('backoffice-role-sync');
        await choose(
            page,
            page.getByRole('button', { name: 'Import a role file' }),
            'roles-again.json',
            exported,
        );
        await page
            .getByText(`0 new, 0 changed, ${file.roles.length} unchanged, 0 skipped, 0 in conflict`)
            .waitFor();
        await page.getByText('Every role of the file is already up to date here.').waitFor();
        expect(await page.locator('tr[data-kind="unchanged"]').count()).toBe(file.roles.length);
        expect(await page.getByRole('button', { name: 'Apply import' }).isDisabled()).toBe(true);
        expect(
            await screenshotAndAxe(page, 'backoffice-actions-role-preview'),
            'axe on the preview',
        ).toEqual([]);

        // One role changed in the file: the signature no longer matches, the page says so.
        const [changedRole] = file.roles;
        if (!changedRole) throw new Error('the export has no roles');
        changedRole.actions = [...changedRole.actions, 'r:parcel-finder'];
        await choose(
            page,
            page.getByRole('button', { name: 'Import a role file' }),
            'roles-changed.json',
            JSON.stringify(file),
        );
        await page.getByText(/signature does not match/).waitFor();
        expect(await page.locator('tr[data-kind]').count()).toBe(0);
        await page.screenshot({
            path: 'tests/e2e/screenshots/backoffice-actions-role-refused.png',
            fullPage: true,
        });

        // German with one text changed: uploaded, shown after a reload in German, then reset.
        const german = JSON.parse(
            await download(
                page,
                page.getByRole('button', { name: 'Download the Deutsch file' }),
                'de.json',
            ),
        ) as {
            app: {
                backofficeActions: { roleSync: { title: string } };
                navigation: Record<string, string>;
            };
        };
        const bundledTitle = german.app.backofficeActions.roleSync.title;
        german.app.backofficeActions.roleSync.title = 'Rollenabgleich (E2E-Test)';
        await choose(
            page,
            page.getByRole('button', { name: 'Upload a new Deutsch file' }),
            'de-changed.json',
            JSON.stringify(german),
        );
        await page
            .getByText('The Deutsch texts were updated; they appear from the next page load.')
            .waitFor();
        await page.locator('tr[data-language="de"]').getByText('Uploaded').waitFor();
        await useLanguage(page, 'de');
        await page.getByRole('heading', { name: 'Rollenabgleich (E2E-Test)' }).waitFor();
        expect(
            await screenshotAndAxe(page, 'backoffice-actions-german-updated'),
            'axe in German',
        ).toEqual([]);
        await page
            .getByRole('button', { name: 'Deutsch auf die Texte des Releases zurücksetzen' })
            .click();
        await page
            .getByRole('alertdialog')
            .getByRole('button', { name: 'Texte zurücksetzen' })
            .click();
        await page.getByText('Deutsch verwendet wieder die Texte des Releases.').waitFor();
        await page.reload();
        await page.getByRole('heading', { name: bundledTitle }).waitFor();

        // A file with a missing key: refused by the server, the key named.
        await useLanguage(page, 'en');
        delete german.app.navigation.backofficeActions;
        await choose(
            page,
            page.getByRole('button', { name: 'Upload a new Français file' }),
            'fr-incomplete.json',
            JSON.stringify(german),
        );
        const refusal = page
            .getByRole('alert')
            .filter({ hasText: 'does not match the English texts' });
        await refusal.getByText('Missing keys (1)').waitFor();
        await refusal.getByText('app.navigation.backofficeActions').waitFor();
        expect(
            await screenshotAndAxe(page, 'backoffice-actions-locale-refused'),
            'axe with the refusal',
        ).toEqual([]);

        // 390 px wide: still usable (no horizontal page scroll), axe clean.
        await page.setViewportSize({ width: 390, height: 844 });
        await page.reload();
        await page.getByRole('button', { name: 'Export roles' }).waitFor();
        await page.getByRole('cell', { name: 'Deutsch', exact: true }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
            390,
        );
        expect(await screenshotAndAxe(page, 'backoffice-actions-390'), 'axe at 390 px').toEqual([]);

        expect(unexpectedProblems(env.browser.problems, EXPECTED_PROBLEMS)).toEqual([]);
    });
});
