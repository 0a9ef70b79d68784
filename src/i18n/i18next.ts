import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { languages } from '../../domain/enums';
import { mergeLocale, type LocaleDocument } from '../../domain/localeFiles';
import english from '../../locales/en.json';
import { getBrowserConfig } from '../config';
import { detectLanguage, FALLBACK_LANGUAGE } from './languages';

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

let ready: Promise<void> | undefined;

/** Initialises the instance once (language detected, its file loaded); safe to call again. */
export function initI18n(): Promise<void> {
    ready ??= i18n
        .use(localeFileBackend)
        .init({
            lng: detectLanguage(),
            fallbackLng: FALLBACK_LANGUAGE,
            supportedLngs: [...languages],
            load: 'languageOnly',
            resources: { [FALLBACK_LANGUAGE]: { translation: english } },
            partialBundledLanguages: true,
            nsSeparator: false,
            interpolation: { escapeValue: false },
        })
        .then(
            () => {
                document.documentElement.lang = i18n.language;
                i18n.on('languageChanged', (language) => {
                    document.documentElement.lang = language;
                });
            },
            (error: unknown) => console.error('i18n initialisation failed', error),
        );
    return ready;
}
