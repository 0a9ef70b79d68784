import type { I18nProvider } from 'ra-core';
import type { Language } from '../../domain/enums';
import { i18n, initI18nextProvider } from './i18next';
import { FALLBACK_LANGUAGE, isLanguage, storeLanguage } from './languages';
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

/**
 * react-admin's i18nProvider: ra-i18n-i18next's provider on the page's shared i18next instance
 * (translate, getLocale, getLocales as it has them), with react-admin's own texts of each language
 * loaded when the language is chosen, unknown locales answered with English, and the choice
 * stored for the next visit.
 */
export async function createI18nProvider(): Promise<I18nProvider> {
    const provider = await initI18nextProvider();
    const current = isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
    await Promise.all([addRaMessages(FALLBACK_LANGUAGE), addRaMessages(current)]);
    return {
        ...provider,
        changeLocale: async (locale: string) => {
            const language = isLanguage(locale) ? locale : FALLBACK_LANGUAGE;
            // App texts first: i18next skips loading a language that already has a bundle.
            await i18n.loadLanguages(language);
            await addRaMessages(language);
            await provider.changeLocale(language);
            storeLanguage(language);
        },
    };
}
