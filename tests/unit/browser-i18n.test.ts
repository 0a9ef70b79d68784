import { describe, expect, it } from 'vitest';
import { detectLanguage, isLanguage, LANGUAGE_STORAGE_KEY } from '../../src/i18n/languages';
import { loadRaMessages, toI18nextMessages } from '../../src/i18n/raMessages';

const storageWith = (value: string | null) =>
    ({ getItem: (key: string) => (key === LANGUAGE_STORAGE_KEY ? value : null) }) as Storage;

describe('detectLanguage', () => {
    it('prefers the stored choice', () => {
        expect(detectLanguage(storageWith('fi'), ['de-DE'])).toBe('fi');
    });

    it('takes the first supported browser language, else English', () => {
        expect(detectLanguage(storageWith(null), ['ja-JP', 'pt-BR', 'de'])).toBe('pt');
        expect(detectLanguage(storageWith('xx'), ['ja'])).toBe('en');
    });

    it('knows the 17 languages only', () => {
        expect(isLanguage('hr')).toBe(true);
        expect(isLanguage('ru')).toBe(false);
    });
});

describe('react-admin messages', () => {
    it('converts polyglot interpolation and plurals to i18next', () => {
        const converted = toI18nextMessages({
            ra: {
                a: 'Hello %{name}',
                b: '%{smart_count} item |||| %{smart_count} items',
                c: 'one |||| few |||| many',
            },
        } as never);
        expect(converted).toEqual({
            ra: {
                a: 'Hello {{name}}',
                b_one: '{{count}} item',
                b_other: '{{count}} items',
                c_one: 'one',
                c_few: 'few',
                c_many: 'many',
                c_other: 'many',
            },
        });
    });

    it('has react-admin texts for every language, each loaded on demand', async () => {
        expect(await loadRaMessages('en')).toHaveProperty('ra.action.save', 'Save');
        expect(await loadRaMessages('fr')).toHaveProperty('ra.action.save', 'Enregistrer');
        expect(await loadRaMessages('cs')).toHaveProperty('ra.action.save');
        expect(await loadRaMessages('de')).toHaveProperty('ra.action.save', 'Speichern');
    });
});
