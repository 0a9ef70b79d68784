import { randomInt } from 'node:crypto';

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
/** Symbols that survive e-mail clients and are easy to type. */
const SYMBOLS = '!#%+-=?@_';
const ALL = LOWER + UPPER + DIGITS + SYMBOLS;
const LENGTH = 16;

function pick(alphabet: string): string {
    return alphabet[randomInt(alphabet.length)] ?? '';
}

/**
 * A temporary password from the CSPRNG (ASVS 6.4.1): 16 characters, about 97 bits, with every
 * class the password rule asks for, shuffled (Fisher–Yates) so the classes sit anywhere.
 * Look-alike characters (l, o, 0, 1, I, O) are left out.
 */
export function generateTemporaryPassword(): string {
    const characters = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
    while (characters.length < LENGTH) characters.push(pick(ALL));
    for (let index = characters.length - 1; index > 0; index--) {
        const other = randomInt(index + 1);
        [characters[index], characters[other]] = [characters[other] ?? '', characters[index] ?? ''];
    }
    return characters.join('');
}
