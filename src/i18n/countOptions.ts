type TranslateOptions = Record<string, unknown>;

/**
 * The options of one translation with its count under both names: react-admin and polyglot call
 * the count `smart_count`, i18next picks the plural form by `count`, and our texts write either
 * `{{smart_count}}` or `{{count}}`. So whichever name a caller used, i18next picks the language's
 * plural form (CLDR, through Intl.PluralRules) and both placeholders are filled.
 */
export function withCount(options: TranslateOptions): TranslateOptions {
    const count = options.smart_count ?? options.count;
    return count === undefined ? options : { ...options, count, smart_count: count };
}
