import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { languages, type Language } from '../../domain/enums';
import { loadPolyglotRaMessages, loadRaMessages, pluralForms } from '../../src/i18n/raMessages';
import { flattenMessages } from './locale-files';

async function converted(language: Language): Promise<Map<string, string>> {
    const messages = await loadRaMessages(language);
    if (!messages) throw new Error(`no ra messages for ${language}`);
    return flattenMessages(messages);
}

/** `{{name}}` variables of a converted text; `field` and `field_lower_first` count as one (see below). */
const variables = (text: string) =>
    new Set(
        [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) =>
            match[1] === 'field_lower_first' ? 'field' : (match[1] ?? ''),
        ),
    );
const sorted = (names: Set<string>) => [...names].sort();

/** Texts with no word outside their variables (`%{name}`, a blank) have nothing to translate. */
const hasWords = (text: string) => /\p{L}/u.test(text.replace(/{{\s*\w+\s*}}/g, ''));

/**
 * Texts spelled exactly like the English one because that is the word of the language (checked
 * one by one); fr and cs are the community packages' own choices.
 */
const sameWordInLanguage: Partial<Record<Language, string[]>> = {
    // "No" is the Italian and Spanish word; "Password" is what Italian UIs (and locales/it.json) say.
    it: ['ra.boolean.false', 'ra.message.no', 'ra.auth.password'],
    es: ['ra.boolean.false', 'ra.message.no', 'ra.configurable.inspector.title'],
    // "Details" is the usual German and Dutch word.
    de: ['ra.message.details'],
    nl: ['ra.message.details'],
    // ra-language-french: "Page %{page}", "Email"; ra-language-czech: "Email" (an accepted Czech spelling).
    fr: ['ra.navigation.current_page', 'ra.auth.email'],
    cs: ['ra.auth.email'],
};

/** Languages whose `ra.*` texts are community packages rather than our own files. */
const community = new Set<Language>(['fr', 'cs']);

const nonEnglish = languages.filter((language) => language !== 'en');

let english: Map<string, string>;
let englishPolyglot: Map<string, string>;
/** Keys that are plural in English (polyglot), and the converted English keys that are not. */
let pluralKeys: Set<string>;
let singleKeys: string[];

beforeAll(async () => {
    english = await converted('en');
    englishPolyglot = flattenMessages(await loadPolyglotRaMessages('en'));
    pluralKeys = new Set(
        [...englishPolyglot].filter(([, text]) => text.includes(' |||| ')).map(([key]) => key),
    );
    singleKeys = [...english.keys()].filter(
        (key) => !pluralKeys.has(key.replace(/_(one|other)$/, '')),
    );
});

describe('ra messages: English reference', () => {
    it('has the 164 keys of ra-language-english 5.15.4, 7 of them plural', () => {
        expect(englishPolyglot.size).toBe(164);
        expect(pluralKeys.size).toBe(7);
        expect(english.get('ra.notification.deleted_other')).toBe('{{count}} elements deleted');
    });
});

