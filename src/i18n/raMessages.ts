import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import type { TranslationMessages } from 'ra-core';
import englishMessages from 'ra-language-english';
import type { Language } from '../../domain/enums';

/**
 * react-admin's own `ra.*` texts. English is bundled; community packages that follow
 * react-admin 5 exist for French and Czech only, so the other languages fall back to the
 * English `ra.*` texts until the languages issue adds them.
 */
const loaders: Partial<Record<Language, () => Promise<TranslationMessages>>> = {
    en: async () => englishMessages,
    fr: async () => (await import('ra-language-french')).default,
    cs: async () => (await import('ra-language-czech')).default,
};

type Messages = { [key: string]: string | Messages };

/** Polyglot orders three plural forms one | few | other (Czech, Slovak, Polish style). */
function splitThreeFormPlurals(messages: Messages): Messages {
    const result: Messages = {};
    for (const [key, value] of Object.entries(messages)) {
        if (typeof value !== 'string') {
            result[key] = splitThreeFormPlurals(value);
            continue;
        }
        const forms = value.split(' |||| ');
        if (forms.length === 3) {
            const [one = '', few = '', other = ''] = forms;
            Object.assign(result, { [`${key}_one`]: one, [`${key}_few`]: few, [`${key}_many`]: other, [`${key}_other`]: other });
        } else {
            result[key] = value;
        }
    }
    return result;
}

/** Converts polyglot messages (`%{name}`, `a |||| b`) to i18next's format. */
export function toI18nextMessages(messages: TranslationMessages): Record<string, unknown> {
    return convertRaTranslationsToI18next(splitThreeFormPlurals(messages as unknown as Messages)) as Record<string, unknown>;
}

/** The `ra.*` messages of a language in i18next format, or null when none exist for it. */
export async function loadRaMessages(language: Language): Promise<Record<string, unknown> | null> {
    const load = loaders[language];
    return load ? toI18nextMessages(await load()) : null;
}
