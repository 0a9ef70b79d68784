/** Languages the help center is written in (spec-decisions: Languages); others read the English help. */
const helpLanguages = ['en', 'de', 'it'] as const;

/** The help center's address for the UI language: `{lang}` in the configured template becomes en, de or it. */
export function helpCenterUrl(template: string | undefined, locale: string): string | undefined {
    if (!template) return undefined;
    const base = locale.split('-')[0]?.toLowerCase() ?? '';
    const language = (helpLanguages as readonly string[]).includes(base) ? base : 'en';
    return template.replaceAll('{lang}', language);
}
