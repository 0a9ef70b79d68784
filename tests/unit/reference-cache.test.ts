import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import {
    ReferenceCache,
    referenceData,
    referenceDataChanged,
    shareReferenceCache,
    type ReferenceData,
} from '../../server/db/reference-data';

/** A loader that counts its calls and answers when told, to order loads against clears. */
function controlledLoader() {
    const pending: { resolve: (data: ReferenceData) => void; reject: (error: Error) => void }[] =
        [];
    let calls = 0;
    const load = () =>
        new Promise<ReferenceData>((resolve, reject) => {
            calls += 1;
            pending.push({ resolve, reject });
        });
    const data = (name: string): ReferenceData => ({
        tenants: [],
        tenantById: new Map(),
        depotGroupById: new Map(),
        depotById: new Map(),
        subcontractorById: new Map([
            [
                's',
                { name } as ReferenceData['subcontractorById'] extends ReadonlyMap<string, infer R>
                    ? R
                    : never,
            ],
        ]),
    });
    return {
        load,
        calls: () => calls,
        answer: (index: number, name: string) => pending[index]?.resolve(data(name)),
        fail: (index: number) => pending[index]?.reject(new Error('connection lost')),
    };
}

const db = {} as Database;
const nameOf = (data: ReferenceData) => data.subcontractorById.get('s')?.name;

describe('ReferenceCache', () => {
    it('loads once for concurrent and later reads until cleared', async () => {
        const loader = controlledLoader();
        const cache = new ReferenceCache(db, loader.load);
        const first = cache.get();
        const second = cache.get();
        loader.answer(0, 'v1');
        expect(nameOf(await first)).toBe('v1');
        expect(nameOf(await second)).toBe('v1');
        expect(nameOf(await cache.get())).toBe('v1');
        expect(loader.calls()).toBe(1);
        cache.clear();
        const third = cache.get();
        loader.answer(1, 'v2');
        expect(nameOf(await third)).toBe('v2');
        expect(loader.calls()).toBe(2);
    });

    it('never keeps a copy that was loading when a change was announced', async () => {
        const loader = controlledLoader();
        const cache = new ReferenceCache(db, loader.load);
        const early = cache.get();
        cache.clear();
        loader.answer(0, 'before the change');
        // The read that was already waiting gets its answer; the next one reads again.
        expect(nameOf(await early)).toBe('before the change');
        const late = cache.get();
        loader.answer(1, 'after the change');
        expect(nameOf(await late)).toBe('after the change');
        expect(loader.calls()).toBe(2);
    });

    it('reads again after a failed load instead of keeping the failure', async () => {
        const loader = controlledLoader();
        const cache = new ReferenceCache(db, loader.load);
        const failing = cache.get();
        loader.fail(0);
        await expect(failing).rejects.toThrow('connection lost');
        const next = cache.get();
        loader.answer(1, 'v1');
        expect(nameOf(await next)).toBe('v1');
    });

    it('keeps nothing while notifications are not received', async () => {
        const loader = controlledLoader();
        const cache = new ReferenceCache(db, loader.load);
        cache.setEnabled(false);
        const first = cache.get();
        const second = cache.get();
        loader.answer(0, 'a');
        loader.answer(1, 'b');
        expect([nameOf(await first), nameOf(await second)]).toEqual(['a', 'b']);
        cache.setEnabled(true);
        const third = cache.get();
        loader.answer(2, 'c');
        expect(nameOf(await third)).toBe('c');
        expect(nameOf(await cache.get())).toBe('c');
        expect(loader.calls()).toBe(3);
    });

    it('is dropped by a writer of the shared handle right after its commit, before any notification', async () => {
        const loader = controlledLoader();
        const shared = {} as Database;
        shareReferenceCache(shared, new ReferenceCache(shared, loader.load));
        const before = referenceData(shared);
        loader.answer(0, 'before the write');
        expect(nameOf(await before)).toBe('before the write');
        expect(nameOf(await referenceData(shared))).toBe('before the write');
        referenceDataChanged(shared);
        const after = referenceData(shared);
        loader.answer(1, 'after the write');
        expect(nameOf(await after)).toBe('after the write');
        expect(loader.calls()).toBe(2);
    });

    it('counts its drops in an epoch for derived copies, and has none while it keeps nothing', () => {
        const cache = new ReferenceCache(db, controlledLoader().load);
        const first = cache.epoch;
        expect(cache.epoch).toBe(first);
        cache.clear();
        expect(cache.epoch).not.toBe(first);
        cache.setEnabled(false);
        expect(cache.epoch).toBeNull();
        cache.setEnabled(true);
        expect(cache.epoch).not.toBeNull();
    });
});
