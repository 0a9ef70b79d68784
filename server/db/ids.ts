import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * A random, non-sequential id (16 characters of Crockford base32, 80 bits) that leaks neither
 * row counts nor creation order, and is a valid scope path segment.
 */
export function newId(): string {
    const bytes = randomBytes(16);
    let id = '';
    for (const byte of bytes) id += ALPHABET[byte & 31];
    return id;
}
