import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

describe('the i18nProvider (ra-i18n-i18next on the shared i18next instance)', () => {
    const storage = new Map<string, string>([[LANGUAGE_STORAGE_KEY, 'de']]);
    const fetched: string[] = [];

    beforeAll(() => {
        vi.stubGlobal('document', { documentElement: { lang: '' }, getElementById: () => null });
        vi.stubGlobal('navigator', { languages: [] });
        vi.stubGlobal('localStorage', {
            getItem: (key: string) => storage.get(key) ?? null,
            setItem: (key: string, value: string) => storage.set(key, value),
        });
        vi.stubGlobal('fetch', async (url: string) => {
            fetched.push(url);
            const language = /\/locales\/(\w+)\.json/.exec(url)?.[1] ?? '';
            const texts = { app: { probe: { served: `served ${language}` } } };
            return new Response(JSON.stringify(texts), {
                headers: { 'Content-Type': 'application/json' },
            });
        });
    });
    afterAll(() => vi.unstubAllGlobals());

    it('initialises i18next once for the sign-in page and react-admin, keeping the loaded texts', async () => {
        const { i18n, initI18n } = await import('../../src/i18n/i18next');
        const { prepareI18nProvider } = await import('../../src/i18n/i18nProvider');
        await initI18n();
        expect(i18n.t('app.probe.served')).toBe('served de');

        const provider = await prepareI18nProvider();
        expect(provider.getLocale()).toBe('de');
        expect(document.documentElement.lang).toBe('de');
        expect(i18n.t('app.probe.served')).toBe('served de');
        expect(fetched.filter((url) => url.startsWith('/locales/de.json'))).toHaveLength(1);
        expect(provider.translate('ra.action.save')).toBe('Speichern');
    });

    it("passes react-admin's default text and lists the 17 languages by their own names", async () => {
        const { prepareI18nProvider } = await import('../../src/i18n/i18nProvider');
        const provider = await prepareI18nProvider();
        expect(provider.translate('app.probe.absent', { _: 'Default text' })).toBe('Default text');
        expect(provider.translate('app.probe.absent')).toBe('app.probe.absent');
        const locales = provider.getLocales?.() ?? [];
        expect(locales).toHaveLength(17);
        expect(locales).toContainEqual({ locale: 'de', name: 'Deutsch' });
        expect(locales).toContainEqual({ locale: 'fr', name: 'Français' });
    });

    it('answers from its cache of plain texts until the loaded texts change', async () => {
        const { i18n } = await import('../../src/i18n/i18next');
        const { prepareI18nProvider } = await import('../../src/i18n/i18nProvider');
        const provider = await prepareI18nProvider();
        const language = provider.getLocale();
        i18n.addResourceBundle(
            language,
            'translation',
            { app: { probe: { later: 'first' } } },
            true,
            true,
        );
        expect(provider.translate('app.probe.later')).toBe('first');
        expect(provider.translate('app.probe.later')).toBe('first');
        i18n.addResourceBundle(
            language,
            'translation',
            { app: { probe: { later: 'second' } } },
            true,
            true,
        );
        expect(provider.translate('app.probe.later')).toBe('second');
        // Texts with placeholders are filled on every call.
        i18n.addResourceBundle(
            language,
            'translation',
            { app: { probe: { hello: 'Hi {{name}}' } } },
            true,
            true,
        );
        expect(provider.translate('app.probe.hello', { name: 'Ada' })).toBe('Hi Ada');
        expect(provider.translate('app.probe.hello', { name: 'Bo' })).toBe('Hi Bo');
    });

    it('answers an unknown locale with English and stores the choice', async () => {
        const { prepareI18nProvider } = await import('../../src/i18n/i18nProvider');
        const provider = await prepareI18nProvider();
        await provider.changeLocale('xx');
        expect(provider.getLocale()).toBe('en');
        expect(storage.get(LANGUAGE_STORAGE_KEY)).toBe('en');
        expect(document.documentElement.lang).toBe('en');
        expect(provider.translate('ra.action.save')).toBe('Save');
    });
});
