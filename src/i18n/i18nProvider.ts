import type { I18nProvider } from 'ra-core';
import { languages, type Language } from '../../domain/enums';
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

type TranslateOptions = { _?: string; smart_count?: number } & Record<string, unknown>;

/**
 * react-admin's i18nProvider on the page's shared i18next instance. It follows
 * ra-i18n-i18next's provider (`_` is the default value, `smart_count` the plural count) but
 * does not initialise the instance again: the sign-in page may already have done so.
 */
export async function createI18nProvider(): Promise<I18nProvider> {
    await initI18n();
    const current = isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
    await Promise.all([addRaMessages(FALLBACK_LANGUAGE), addRaMessages(current)]);
    return {
        translate: (key: string, options: TranslateOptions = {}) => {
            const { _: defaultValue, smart_count: count, ...rest } = options;
            return i18n.t(key, {
                ...rest,
                defaultValue: defaultValue ?? key,
                ...(count === undefined ? {} : { count }),
            });
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
}
