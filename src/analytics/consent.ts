/**
 * The user's cookie choice (shell §9: analytics only with consent), kept in this browser's
 * localStorage. Necessary storage (session, language) needs no consent and is always on.
 */
export const CONSENT_STORAGE_KEY = 'backoffice.consent.v1';

export interface ConsentDecision {
    analytics: boolean;
    /** ISO 8601 time of the choice. */
    decidedAt: string;
}

/** The stored decision, or null when there is none (or it is unreadable: then the user is asked again). */
export function parseConsent(text: string | null): ConsentDecision | null {
    if (!text) return null;
    try {
        const value: unknown = JSON.parse(text);
        if (
            value &&
            typeof value === 'object' &&
            'analytics' in value &&
            typeof value.analytics === 'boolean' &&
            'decidedAt' in value &&
            typeof value.decidedAt === 'string'
        ) {
            return { analytics: value.analytics, decidedAt: value.decidedAt };
        }
    } catch {
        // unreadable: treated as no decision
    }
    return null;
}

export interface ConsentStore {
    /** The current decision; the same object until it changes (for `useSyncExternalStore`). */
    get(): ConsentDecision | null;
    decide(analytics: boolean): ConsentDecision;
    subscribe(listener: () => void): () => void;
}

/**
 * A decision store over `storage`. A storage that cannot be written (private modes, quotas)
 * keeps the decision for this page only. Changes made in other tabs arrive through
 * `notifyExternalChange` (the window's `storage` event).
 */
export function createConsentStore(
    storage: Pick<Storage, 'getItem' | 'setItem'> | undefined,
    now: () => Date = () => new Date(),
): ConsentStore & { notifyExternalChange(): void } {
    const read = () => {
        try {
            return parseConsent(storage?.getItem(CONSENT_STORAGE_KEY) ?? null);
        } catch {
            return null;
        }
    };
    let current = read();
    const listeners = new Set<() => void>();
    const emit = () => listeners.forEach((listener) => listener());
    return {
        get: () => current,
        decide(analytics) {
            current = { analytics, decidedAt: now().toISOString() };
            try {
                storage?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(current));
            } catch {
                // not persisted: the choice holds for this page
            }
            emit();
            return current;
        },
        subscribe(listener) {
            listeners.add(listener);
            return () => listeners.delete(listener);
        },
        notifyExternalChange() {
            const next = read();
            if (next?.analytics === current?.analytics && next?.decidedAt === current?.decidedAt)
                return;
            current = next;
            emit();
        },
    };
}

function browserStorage(): Storage | undefined {
    try {
        return typeof localStorage === 'undefined' ? undefined : localStorage;
    } catch {
        return undefined;
    }
}

/** The page's consent store. */
export const consentStore = createConsentStore(browserStorage());

if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
        if (event.key === CONSENT_STORAGE_KEY || event.key === null)
            consentStore.notifyExternalChange();
    });
}

/** True only with a stored "yes" to analytics. */
export function hasAnalyticsConsent(store: Pick<ConsentStore, 'get'> = consentStore): boolean {
    return store.get()?.analytics === true;
}
