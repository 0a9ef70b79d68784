import type { TranslationMessages } from 'ra-core';
import { convertRaTranslationToI18next } from 'ra-i18n-i18next';
import englishMessages from 'ra-language-english';
import type { Language } from '../../domain/enums';

/** A tree of polyglot messages; also what a partial patch over a language package looks like. */
export type RaMessagesPatch = { [key: string]: string | RaMessagesPatch };
type Messages = RaMessagesPatch;

/** Deep merge: `patch` wins; neither argument is changed. */
function mergeMessages(base: Messages, patch: Messages): Messages {
    const result: Messages = { ...base };
    for (const [key, value] of Object.entries(patch)) {
        const current = result[key];
        result[key] =
            typeof value === 'string' || typeof current !== 'object'
                ? value
                : mergeMessages(current, value);
    }
    return result;
}

/**
 * react-admin's own `ra.*` texts, polyglot format, one chunk per language loaded only when the
 * language is chosen. English is bundled; French is ra-language-french; Czech is
 * ra-language-czech (made for react-admin 5.7) completed by ./ra/cs-extra; the others are ./ra/<lng>.
 */
const sources: Record<Language, () => Promise<TranslationMessages>> = {
    en: async () => englishMessages,
    de: async () => (await import('./ra/de')).default,
    fr: async () => (await import('ra-language-french')).default,
    it: async () => (await import('./ra/it')).default,
    es: async () => (await import('./ra/es')).default,
    pt: async () => (await import('./ra/pt')).default,
    nl: async () => (await import('./ra/nl')).default,
    pl: async () => (await import('./ra/pl')).default,
    cs: async () => {
        const [czech, extra] = await Promise.all([
            import('ra-language-czech'),
            import('./ra/cs-extra'),
        ]);
        return mergeMessages(
            czech.default as unknown as Messages,
            extra.default,
        ) as unknown as TranslationMessages;
    },
    sk: async () => (await import('./ra/sk')).default,
    hu: async () => (await import('./ra/hu')).default,
    ro: async () => (await import('./ra/ro')).default,
    hr: async () => (await import('./ra/hr')).default,
    sl: async () => (await import('./ra/sl')).default,
    da: async () => (await import('./ra/da')).default,
    sv: async () => (await import('./ra/sv')).default,
    fi: async () => (await import('./ra/fi')).default,
};

type PluralForms = readonly (readonly Intl.LDMLPluralRule[])[];

const ONE_OTHER: PluralForms = [['one'], ['other']];
/** CLDR puts 1 000 000, 2 000 000… in `many`: the plural text serves them too. */
const ONE_OTHER_MANY: PluralForms = [['one'], ['many', 'other']];
/** Polyglot's 1 | 2–4 | rest; CLDR splits the rest into `many` and `other` (one of them for fractions only). */
const ONE_FEW_REST: PluralForms = [['one'], ['few'], ['many', 'other']];
const ONE_FEW_OTHER: PluralForms = [['one'], ['few'], ['other']];

/**
 * For each language, the i18next plural suffixes (CLDR categories, as i18next picks them through
 * Intl.PluralRules) that each polyglot plural form (`a |||| b |||| c`, node-polyglot's order for
 * the language) is stored under.
 */
export const pluralForms: Record<Language, PluralForms> = {
    en: ONE_OTHER,
    de: ONE_OTHER,
    nl: ONE_OTHER,
    hu: ONE_OTHER,
    da: ONE_OTHER,
    sv: ONE_OTHER,
    fi: ONE_OTHER,
    fr: ONE_OTHER_MANY,
    it: ONE_OTHER_MANY,
    es: ONE_OTHER_MANY,
    pt: ONE_OTHER_MANY,
    cs: ONE_FEW_REST,
    sk: ONE_FEW_REST,
    pl: ONE_FEW_REST,
    hr: ONE_FEW_OTHER,
    ro: ONE_FEW_OTHER,
    sl: [['one'], ['two'], ['few'], ['other']],
};

/** Without a language, the forms are read by their number. */
const formsByCount: Record<number, PluralForms> = {
    2: ONE_OTHER,
    3: ONE_FEW_REST,
    4: pluralForms.sl,
};

/**
 * `%{name}` becomes `{{name}}` (ra-i18n-i18next's converter); polyglot's count `%{smart_count}`
 * becomes i18next's `{{count}}`, the variable i18next both interpolates and picks the plural form with.
 */
function convertText(text: string): string {
    return convertRaTranslationToI18next(text.replace(/%\{smart_count\}/g, '%{count}'));
}

/**
 * ra-i18n-i18next's `convertRaTranslationsToI18next` is not used for whole message trees: it keeps
 * only the first two polyglot forms, as `_one` and `_other`, so languages with `few`, `many` or
 * `two` (pl, cs, sk, hr, ro, sl; fr, it, es, pt for 1 000 000) would show English or a wrong form
 * (docs/decisions.md, "i18n through ra-i18n-i18next"). This keeps every form, by `pluralForms`.
 */
function convert(messages: Messages, language: Language | undefined): Messages {
    const result: Messages = {};
    for (const [key, value] of Object.entries(messages)) {
        if (typeof value !== 'string') {
            result[key] = convert(value, language);
            continue;
        }
        const forms = value.split(' |||| ');
        if (forms.length === 1) {
            result[key] = convertText(value);
            continue;
        }
        const table = (language ? pluralForms[language] : formsByCount[forms.length]) ?? ONE_OTHER;
        forms.slice(0, table.length).forEach((form, index) => {
            // A last form with fewer forms than the language has serves all its remaining categories.
            const categories =
                index === forms.length - 1 ? table.slice(index).flat() : (table[index] ?? []);
            for (const category of categories) result[`${key}_${category}`] = convertText(form);
        });
    }
    return result;
}

/** Converts polyglot messages (`%{name}`, `a |||| b`) to i18next's format, plurals as `language` has them. */
export function toI18nextMessages(
    messages: TranslationMessages,
    language?: Language,
): Record<string, unknown> {
    return convert(messages as unknown as Messages, language);
}

/** The `ra.*` messages of a language in polyglot format, as the language's package or file has them. */
export function loadPolyglotRaMessages(language: Language): Promise<TranslationMessages> {
    return sources[language]();
}

/** The `ra.*` messages of a language in i18next format; null (English stays) when its chunk does not load. */
export async function loadRaMessages(language: Language): Promise<Record<string, unknown> | null> {
    try {
        return toI18nextMessages(await loadPolyglotRaMessages(language), language);
    } catch (error) {
        console.warn(`react-admin texts for ${language} not loaded; English is used`, error);
        return null;
    }
}
