import type { VerifiedAccessToken } from '../identity/types.js';
import type { Caller } from './caller-repository.js';

/** What the authentication hook learnt from one access token. */
export interface CachedAuthentication {
    token: VerifiedAccessToken;
    caller: Caller;
}

export interface CallerCacheOptions {
    /** How long an entry is trusted at most, whatever happens (the safety net). */
    ttlMs: number;
    /** Upper bound on entries; the oldest are dropped first. */
    maxEntries: number;
    now?: () => number;
}

interface Entry extends CachedAuthentication {
    expiresAt: number;
}

/**
 * Remembers, per access token, its verification and the caller behind it, so an API request
 * does not repeat the signature check, the revocation query and the caller query. An entry
 * lives until the shorter of `ttlMs` and the token's own expiry, and the whole cache is
 * dropped by `clear()` whenever something that could change the answer happened: a sign-out,
 * a revocation, a disabled identity, a changed user, role or role assignment (see
 * `server/plugins/authentication.ts` for who calls it). Only successful answers are kept: a
 * refused token or an unknown user is checked again on the next request.
 */
export class CallerCache {
    readonly #entries = new Map<string, Entry>();
    readonly #ttlMs: number;
    readonly #maxEntries: number;
    readonly #now: () => number;
    #enabled = true;
    #generation = 0;

    constructor(options: CallerCacheOptions) {
        this.#ttlMs = options.ttlMs;
        this.#maxEntries = options.maxEntries;
        this.#now = options.now ?? Date.now;
    }

    get(rawToken: string): CachedAuthentication | undefined {
        const entry = this.#entries.get(rawToken);
        if (!entry) return undefined;
        if (entry.expiresAt <= this.#now()) {
            this.#entries.delete(rawToken);
            return undefined;
        }
        return entry;
    }

    /**
     * The cache's generation, to pass to `set`: an answer computed while a `clear()` happened
     * may predate the change that caused it, and is then not stored.
     */
    get generation(): number {
        return this.#generation;
    }

    set(rawToken: string, value: CachedAuthentication, generation: number): void {
        if (!this.#enabled || this.#ttlMs <= 0 || generation !== this.#generation) return;
        const expiresAt = Math.min(this.#now() + this.#ttlMs, value.token.expiresAt * 1000);
        if (expiresAt <= this.#now()) return;
        if (this.#entries.size >= this.#maxEntries) {
            // Maps iterate in insertion order: the first key is the oldest entry.
            const oldest = this.#entries.keys().next();
            if (!oldest.done) this.#entries.delete(oldest.value);
        }
        this.#entries.set(rawToken, { ...value, expiresAt });
    }

    /** Forgets every entry: the next request of every token is checked against the database. */
    clear(): void {
        this.#generation += 1;
        this.#entries.clear();
    }

    /**
     * Stops (false) or resumes (true) caching, e.g. while the change notifications that keep
     * it correct across app servers are not being received. Stopping also clears it.
     */
    setEnabled(enabled: boolean): void {
        this.#enabled = enabled;
        if (!enabled) this.clear();
    }

    get size(): number {
        return this.#entries.size;
    }
}
