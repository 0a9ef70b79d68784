import { describe, expect, it } from 'vitest';
import { createRandom, unique } from '../../server/demo/random.js';

describe('createRandom', () => {
    it('repeats its sequence for the same seed and stream, and differs otherwise', () => {
        const draw = (seed: string, stream?: string) => {
            const random = createRandom(seed, stream);
            return Array.from({ length: 20 }, () => random.next());
        };
        expect(draw('a', 's')).toEqual(draw('a', 's'));
        expect(draw('a', 's')).not.toEqual(draw('a', 't'));
        expect(draw('a')).not.toEqual(draw('b'));
    });

    it('draws within bounds and shapes ids like server/db/ids.ts', () => {
        const random = createRandom('bounds');
        for (let i = 0; i < 1000; i++) {
            const value = random.int(3, 7);
            expect(value).toBeGreaterThanOrEqual(3);
            expect(value).toBeLessThanOrEqual(7);
        }
        expect(random.id()).toMatch(/^[0-9a-hjkmnp-tv-z]{16}$/);
        expect(random.uuid()).toMatch(
            /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        );
        expect(random.digits(4)).toMatch(/^\d{4}$/);
        expect(random.shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
        expect(() => random.pick([])).toThrow();
    });

    it('draws unique values until none is left', () => {
        const random = createRandom('unique');
        const taken = new Set<number>();
        for (let i = 0; i < 3; i++) unique(taken, () => random.int(1, 3));
        expect(taken).toEqual(new Set([1, 2, 3]));
        expect(() => unique(taken, () => random.int(1, 3), 50)).toThrow();
    });
});
