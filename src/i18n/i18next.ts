import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { languages, type Language } from '../../domain/enums';
import type { LocaleDocument } from '../../domain/contracts/backoffice-actions';
import { getBrowserConfig } from '../config';
import { detectLanguage, FALLBACK_LANGUAGE } from './languages';

/**
 * The one i18next instance of the page, shared by the light sign-in page and react-admin.
 * Texts come from `/locales/<lng>.json` (the server's file: the build's texts, with what an
 * admin uploaded in Backoffice actions laid over them). The page's language is fetched at boot,
 * in parallel with the page's code, and the instance is initialised synchronously with it, so
 * the first render already has its texts. Other languages load when chosen. When a file cannot
 * be loaded, the build's English (a chunk of its own, fetched only then) is used (shell §8).
 */
export const i18n = i18next.createInstance();

/** The build's English, for when the server's files cannot be loaded. */
const bundledEnglish = async (): Promise<LocaleDocument> =>
    (await import('../../locales/en.json')).default as LocaleDocument;

/** `/locales/<lng>.json` of this version (the server revalidates it: `no-cache` with an entity tag). */
async function fetchLocale(language: string): Promise<LocaleDocument> {
    const version = encodeURIComponent(getBrowserConfig().versionId);
    const response = await fetch(`/locales/${encodeURIComponent(language)}.json?v=${version}`, {
        headers: { Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`Locale ${language}: HTTP ${response.status}`);
    return (await response.json()) as LocaleDocument;
}

/**
 * Texts of a language: the server's file; for English the build's file when the server's
 * cannot be loaded (English must always work); for another language the failure is reported,
 * so that i18next falls back to English.
 */
async function loadLocaleTexts(language: string): Promise<LocaleDocument> {
    try {
        return await fetchLocale(language);
    } catch (error) {
        console.warn('Translation file not loaded; English is used', error);
        if (language === FALLBACK_LANGUAGE) return bundledEnglish();
        throw error;
    }
}

/** Loads the languages chosen later (and English under them) through `loadLocaleTexts`. */
export const localeFileBackend: BackendModule = {
    type: 'backend',
    init: () => undefined,
    read(language: string, _namespace: string, callback: ReadCallback) {
        loadLocaleTexts(language).then(
            (texts) => callback(null, texts),
            (error: unknown) =>
                callback(error instanceof Error ? error : new Error(String(error)), null),
        );
    },
};

let ready: Promise<void> | undefined;

/**
 * Fetches the page's language once and initialises the instance with it, synchronously once
 * the texts are there (`initImmediate: false`); safe to call again. A language whose file fails
 * falls back to English. English, the fallback of missing keys, is loaded afterwards in the
 * background when the page is in another language.
 */
export function initI18n(): Promise<void> {
    ready ??= (async () => {
        const wanted = detectLanguage();
        let language: Language = wanted;
        let texts: LocaleDocument;
        try {
            texts = await loadLocaleTexts(wanted);
        } catch {
            language = FALLBACK_LANGUAGE;
            texts = await loadLocaleTexts(FALLBACK_LANGUAGE);
        }
        void i18n.use(localeFileBackend).init({
            lng: language,
            fallbackLng: FALLBACK_LANGUAGE,
            supportedLngs: [...languages],
            load: 'languageOnly',
            resources: { [language]: { translation: texts } },
            partialBundledLanguages: true,
            initImmediate: false,
            nsSeparator: false,
            interpolation: { escapeValue: false },
        });
        document.documentElement.lang = i18n.language;
        i18n.on('languageChanged', (changed) => {
            document.documentElement.lang = changed;
        });
        if (language !== FALLBACK_LANGUAGE) void i18n.loadLanguages(FALLBACK_LANGUAGE);
    })();
    ready.catch((error: unknown) => console.error('i18n initialisation failed', error));
    return ready;
}
