import type { I18nProvider } from 'ra-core';
import { languages, type Language } from '../../domain/enums';
import { withCount } from './countOptions';
import { i18n, initI18n } from './i18next';
import { FALLBACK_LANGUAGE, isLanguage, languageName, storeLanguage } from './languages';
import { loadRaMessages } from './raMessages';

const NAMESPACE = 'translation';
const withRaMessages = new Set<Language>();

/** Adds react-admin's texts of a language below the app texts (deep merge, app texts win). */
async function addRaMessages(language: Language): Promise<void> {
    if (withRaMessages.has(language)) return;
    withRaMessages.add(language);
    const messages = await loadRaMessages(language);
    if (messages) i18n.addResourceBundle(language, NAMESPACE, messages, true, false);
}

/** Most texts a page asks for are plain keys, asked for again on every render. */
const MAX_CACHED_TEXTS = 5000;
const plainTexts = new Map<string, string>();
/** A change of language or of the loaded texts makes every cached answer stale. */
let cacheWatched = false;
function watchTexts() {
    if (cacheWatched) return;
    cacheWatched = true;
    const clear = () => plainTexts.clear();
    i18n.on('languageChanged', clear);
    i18n.on('loaded', clear);
    i18n.store.on('added', clear);
    i18n.store.on('removed', clear);
}

/**
 * A text without placeholders, from the cache (i18next resolves a key, its fallbacks and its
 * plural forms on every call, which on a table of 25 rows was a good part of a render).
 */
function plainText(key: string, defaultValue: string | undefined): string {
    if (!i18n.isInitialized) return String(i18n.t(key, { defaultValue }));
    watchTexts();
    const cacheKey = `${i18n.language}\u0000${key}\u0000${defaultValue ?? ''}`;
    let text = plainTexts.get(cacheKey);
    if (text === undefined) {
        text = String(i18n.t(key, { defaultValue }));
        if (plainTexts.size >= MAX_CACHED_TEXTS) plainTexts.clear();
        plainTexts.set(cacheKey, text);
    }
    return text;
}

let locales: { locale: string; name: string }[] | undefined;

const currentLanguage = (): Language =>
    isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;

/**
 * react-admin's i18nProvider on the page's shared i18next instance, answering synchronously
 * (`_` is react-admin's default text; the count, `smart_count` or `count`, picks the language's
 * plural form and fills both placeholders, see `withCount`): the texts of the language are loaded
 * before it is created (`prepareI18nProvider`), so react-admin renders the page in its first pass.
 * Unknown locales are answered with English; a choice is stored for the next visit, and
 * react-admin's own texts of a language are loaded when it is chosen.
 */
const i18nProvider: I18nProvider = {
    translate: (key, options = {}) => {
        const { _: defaultValue, ...values } = options as Record<string, unknown>;
        // Anything but a default text is a placeholder value or an i18next option.
        if (
            Object.keys(values).length === 0 &&
            (defaultValue === undefined || typeof defaultValue === 'string')
        )
            return plainText(key, defaultValue);
        return String(i18n.t(key, { defaultValue, ...withCount(values) }));
    },
    changeLocale: async (locale: string) => {
        const language = isLanguage(locale) ? locale : FALLBACK_LANGUAGE;
        // App texts first: i18next skips loading a language that already has a bundle.
        await i18n.loadLanguages(language);
        await addRaMessages(language);
        await i18n.changeLanguage(language);
        storeLanguage(language);
    },
    getLocale: () => i18n.language,
    // Each language in its own name: the same list whatever the current language.
    getLocales: () =>
        (locales ??= languages.map((language) => ({
            locale: language,
            name: languageName(language),
        }))),
};

/** The provider, once the page's texts and react-admin's texts of its language are loaded. */
export async function prepareI18nProvider(): Promise<I18nProvider> {
    await initI18n();
    await Promise.all([addRaMessages(FALLBACK_LANGUAGE), addRaMessages(currentLanguage())]);
    return i18nProvider;
}
