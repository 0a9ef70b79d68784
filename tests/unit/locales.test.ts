import { describe, expect, it } from 'vitest';
import { languages } from '../../domain/enums';
import { flattenMessages, localeFile } from './locale-files';

/** Texts that stay English everywhere: brand names and abbreviations. */
const brandKeys = new Set(['app.name']);

/**
 * Words that are spelled exactly like the English one in that language (checked one by one):
 * keeping them is the right translation, not a missing one.
 */
const sameWordInLanguage: Record<string, string[]> = {
    de: [
        'app.contexts.depot.title',
        'app.navigation.depots',
        'resources.depots.name_one',
        'resources.depots.name_other',
        'resources.depots.fields.groupName',
    ],
    fr: [
        'app.navigation.organizations',
        'resources.organizations.name_one',
        'resources.organizations.name_other',
        'app.contexts.admin.title',
        'app.contexts.tenant.title',
        'resources.depots.fields.latitude',
        'resources.depots.fields.longitude',
        'resources.depots.fields.tenantName',
    ],
    it: ['app.signIn.password'],
    es: ['resources.roles.name_other'],
    cs: ['resources.roles.name_one'],
    pt: ['resources.depots.fields.latitude', 'resources.depots.fields.longitude'],
    nl: [
        'app.contexts.depot.title',
        'app.navigation.depots',
        'resources.depots.name_one',
        'resources.depots.name_other',
    ],
    da: [
        'resources.organizations.name_one',
        'app.contexts.admin.title',
        'app.contexts.tenant.title',
        'app.contexts.depot.title',
        'resources.depots.name_one',
        'resources.depots.fields.tenantName',
        'resources.depots.fields.groupName',
    ],
    sv: [
        'resources.organizations.name_one',
        'app.contexts.admin.title',
        'app.contexts.tenant.title',
        'resources.depots.fields.tenantName',
        'resources.depots.fields.groupName',
    ],
};

const english = flattenMessages(localeFile('en'));

describe('locales', () => {
    it('has a file for each of the 17 languages', () => {
        expect(languages).toHaveLength(17);
        for (const language of languages) expect(() => localeFile(language)).not.toThrow();
    });

    it('keeps app texts under app.* and resource texts under resources.*', () => {
        for (const key of english.keys()) expect(key).toMatch(/^(app|resources)\./);
    });

    for (const language of languages.filter((code) => code !== 'en')) {
        describe(language, () => {
            const messages = flattenMessages(localeFile(language));

            it('has every English key, non-empty', () => {
                const missing = [...english.keys()].filter((key) => !messages.get(key)?.trim());
                expect(missing).toEqual([]);
            });

            it('translates every text (brand names and same-spelled words excepted)', () => {
                const allowed = new Set([...brandKeys, ...(sameWordInLanguage[language] ?? [])]);
                const untranslated = [...english]
                    .filter(([key, text]) => !allowed.has(key) && messages.get(key) === text)
                    .map(([key]) => key);
                expect(untranslated).toEqual([]);
            });

            it('keeps interpolation variables', () => {
                for (const [key, text] of english) {
                    const variables = (source: string) =>
                        [...source.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();
                    expect(variables(messages.get(key) ?? ''), key).toEqual(variables(text));
                }
            });

            it('has no keys that English lacks, except plural forms', () => {
                const extra = [...messages.keys()].filter(
                    (key) => !english.has(key) && !/_(zero|two|few|many)$/.test(key),
                );
                expect(extra).toEqual([]);
            });
        });
    }
});
