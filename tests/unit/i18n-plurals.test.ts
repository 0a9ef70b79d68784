import type { I18nProvider } from 'ra-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { languages, type Language } from '../../domain/enums';
import { LANGUAGE_STORAGE_KEY } from '../../src/i18n/languages';
import { loadPolyglotRaMessages } from '../../src/i18n/raMessages';
import { flattenMessages, localeFile, serveLocaleFiles, type Messages } from './locale-files';

/**
 * Issue 13 point 6: texts with a count, through the real i18nProvider on the real locale files
 * and react-admin's texts, in all 17 languages. The plural categories a language has come from
 * the platform's CLDR data (Intl.PluralRules), not from the product.
 */

const PLURAL_SUFFIX = /^(.+)_(zero|one|two|few|many|other)$/;
const COUNT_IN_TEXT = /{{\s*(count|smart_count)\s*}}|%\{smart_count\}/;
/** Anything of a placeholder or a polyglot plural left in a translated text. */
const RAW = /{{|}}|%\{|\|\|\|\|/;

const counts = [0, 1, 2, 5, 21, 22];

interface CountedKey {
    key: string;
    /** The texts of the key in the language and in English (every plural form). */
    texts: string[];
}

/** Every key of a language that takes a count: plural keys, and texts with a count placeholder. */
async function countedKeys(language: Language): Promise<CountedKey[]> {
    const keys = new Map<string, string[]>();
    const add = (key: string, text: string) => keys.set(key, [...(keys.get(key) ?? []), text]);
    for (const source of new Set<Language>([language, 'en'])) {
        for (const [key, text] of flattenMessages(localeFile(source))) {
            const base = PLURAL_SUFFIX.exec(key)?.[1];
            if (base) add(base, text);
            else if (COUNT_IN_TEXT.test(text)) add(key, text);
        }
        for (const [key, text] of flattenMessages(await loadPolyglotRaMessages(source)))
            if (text.includes('||||') || COUNT_IN_TEXT.test(text)) add(key, text);
    }
    return [...keys].map(([key, texts]) => ({ key, texts }));
}

/** A value for every other variable of the texts (`{{name}}`, `%{name}`), so only the count is under test. */
function otherValues(texts: string[]): Record<string, string> {
    const names = texts.flatMap((text) =>
        [...text.matchAll(/{{\s*(\w+)\s*}}|%\{(\w+)\}/g)].map((match) => match[1] ?? match[2]),
    );
    return Object.fromEntries(
        names
            .filter((name): name is string => !!name && name !== 'count' && name !== 'smart_count')
            .map((name) => [name, `<${name}>`]),
    );
}

const storage = new Map<string, string>([[LANGUAGE_STORAGE_KEY, 'en']]);
let provider: I18nProvider;
let bundle: (language: Language) => Map<string, string>;

beforeAll(async () => {
    vi.stubGlobal('document', { documentElement: { lang: '' }, getElementById: () => null });
    vi.stubGlobal('navigator', { languages: [] });
    vi.stubGlobal('localStorage', {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => storage.set(key, value),
    });
    // The server's /locales/<lng>.json: the build's files.
    serveLocaleFiles();
    const { prepareI18nProvider } = await import('../../src/i18n/i18nProvider');
    const { i18n } = await import('../../src/i18n/i18next');
    provider = await prepareI18nProvider();
    bundle = (language) =>
        flattenMessages(i18n.getResourceBundle(language, 'translation') as Messages);
});
afterAll(() => vi.unstubAllGlobals());

describe('texts with a count, in every language', () => {
    for (const language of languages) {
        it(`${language}: every counted key shows its count, with no placeholder or plural marker left`, async () => {
            await provider.changeLocale(language);
            const rules = new Intl.PluralRules(language);
            const problems: string[] = [];
            for (const { key, texts } of await countedKeys(language)) {
                const values = otherValues(texts);
                const showsCount = texts.some((text) => COUNT_IN_TEXT.test(text));
                for (const count of counts) {
                    // react-admin passes `smart_count`, our own code often `count`: both must work.
                    for (const name of ['smart_count', 'count']) {
                        const text = provider.translate(key, { ...values, [name]: count });
                        const said = `${key} ${name}=${count}: ${JSON.stringify(text)}` as const;
                        if (RAW.test(text) || text === key) problems.push(`raw ${said}`);
                        // 0 and 1 may be said in words in the singular form ("Element deleted").
                        const inWords = count <= 1 && rules.select(count) === 'one';
                        if (showsCount && !inWords && !text.includes(String(count)))
                            problems.push(`no count in ${said}`);
                    }
                }
            }
            expect(problems).toEqual([]);
        });

        it(`${language}: every plural text has each plural form the language has (CLDR), in the language itself`, async () => {
            await provider.changeLocale(language);
            const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
            const texts = bundle(language);
            const bases = new Set(
                [...texts.keys()].flatMap((key) => PLURAL_SUFFIX.exec(key)?.[1] ?? []),
            );
            expect(bases.size).toBeGreaterThan(10);
            const missing = [...bases].flatMap((base) =>
                categories
                    .filter((category) => !texts.has(`${base}_${category}`))
                    .map((category) => `${base}_${category}`),
            );
            expect(missing).toEqual([]);
        });

        it(`${language}: app texts are in i18next's syntax (react-admin's polyglot texts are converted when loaded)`, () => {
            const polyglot = [...flattenMessages(localeFile(language))].filter(([, text]) =>
                /%\{\w+\}|\|\|\|\|/.test(text),
            );
            expect(polyglot).toEqual([]);
        });

        it(`${language}: a list's title (count 2) is the language's plural title`, async () => {
            await provider.changeLocale(language);
            const resources = localeFile(language).resources as Record<string, Messages>;
            for (const [resource, texts] of Object.entries(resources))
                expect(
                    provider.translate(`resources.${resource}.name`, { smart_count: 2 }),
                    `${language} ${resource}`,
                ).toBe(texts.name_other);
        });
    }
});

describe('texts with a count: fixed cases', () => {
    const say = (key: string, options: Record<string, unknown>) => provider.translate(key, options);

    it('English', async () => {
        await provider.changeLocale('en');
        expect(say('app.fleet.deactivated', { smart_count: 3 })).toBe('Accounts deactivated: 3');
        expect(say('app.fleet.activated', { count: 1 })).toBe('Accounts activated: 1');
        expect(say('app.fleet.deleteConfirm', { smart_count: 1 })).toBe(
            'Delete 1 selected account? This cannot be undone.',
        );
        expect(say('app.depots.upload.success', { count: 1 })).toBe('1 depot imported.');
        expect(say('app.depots.upload.success', { count: 21 })).toBe('21 depots imported.');
        expect(say('app.users.deleted', { smart_count: 2 })).toBe('Users deleted: 2');
        expect(say('ra.notification.deleted', { smart_count: 1 })).toBe('Element deleted');
        expect(say('ra.notification.deleted', { smart_count: 0 })).toBe('0 elements deleted');
        expect(say('ra.action.bulk_actions', { smart_count: 5 })).toBe('5 items selected');
    });

    it('German', async () => {
        await provider.changeLocale('de');
        expect(say('app.fleet.deactivated', { smart_count: 22 })).toBe('Accounts deaktiviert: 22');
        expect(say('app.fleet.deleteConfirm', { smart_count: 1 })).toBe(
            '1 ausgewählten Account löschen? Das kann nicht rückgängig gemacht werden.',
        );
        expect(say('app.depots.upload.moreProblems', { count: 1 })).toBe(
            '1 weiteres Problem wird nicht angezeigt.',
        );
        expect(say('app.depots.upload.moreProblems', { count: 5 })).toBe(
            '5 weitere Probleme werden nicht angezeigt.',
        );
        expect(say('ra.notification.deleted', { smart_count: 1 })).toBe('Element gelöscht');
        expect(say('ra.notification.deleted', { smart_count: 2 })).toBe('2 Elemente gelöscht');
        expect(say('resources.roles.name', { smart_count: 1 })).toBe('Rolle');
        expect(say('resources.roles.name', { smart_count: 2 })).toBe('Rollen');
    });

    it('Polish: one, few (2-4, 22-24) and many (5-21, 25...)', async () => {
        await provider.changeLocale('pl');
        expect(say('app.fleet.deactivated', { smart_count: 21 })).toBe('Dezaktywowane konta: 21');
        const cells = (count: number) => say('app.depots.upload.cells', { count, expected: 12 });
        expect(cells(1)).toBe('Wiersz ma 1 komórkę, nagłówek 12.');
        expect(cells(3)).toBe('Wiersz ma 3 komórki, nagłówek 12.');
        expect(cells(5)).toBe('Wiersz ma 5 komórek, nagłówek 12.');
        expect(cells(12)).toBe('Wiersz ma 12 komórek, nagłówek 12.');
        expect(cells(22)).toBe('Wiersz ma 22 komórki, nagłówek 12.');
        expect(say('ra.notification.deleted', { smart_count: 1 })).toBe('Element usunięty');
        expect(say('ra.notification.deleted', { smart_count: 2 })).toBe('Usunięto 2 elementy');
        expect(say('ra.notification.deleted', { smart_count: 5 })).toBe('Usunięto 5 elementów');
        expect(say('ra.notification.deleted', { smart_count: 22 })).toBe('Usunięto 22 elementy');
        // A list title asks for 2, the `few` form: Polish, not the English fallback "Roles".
        expect(say('resources.roles.name', { smart_count: 2 })).toBe('Role');
        expect(say('resources.organizations.name', { smart_count: 2 })).toBe('Organizacje');
    });
});