for (const language of nonEnglish) {
    describe(`ra messages: ${language}`, () => {
        const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
        let messages: Map<string, string>;
        let polyglot: Map<string, string>;

        beforeAll(async () => {
            messages = await converted(language);
            polyglot = flattenMessages(await loadPolyglotRaMessages(language));
        });

        it('has exactly the keys of ra-language-english 5.15.4', () => {
            expect([...englishPolyglot.keys()].filter((key) => !polyglot.has(key))).toEqual([]);
            expect([...polyglot.keys()].filter((key) => !englishPolyglot.has(key))).toEqual([]);
        });

        it(`has the language's ${pluralForms[language].length} plural forms in each plural text, one form elsewhere`, () => {
            const wrong = [...polyglot]
                .filter(
                    ([key, text]) =>
                        text.split(' |||| ').length !==
                        (pluralKeys.has(key) ? pluralForms[language].length : 1),
                )
                .map(([key]) => key);
            expect(wrong).toEqual([]);
        });

        it(`converts to every English key, plurals with the language's categories (${categories.join(', ')})`, () => {
            const expected = new Set([
                ...singleKeys,
                ...[...pluralKeys].flatMap((key) =>
                    categories.map((category) => `${key}_${category}`),
                ),
            ]);
            expect([...expected].filter((key) => !messages.has(key))).toEqual([]);
            expect([...messages.keys()].filter((key) => !expected.has(key))).toEqual([]);
        });

        it('has no empty text (a blank only where English has one)', () => {
            const empty = [...messages].filter(
                ([key, text]) => !text.trim() && english.get(key)?.trim() !== '',
            );
            expect(empty.map(([key]) => key)).toEqual([]);
        });

        it('uses the variables react-admin passes', () => {
            for (const key of singleKeys) {
                const own = variables(messages.get(key) ?? '');
                const reference = variables(english.get(key) ?? '');
                // Our own files keep every variable; the community packages sometimes leave one out.
                if (community.has(language))
                    expect(
                        sorted(own).filter((name) => !reference.has(name)),
                        key,
                    ).toEqual([]);
                else expect(sorted(own), key).toEqual(sorted(reference));
            }
            for (const key of pluralKeys) {
                const reference = new Set([
                    ...variables(english.get(`${key}_one`) ?? ''),
                    ...variables(english.get(`${key}_other`) ?? ''),
                ]);
                const forms = categories.map(
                    (category) => messages.get(`${key}_${category}`) ?? '',
                );
                const used = new Set(forms.flatMap((form) => [...variables(form)]));
                expect(
                    sorted(used).filter((name) => !reference.has(name)),
                    key,
                ).toEqual([]);
                expect(used.has('count'), key).toBe(true);
            }
        });

        it('shows the count in every plural form that serves counts other than 1', () => {
            const rules = new Intl.PluralRules(language);
            const servingMany = new Set(
                Array.from({ length: 1000 }, (_, index) => rules.select(index + 2)),
            );
            const missing = [...pluralKeys].flatMap((key) =>
                [...servingMany]
                    .filter(
                        (category) =>
                            !variables(messages.get(`${key}_${category}`) ?? '').has('count'),
                    )
                    .map((category) => `${key}_${category}`),
            );
            expect(missing).toEqual([]);
        });

        it('translates every text (same-spelled words excepted)', () => {
            const allowed = new Set(sameWordInLanguage[language] ?? []);
            const untranslated = [...messages]
                .filter(
                    ([key, text]) =>
                        english.get(key) === text && hasWords(text) && !allowed.has(key),
                )
                .map(([key]) => key);
            expect(untranslated).toEqual([]);
            // The allow-list stays honest: each entry is really the same as English.
            for (const key of allowed) expect(messages.get(key), key).toBe(english.get(key));
        });
    });
}

