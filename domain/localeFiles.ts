import type { LocaleDocument } from './contracts/backoffice-actions.js';
import type { ErrorDetail } from './contracts/common.js';

/**
 * Locale files (`locales/<lng>.json`, Backoffice actions' translation update): nested objects
 * whose leaves are texts. An uploaded file must have exactly the keys of the bundled English
 * file, non-empty texts and the same `{{variables}}` per key. Plural variants follow
 * tests/unit/locales.test.ts: English has `_one`/`_other`; a language may add `_zero`, `_two`,
 * `_few` and `_many` beside an English `_other` (they use that text's variables).
 */

/** Plural categories English lacks but other languages use. */
const EXTRA_PLURAL = /^(.*)_(zero|two|few|many)$/;

/** The most problems named in an error answer (the counts are always complete). */
const LOCALE_PROBLEM_LIMIT = 50;

interface BadLocaleValue {
    key: string;
    problem: 'notText' | 'empty' | 'variables';
    /** The variables the key must use (problem `variables`). */
    expected?: string[];
}

export interface LocaleProblems {
    missing: string[];
    unknown: string[];
    badValues: BadLocaleValue[];
}

const isObject = (value: unknown): value is LocaleDocument =>
    typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every leaf of a nested document by its dotted key (objects are walked, anything else is a leaf). */
function flattenLocale(document: LocaleDocument, prefix = ''): Map<string, unknown> {
    const leaves = new Map<string, unknown>();
    for (const [key, value] of Object.entries(document)) {
        const path = prefix ? `${prefix}.${key}` : key;
        if (isObject(value))
            for (const [nested, leaf] of flattenLocale(value, path)) leaves.set(nested, leaf);
        else leaves.set(path, value);
    }
    return leaves;
}

/** The `{{variables}}` of a text, sorted (repeats kept). */
function localeVariables(text: string): string[] {
    return [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1] ?? '').sort();
}

const sameList = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((value, index) => value === b[index]);

/** Compares a candidate locale file with the English one; every list is empty when it fits. */
export function compareLocaleFile(english: LocaleDocument, candidate: unknown): LocaleProblems {
    const reference = flattenLocale(english);
    const problems: LocaleProblems = { missing: [], unknown: [], badValues: [] };
    if (!isObject(candidate)) {
        problems.missing = [...reference.keys()];
        return problems;
    }
    const leaves = flattenLocale(candidate);
    for (const key of reference.keys()) if (!leaves.has(key)) problems.missing.push(key);
    for (const [key, value] of leaves) {
        const englishKey = reference.has(key) ? key : pluralReference(key, reference);
        if (englishKey === undefined) {
            problems.unknown.push(key);
            continue;
        }
        if (typeof value !== 'string') problems.badValues.push({ key, problem: 'notText' });
        else if (value.trim() === '') problems.badValues.push({ key, problem: 'empty' });
        else {
            const expected = localeVariables(String(reference.get(englishKey)));
            if (!sameList(localeVariables(value), expected))
                problems.badValues.push({ key, problem: 'variables', expected });
        }
    }
    return problems;
}

/** The English `_other` key an extra plural variant stands beside, if any. */
function pluralReference(key: string, reference: Map<string, unknown>): string | undefined {
    const match = EXTRA_PLURAL.exec(key);
    const other = match ? `${match[1]}_other` : undefined;
    return other !== undefined && reference.has(other) ? other : undefined;
}

export const localeFileFits = (problems: LocaleProblems) =>
    problems.missing.length + problems.unknown.length + problems.badValues.length === 0;

/** A dotted key as a JSON pointer below the body (`app.a.b` → `/body/app/a/b`). */
const localeKeyField = (key: string) =>
    `/body/${key
        .split('.')
        .map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1'))
        .join('/')}`;
const keyOfField = (field: string) =>
    field
        .slice('/body/'.length)
        .split('/')
        .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
        .join('.');

/** Detail messages of LOCALE_KEYS_MISMATCH (the browser groups the details by them). */
const localeProblemMessages = {
    missing: 'missing key',
    unknown: 'unknown key',
    notText: 'must be a text',
    empty: 'must not be empty',
    variables: 'must use the variables',
} as const;

/** The error details: each list capped at LOCALE_PROBLEM_LIMIT entries. */
export function localeProblemDetails(
    problems: LocaleProblems,
    limit = LOCALE_PROBLEM_LIMIT,
): ErrorDetail[] {
    return [
        ...problems.missing
            .slice(0, limit)
            .map((key) => ({ field: localeKeyField(key), message: localeProblemMessages.missing })),
        ...problems.unknown
            .slice(0, limit)
            .map((key) => ({ field: localeKeyField(key), message: localeProblemMessages.unknown })),
        ...problems.badValues.slice(0, limit).map(({ key, problem, expected }) => ({
            field: localeKeyField(key),
            message:
                problem === 'variables'
                    ? `${localeProblemMessages.variables} ${(expected ?? []).map((name) => `{{${name}}}`).join(', ') || '(none)'}`
                    : localeProblemMessages[problem],
        })),
    ];
}

/** One line saying how many problems of each kind there are. */
export const localeProblemSummary = (problems: LocaleProblems) =>
    `The file does not match the English texts: ${problems.missing.length} missing key(s), ${problems.unknown.length} unknown key(s), ${problems.badValues.length} bad value(s).`;

/** Reads the details of a LOCALE_KEYS_MISMATCH answer back into lists (unknown messages are ignored). */
export function localeProblemsFromDetails(details: readonly ErrorDetail[]): LocaleProblems {
    const problems: LocaleProblems = { missing: [], unknown: [], badValues: [] };
    for (const { field, message } of details) {
        if (!field?.startsWith('/body/')) continue;
        const key = keyOfField(field);
        if (message === localeProblemMessages.missing) problems.missing.push(key);
        else if (message === localeProblemMessages.unknown) problems.unknown.push(key);
        else if (message === localeProblemMessages.notText)
            problems.badValues.push({ key, problem: 'notText' });
        else if (message === localeProblemMessages.empty)
            problems.badValues.push({ key, problem: 'empty' });
        else if (message.startsWith(localeProblemMessages.variables))
            problems.badValues.push({
                key,
                problem: 'variables',
                expected: localeVariables(message),
            });
    }
    return problems;
}

/**
 * `override` laid over `base`, key by key (neither is changed; untouched branches of `base` are shared): what is served
 * when a language was uploaded, so keys a later release added still come from its bundle.
 */
export function mergeLocale(base: LocaleDocument, override: LocaleDocument): LocaleDocument {
    const result: LocaleDocument = { ...base };
    for (const [key, value] of Object.entries(override)) {
        const under = result[key];
        result[key] = isObject(value) && isObject(under) ? mergeLocale(under, value) : value;
    }
    return result;
}

/** The texts that differ between two files (for the audit log), at most `limit` of them, and how many differ. */
export function changedLocaleTexts(
    before: LocaleDocument,
    after: LocaleDocument,
    limit = 200,
): { changedCount: number; changedTexts: { key: string; before: unknown; after: unknown }[] } {
    const old = flattenLocale(before);
    const changed: { key: string; before: unknown; after: unknown }[] = [];
    for (const [key, value] of flattenLocale(after))
        if (old.get(key) !== value)
            changed.push({ key, before: old.get(key) ?? null, after: value });
    return { changedCount: changed.length, changedTexts: changed.slice(0, limit) };
}
