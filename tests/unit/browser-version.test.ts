import { describe, expect, it } from 'vitest';
import {
    dismissUpdate,
    isNewVersionAvailable,
    setLatestVersionId,
    subscribeToVersion,
    updateToOffer,
} from '../../src/version';

function memoryStorage(): Storage {
    const values = new Map<string, string>();
    return {
        get length() {
            return values.size;
        },
        clear: () => values.clear(),
        getItem: (key) => values.get(key) ?? null,
        key: (index) => [...values.keys()][index] ?? null,
        removeItem: (key) => void values.delete(key),
        setItem: (key, value) => void values.set(key, value),
    };
}

describe('update banner state', () => {
    it('offers a build other than the loaded one, until it is dismissed for the session', () => {
        const storage = memoryStorage();
        let notified = 0;
        const unsubscribe = subscribeToVersion(() => (notified += 1));

        setLatestVersionId('build-1');
        expect(isNewVersionAvailable('build-1')).toBe(false);
        expect(updateToOffer('build-1', storage)).toBeUndefined();

        setLatestVersionId('build-2');
        expect(updateToOffer('build-1', storage)).toBe('build-2');
        dismissUpdate('build-2', storage);
        expect(updateToOffer('build-1', storage)).toBeUndefined();

        // A later build is offered again, even after the earlier one was closed.
        setLatestVersionId('build-3');
        expect(updateToOffer('build-1', storage)).toBe('build-3');
        setLatestVersionId('build-3');
        expect(notified).toBe(3);
        unsubscribe();
    });
});
