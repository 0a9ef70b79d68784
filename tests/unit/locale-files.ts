import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { vi } from 'vitest';

/** A locale file's texts: nested objects of strings. */
export type Messages = { [key: string]: string | Messages };

const localesDir = resolve(import.meta.dirname, '../../locales');

/** The text of the build's `locales/<language>.json`. */
export const localeText = (language: string): string =>
    readFileSync(resolve(localesDir, `${language}.json`), 'utf8');

/** The build's `locales/<language>.json`, parsed. */
export const localeFile = (language: string): Messages =>
    JSON.parse(localeText(language)) as Messages;

/** Every text of a nested message object by its dotted key. */
export function flattenMessages(messages: object, prefix = ''): Map<string, string> {
    const result = new Map<string, string>();
    for (const [key, value] of Object.entries(messages as Messages)) {
        const path = prefix ? `${prefix}.${key}` : key;
        if (typeof value === 'string') result.set(path, value);
        else for (const [nested, text] of flattenMessages(value, path)) result.set(nested, text);
    }
    return result;
}

/** Answers `fetch('/locales/<lng>.json')` with the build's file, as the server does. */
export function serveLocaleFiles(): void {
    vi.stubGlobal('fetch', async (url: string) => {
        const language = /\/locales\/(\w+)\.json/.exec(url)?.[1] ?? '';
        return new Response(localeText(language), {
            headers: { 'Content-Type': 'application/json' },
        });
    });
}
