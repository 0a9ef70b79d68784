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
    getLocales: () =>
        languages.map((language) => ({ locale: language, name: languageName(language) })),
};

/** The provider, once the page's texts and react-admin's texts of its language are loaded. */
export async function prepareI18nProvider(): Promise<I18nProvider> {
    await initI18n();
    await Promise.all([addRaMessages(FALLBACK_LANGUAGE), addRaMessages(currentLanguage())]);
    return i18nProvider;
}
