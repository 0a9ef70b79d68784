import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import type { I18nProvider } from 'ra-core';
import { getI18nProvider } from 'ra-i18n-i18next';
import { languages } from '../../domain/enums';
import { mergeLocale } from '../../domain/localeFiles';
import type { LocaleDocument } from '../../domain/contracts/backoffice-actions';
import english from '../../locales/en.json';
import { getBrowserConfig } from '../config';
import { detectLanguage, FALLBACK_LANGUAGE, languageName } from './languages';

/**
 * The one i18next instance of the page, shared by the light sign-in page and react-admin.
 * English is bundled; other languages come from `/locales/<lng>.json` when first needed.
 * English is fetched too, so that texts an admin uploaded (Backoffice actions) show without a
 * rebuild; the bundle stays underneath and is used alone when the file cannot be loaded.
 */
export const i18n = i18next.createInstance();

/**
 * Loads `/locales/<lng>.json` (the server revalidates it on every load: `no-cache` with an entity
 * tag). On failure i18next keeps using the bundled English (shell §8). English is laid over the
 * bundle, so keys the server's file lacks keep their bundled text; a failed English load is
 * logged and the bundle alone is used.
 */
export const localeFileBackend: BackendModule = {
    type: 'backend',
    init: () => undefined,
    read(language: string, _namespace: string, callback: ReadCallback) {
        const version = encodeURIComponent(getBrowserConfig().versionId);
        fetch(`/locales/${encodeURIComponent(language)}.json?v=${version}`, {
            headers: { Accept: 'application/json' },
        })
            .then(async (response) => {
                if (!response.ok) throw new Error(`Locale ${language}: HTTP ${response.status}`);
                const texts = (await response.json()) as LocaleDocument;
                callback(
                    null,
                    language === FALLBACK_LANGUAGE ? mergeLocale(english, texts) : texts,
                );
            })
            .catch((error: unknown) => {
                console.warn('Translation file not loaded; English is used', error);
                if (language === FALLBACK_LANGUAGE) callback(null, {});
                else callback(error instanceof Error ? error : new Error(String(error)), null);
            });
    },
};

let ready: Promise<I18nProvider> | undefined;

/**
 * Initialises the instance once (language detected, its file loaded) through ra-i18n-i18next's
 * `getI18nProvider`, and gives react-admin's i18nProvider on it (`_` is the default text,
 * `smart_count` the plural count); safe to call again. ra-i18n-i18next initialises the instance
 * it is given, so this is the instance's only `init`: a second one would rebuild i18next's services
 * and, without these options, switch to English (docs/decisions.md, "i18n through ra-i18n-i18next").
 */
export function initI18nextProvider(): Promise<I18nProvider> {
    if (ready) return ready;
    ready = getI18nProvider(
        i18n.use(localeFileBackend),
        {
            lng: detectLanguage(),
            fallbackLng: FALLBACK_LANGUAGE,
            supportedLngs: [...languages],
            load: 'languageOnly',
            resources: { [FALLBACK_LANGUAGE]: { translation: english } },
            partialBundledLanguages: true,
            nsSeparator: false,
            interpolation: { escapeValue: false },
        },
        languages.map((language) => ({ locale: language, name: languageName(language) })),
    ).then((provider) => {
        document.documentElement.lang = i18n.language;
        i18n.on('languageChanged', (language) => {
            document.documentElement.lang = language;
        });
        return provider;
    });
    ready.catch((error: unknown) => console.error('i18n initialisation failed', error));
    return ready;
}

/** Initialises the instance once, for pages that only need its texts (the light sign-in page). */
export function initI18n(): Promise<void> {
    return initI18nextProvider().then(
        () => undefined,
        () => undefined,
    );
}
