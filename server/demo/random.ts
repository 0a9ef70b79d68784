/**
 * A small seeded PRNG (sfc32 over a cyrb128 string hash) with the helpers the demo generator
 * needs. Same seed, same sequence, on every platform: demo data is reproducible.
 */

/** The alphabet of server/db/ids.ts (Crockford base32, lower case). */
const ID_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const HEX = '0123456789abcdef';

export interface Random {
    /** A float in [0, 1). */
    next(): number;
    /** An integer in [min, max], both included. */
    int(min: number, max: number): number;
    chance(probability: number): boolean;
    pick<T>(items: readonly T[]): T;
    shuffle<T>(items: readonly T[]): T[];
    /** `count` decimal digits as a string (leading zeros kept). */
    digits(count: number): string;
    /** A 16-character id shaped like server/db/ids.ts's `newId()`. */
    id(): string;
    /** A version-4-shaped UUID string. */
    uuid(): string;
}

function cyrb128(text: string): [number, number, number, number] {
    let h1 = 1779033703;
    let h2 = 3144134277;
    let h3 = 1013904242;
    let h4 = 2773480762;
    for (let i = 0; i < text.length; i++) {
        const k = text.charCodeAt(i);
        h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
        h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
        h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
        h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
    }
    h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
    h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
    h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
    h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
    h1 ^= h2 ^ h3 ^ h4;
    h2 ^= h1;
    h3 ^= h1;
    h4 ^= h1;
    return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

function sfc32(seed: [number, number, number, number]): () => number {
    let [a, b, c, d] = seed;
    return () => {
        a |= 0;
        b |= 0;
        c |= 0;
        d |= 0;
        const t = (((a + b) | 0) + d) | 0;
        d = (d + 1) | 0;
        a = b ^ (b >>> 9);
        b = (c + (c << 3)) | 0;
        c = (c << 21) | (c >>> 11);
        c = (c + t) | 0;
        return (t >>> 0) / 4294967296;
    };
}

/**
 * A generator for `seed`. Pass a stream name to get an independent sequence per part of the
 * data set, so adding to one part does not reshuffle the others.
 */
export function createRandom(seed: string, stream = ''): Random {
    const next = sfc32(cyrb128(`${seed}\u0000${stream}`));
    for (let i = 0; i < 12; i++) next(); // warm-up: sfc32's first outputs correlate with the seed
    const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
    const chars = (alphabet: string, count: number) => {
        let out = '';
        for (let i = 0; i < count; i++) out += alphabet[int(0, alphabet.length - 1)];
        return out;
    };
    return {
        next,
        int,
        chance: (probability) => next() < probability,
        pick<T>(items: readonly T[]): T {
            if (items.length === 0) throw new Error('pick from an empty list');
            return items[int(0, items.length - 1)] as T;
        },
        shuffle<T>(items: readonly T[]): T[] {
            const copy = [...items];
            for (let i = copy.length - 1; i > 0; i--) {
                const j = int(0, i);
                [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
            }
            return copy;
        },
        digits: (count) => chars('0123456789', count),
        id: () => chars(ID_ALPHABET, 16),
        uuid: () => {
            const hex = chars(HEX, 32);
            const variant = HEX[8 + int(0, 3)] ?? '8';
            return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
        },
    };
}

/** Draws values until one is not in `taken`, records it, and returns it. */
export function unique<T>(taken: Set<T>, draw: () => T, attempts = 1000): T {
    for (let i = 0; i < attempts; i++) {
        const value = draw();
        if (!taken.has(value)) {
            taken.add(value);
            return value;
        }
    }
    throw new Error('could not draw a unique value');
}
