import argon2 from 'argon2';
import { MAX_PASSWORD_LENGTH } from '../../domain/passwordPolicy.js';

/**
 * Argon2id with OWASP's minimum parameters (19 MiB, 2 iterations, 1 lane): slow for
 * attackers, ~40 ms here. Passwords are hashed exactly as received (no trim, no case folding).
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Cognito's upper bound (domain/passwordPolicy.ts); also bounds the hashing cost of hostile input. */
export function hashPassword(password: string): Promise<string> {
    return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
    if (password.length > MAX_PASSWORD_LENGTH) return false;
    try {
        return await argon2.verify(hash, password);
    } catch {
        return false;
    }
}
