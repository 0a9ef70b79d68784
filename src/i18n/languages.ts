import { languages, type Language } from '../../domain/enums';

export const FALLBACK_LANGUAGE: Language = 'en';
/** Where the user's language choice is kept (shell §9: "stored under a stored key"). */
export const LANGUAGE_STORAGE_KEY = 'app.language';

export function isLanguage(value: unknown): value is Language {
    return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** The stored choice, else the first supported browser language, else English (shell §1). */
export function detectLanguage(
    storage: Storage = localStorage,
    browserLanguages: readonly string[] = navigator.languages,
): Language {
    const stored = storage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(stored)) return stored;
    for (const tag of browserLanguages) {
        const base = tag.split('-')[0]?.toLowerCase();
        if (isLanguage(base)) return base;
    }
    return FALLBACK_LANGUAGE;
}

export function storeLanguage(language: Language, storage: Storage = localStorage): void {
    storage.setItem(LANGUAGE_STORAGE_KEY, language);
}

const ownNames = new Map<Language, string>();

/**
 * A language's own name ("Deutsch", "Français"), from the browser's Intl data; worked out once
 * per language (the header's language menu lists all of them on every render).
 */
export function languageName(language: Language): string {
    let name = ownNames.get(language);
    if (name === undefined) {
        const own = new Intl.DisplayNames([language], { type: 'language' }).of(language);
        name = (own ?? language).charAt(0).toLocaleUpperCase(language) + (own ?? language).slice(1);
        ownNames.set(language, name);
    }
    return name;
}
