import { describe, expect, it } from 'vitest';
import { emptyProfileActions } from '../../domain/permissions';
import { CallerCache, type CachedAuthentication } from '../../server/access/caller-cache';

const entry = (expiresAt: number): CachedAuthentication => ({
    token: {
        sub: 's1',
        username: 'ada',
        clientId: 'web',
        originJti: 'j1',
        authTime: 0,
        issuedAt: 0,
        expiresAt,
    },
    caller: {
        userId: 'u1',
        sub: 's1',
        type: 'BackofficeManager',
        tenantId: null,
        email: 'ada@example.com',
        active: true,
        assignments: [],
        actions: emptyProfileActions(),
    },
});

function cacheAt(start: number, ttlMs = 15_000, maxEntries = 3) {
    const clock = { now: start };
    const cache = new CallerCache({ ttlMs, maxEntries, now: () => clock.now });
    return { cache, clock };
}

describe('the per-token caller cache', () => {
    it('answers a stored token until its lifetime ends, then forgets it', () => {
        const { cache, clock } = cacheAt(1_000_000);
        cache.set('t1', entry(2_000), cache.generation);
        expect(cache.get('t1')?.caller.userId).toBe('u1');
        clock.now += 14_999;
        expect(cache.get('t1')).toBeDefined();
        clock.now += 1;
        expect(cache.get('t1')).toBeUndefined();
    });

    it("never keeps a token past the token's own expiry", () => {
        const { cache, clock } = cacheAt(1_000_000);
        cache.set('t1', entry(1_005), cache.generation);
        clock.now = 1_004_999;
        expect(cache.get('t1')).toBeDefined();
        clock.now = 1_005_000;
        expect(cache.get('t1')).toBeUndefined();
        cache.set('t2', entry(1_004), cache.generation);
        expect(cache.get('t2')).toBeUndefined();
    });

    it('drops everything on clear, and refuses an answer computed across a clear', () => {
        const { cache } = cacheAt(1_000_000);
        cache.set('t1', entry(2_000), cache.generation);
        const before = cache.generation;
        cache.clear();
        expect(cache.get('t1')).toBeUndefined();
        cache.set('t2', entry(2_000), before);
        expect(cache.get('t2')).toBeUndefined();
        cache.set('t2', entry(2_000), cache.generation);
        expect(cache.get('t2')).toBeDefined();
    });

    it('stores nothing while disabled (notifications not received)', () => {
        const { cache } = cacheAt(1_000_000);
        cache.set('t1', entry(2_000), cache.generation);
        cache.setEnabled(false);
        expect(cache.get('t1')).toBeUndefined();
        cache.set('t1', entry(2_000), cache.generation);
        expect(cache.size).toBe(0);
        cache.setEnabled(true);
        cache.set('t1', entry(2_000), cache.generation);
        expect(cache.size).toBe(1);
    });

    it('drops the oldest entry beyond its size', () => {
        const { cache } = cacheAt(1_000_000);
        for (const token of ['a', 'b', 'c', 'd']) cache.set(token, entry(2_000), cache.generation);
        expect(cache.size).toBe(3);
        expect(cache.get('a')).toBeUndefined();
        expect(cache.get('d')).toBeDefined();
    });
});
