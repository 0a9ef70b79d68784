/**
 * A readable difference between two configuration documents (the history's "what changed"):
 * one entry per changed leaf, with its path and the values before and after. Objects are
 * compared key by key; arrays of plain values as a whole (a list of services is one setting).
 */

export type ConfigChange =
    | { kind: 'added'; path: string[]; after: unknown }
    | { kind: 'removed'; path: string[]; before: unknown }
    | { kind: 'changed'; path: string[]; before: unknown; after: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);

function equal(a: unknown, b: unknown): boolean {
    if (a === b) return true;
    if (Array.isArray(a) && Array.isArray(b))
        return a.length === b.length && a.every((value, index) => equal(value, b[index]));
    if (isRecord(a) && isRecord(b)) {
        const keys = Object.keys(a);
        return (
            keys.length === Object.keys(b).length &&
            keys.every((key) => Object.hasOwn(b, key) && equal(a[key], b[key]))
        );
    }
    return false;
}

function walk(before: unknown, after: unknown, path: string[], changes: ConfigChange[]): void {
    if (isRecord(before) && isRecord(after)) {
        const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
        for (const key of keys) {
            const inBefore = Object.hasOwn(before, key);
            const inAfter = Object.hasOwn(after, key);
            if (inBefore && inAfter) walk(before[key], after[key], [...path, key], changes);
            else if (inAfter)
                changes.push(
                    ...leaves(after[key], [...path, key]).map(
                        ([leafPath, value]): ConfigChange => ({
                            kind: 'added',
                            path: leafPath,
                            after: value,
                        }),
                    ),
                );
            else
                changes.push(
                    ...leaves(before[key], [...path, key]).map(
                        ([leafPath, value]): ConfigChange => ({
                            kind: 'removed',
                            path: leafPath,
                            before: value,
                        }),
                    ),
                );
        }
        return;
    }
    if (!equal(before, after)) changes.push({ kind: 'changed', path, before, after });
}

/** The leaves of a value (an object's nested values; anything else is one leaf). */
function leaves(value: unknown, path: string[]): [string[], unknown][] {
    if (!isRecord(value) || Object.keys(value).length === 0) return [[path, value]];
    return Object.keys(value)
        .sort()
        .flatMap((key) => leaves(value[key], [...path, key]));
}

/** What changed from `before` to `after`, in path order. */
export function configDiff(before: unknown, after: unknown): ConfigChange[] {
    const changes: ConfigChange[] = [];
    walk(before ?? {}, after ?? {}, [], changes);
    return changes;
}

/** A value as short readable text: strings plain, lists comma-separated, the rest as JSON. */
export function formatConfigValue(value: unknown): string {
    if (value === undefined) return '';
    if (typeof value === 'string') return value;
    if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null))
        return value.map((item) => String(item)).join(', ');
    return JSON.stringify(value);
}
