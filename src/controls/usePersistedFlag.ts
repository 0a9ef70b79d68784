import { useCallback, useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();

function storage(): Storage | undefined {
    try {
        return globalThis.localStorage;
    } catch {
        return undefined;
    }
}

/** The stored flag: 'true' or 'false'; anything else (or nothing) means the default. */
function readFlag(key: string, fallback: boolean): boolean {
    let raw: string | null | undefined;
    try {
        raw = storage()?.getItem(key);
    } catch {
        return fallback;
    }
    if (raw === 'true') return true;
    if (raw === 'false') return false;
    return fallback;
}

function writeFlag(key: string, value: boolean): void {
    try {
        storage()?.setItem(key, String(value));
    } catch {
        // Private mode or quota: the value lasts until the page is left.
    }
    listeners.forEach((listener) => listener());
}

function subscribe(onChange: () => void): () => void {
    listeners.add(onChange);
    globalThis.addEventListener?.('storage', onChange);
    return () => {
        listeners.delete(onChange);
        globalThis.removeEventListener?.('storage', onChange);
    };
}

/**
 * A boolean kept in local storage under `key` (shell §2.11); every component using the same key,
 * in this tab or another, sees the same value.
 */
export function usePersistedFlag(
    key: string,
    fallback: boolean,
): [boolean, (value: boolean) => void] {
    const value = useSyncExternalStore(
        subscribe,
        () => readFlag(key, fallback),
        () => fallback,
    );
    const setValue = useCallback((next: boolean) => writeFlag(key, next), [key]);
    return [value, setValue];
}