describe('ra messages in i18next', () => {
    const instance = i18next.createInstance();

    beforeAll(async () => {
        const resources: Record<string, { translation: Record<string, unknown> }> = {};
        for (const language of languages)
            resources[language] = { translation: (await loadRaMessages(language)) ?? {} };
        await instance.init({
            lng: 'en',
            fallbackLng: 'en',
            resources,
            nsSeparator: false,
            interpolation: { escapeValue: false },
        });
    });

    const deleted = (lng: Language, count: number) =>
        instance.t('ra.notification.deleted', { lng, count });

    it('reads plain texts in each language', () => {
        expect(instance.t('ra.navigation.page_rows_per_page', { lng: 'de' })).toBe(
            'Zeilen pro Seite:',
        );
        expect(instance.t('ra.action.save', { lng: 'de' })).toBe('Speichern');
        expect(
            instance.t('ra.navigation.page_range_info', {
                lng: 'de',
                offsetBegin: 1,
                offsetEnd: 25,
                total: 80,
            }),
        ).toBe('1-25 von 80');
        expect(instance.t('ra.navigation.page_rows_per_page', { lng: 'pl' })).toBe(
            'Wierszy na stronie:',
        );
        expect(instance.t('ra.navigation.page_rows_per_page', { lng: 'sl' })).toBe(
            'Vrstic na stran:',
        );
        expect(instance.t('ra.navigation.page_rows_per_page', { lng: 'ro' })).toBe(
            'Rânduri pe pagină:',
        );
        expect(instance.t('ra.navigation.page_rows_per_page', { lng: 'cs' })).toBe(
            'Záznamů na stránku: ',
        );
        expect(instance.t('ra.action.search_columns', { lng: 'cs' })).toBe('Hledat sloupce');
        for (const language of nonEnglish)
            expect(instance.t('ra.action.save', { lng: language }), language).not.toBe('Save');
    });

    it('picks the plural form of each language', () => {
        expect([1, 2, 5].map((count) => deleted('en', count))).toEqual([
            'Element deleted',
            '2 elements deleted',
            '5 elements deleted',
        ]);
        expect([1, 2, 5].map((count) => deleted('de', count))).toEqual([
            'Element gelöscht',
            '2 Elemente gelöscht',
            '5 Elemente gelöscht',
        ]);
        expect([1, 2, 5, 22, 25].map((count) => deleted('pl', count))).toEqual([
            'Element usunięty',
            'Usunięto 2 elementy',
            'Usunięto 5 elementów',
            'Usunięto 22 elementy',
            'Usunięto 25 elementów',
        ]);
        expect([1, 2, 3, 5, 101, 102].map((count) => deleted('sl', count))).toEqual([
            'Izbrisan je 1 element',
            'Izbrisana sta 2 elementa',
            'Izbrisani so 3 elementi',
            'Izbrisanih je 5 elementov',
            'Izbrisan je 101 element',
            'Izbrisana sta 102 elementa',
        ]);
        expect([1, 2, 5, 20, 101].map((count) => deleted('ro', count))).toEqual([
            'Element șters',
            '2 elemente șterse',
            '5 elemente șterse',
            '20 de elemente șterse',
            '101 elemente șterse',
        ]);
        expect([1, 2, 5].map((count) => deleted('cs', count))).toEqual([
            'Položka smazána',
            '2 položky smazány',
            '5 položek smazáno',
        ]);
        expect([1, 3, 5, 21].map((count) => deleted('hr', count))).toEqual([
            'Izbrisana je 1 stavka',
            'Izbrisane su 3 stavke',
            'Izbrisano je 5 stavki',
            'Izbrisana je 21 stavka',
        ]);
        // CLDR's `many` (1 000 000) takes the plural text rather than falling back to English.
        expect(deleted('fr', 1_000_000)).toBe('1000000 éléments supprimés');
        expect(deleted('es', 1_000_000)).toBe('1000000 elementos eliminados');
    });
});

describe('ra messages through the i18nProvider', () => {
    beforeAll(() => {
        const storage = new Map<string, string>([['app.language', 'pl']]);
        vi.stubGlobal('document', { documentElement: { lang: '' }, getElementById: () => null });
        vi.stubGlobal('navigator', { languages: [] });
        vi.stubGlobal('localStorage', {
            getItem: (key: string) => storage.get(key) ?? null,
            setItem: (key: string, value: string) => storage.set(key, value),
        });
        vi.stubGlobal(
            'fetch',
            async () => new Response('{}', { headers: { 'Content-Type': 'application/json' } }),
        );
    });
    afterAll(() => vi.unstubAllGlobals());

    it('shows react-admin texts with their counts in the chosen language', async () => {
        const { prepareI18nProvider } = await import('../../src/i18n/i18nProvider');
        const provider = await prepareI18nProvider();
        expect(provider.getLocale()).toBe('pl');
        expect(provider.translate('ra.action.save')).toBe('Zapisz');
        expect(provider.translate('ra.notification.deleted', { smart_count: 5 })).toBe(
            'Usunięto 5 elementów',
        );
        expect(provider.translate('ra.action.bulk_actions', { smart_count: 3 })).toBe(
            'Zaznaczono 3 elementy',
        );

        await provider.changeLocale('sl');
        expect(provider.translate('ra.notification.deleted', { smart_count: 2 })).toBe(
            'Izbrisana sta 2 elementa',
        );
        expect(
            provider.translate('ra.navigation.page_range_info', {
                offsetBegin: 1,
                offsetEnd: 10,
                total: 42,
            }),
        ).toBe('1-10 od 42');

        await provider.changeLocale('en');
        expect(provider.translate('ra.notification.deleted', { smart_count: 5 })).toBe(
            '5 elements deleted',
        );
    });
});
