import { describe, expect, it } from 'vitest';
import { FleetStore, type FleetVehicle } from '../../src/maps/fleet/fleetStore';

const vehicle = (
    id: string,
    latitude = 52.5,
    state: FleetVehicle['state'] = 'ON_ROAD',
): FleetVehicle => ({
    id,
    latitude,
    longitude: 13.4,
    heading: null,
    state,
    label: `Tour ${id}`,
});

/** A store with a listener that counts its calls. */
function counted() {
    const store = new FleetStore();
    const calls = { count: 0 };
    const stop = store.subscribe(() => calls.count++);
    return { store, calls, stop };
}

describe('FleetStore', () => {
    it('replace holds exactly the frame, in its order, and notifies once', () => {
        const { store, calls } = counted();
        store.replace([vehicle('a'), vehicle('b'), vehicle('c')]);
        store.replace([vehicle('c', 48), vehicle('d')]);
        expect(store.size).toBe(2);
        expect([...store.values()].map((item) => item.id)).toEqual(['c', 'd']);
        expect(store.get('c')?.latitude).toBe(48);
        expect(store.get('a')).toBeUndefined();
        expect(calls.count).toBe(2);
    });

    it('upsert replaces and adds what it is given, keeps the rest, and notifies once per batch', () => {
        const { store, calls } = counted();
        store.replace([vehicle('a'), vehicle('b')]);
        store.upsert([vehicle('b', 50, 'BEHIND'), vehicle('c'), vehicle('d')]);
        expect(store.size).toBe(4);
        expect(store.get('a')?.latitude).toBe(52.5);
        expect(store.get('b')).toMatchObject({ latitude: 50, state: 'BEHIND' });
        expect(calls.count).toBe(2);
        store.upsert([]);
        expect(calls.count).toBe(2);
    });

    it('remove drops the ids given, ignores unknown ones and notifies once when something went', () => {
        const { store, calls } = counted();
        store.replace([vehicle('a'), vehicle('b'), vehicle('c')]);
        store.remove(['a', 'c', 'zz']);
        expect([...store.values()].map((item) => item.id)).toEqual(['b']);
        expect(calls.count).toBe(2);
        store.remove(['zz']);
        expect(calls.count).toBe(2);
    });

    it('stops calling a listener once unsubscribed; every subscription is its own', () => {
        const { store, calls, stop } = counted();
        const other = { count: 0 };
        const listener = () => other.count++;
        const first = store.subscribe(listener);
        store.subscribe(listener);
        store.upsert([vehicle('a')]);
        expect([calls.count, other.count]).toEqual([1, 2]);
        stop();
        first();
        store.upsert([vehicle('b')]);
        expect([calls.count, other.count]).toEqual([1, 3]);
    });

    it('lets a listener unsubscribe while being notified without skipping the others', () => {
        const store = new FleetStore();
        const seen: string[] = [];
        const stopFirst = store.subscribe(() => {
            seen.push('first');
            stopFirst();
        });
        store.subscribe(() => seen.push('second'));
        store.upsert([vehicle('a')]);
        store.upsert([vehicle('b')]);
        expect(seen).toEqual(['first', 'second', 'second']);
    });
});
