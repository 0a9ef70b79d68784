import { generateSecret, verify } from 'otplib';
import { openSecret, sealSecret } from './key-encryption.js';

/** RFC 6238 as authenticator apps use it: SHA-1, 6 digits, 30 s steps. */
const TOTP_PERIOD_SECONDS = 30;
/** ±1 step of clock drift (ASVS 6.5.5). */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
const SEAL_INFO = 'identity TOTP secret';

/** A new shared secret from the CSPRNG: 20 bytes (160 bits), base32, as AssociateSoftwareToken hands it out. */
export function newTotpSecret(): string {
    return generateSecret({ length: 20 });
}

/**
 * The time step a code was accepted for, or undefined. A step at or before `lastStep` is
 * refused, so each code works once (ASVS 6.5.1); the caller stores the returned step.
 */
export async function acceptedTotpStep(
    secret: string,
    code: string,
    lastStep: number | null,
    now = new Date(),
): Promise<number | undefined> {
    if (!/^\d{6}$/.test(code)) return undefined;
    const result = await verify({
        secret,
        token: code,
        epoch: Math.floor(now.getTime() / 1000),
        epochTolerance: TOLERANCE_SECONDS,
        afterTimeStep: lastStep ?? undefined,
    });
    // The functional API types TOTP and HOTP results together; only TOTP's carries `timeStep`.
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/** Seals a TOTP secret for storage like the signing keys, bound to the identity's sub. */
export const sealTotpSecret = (secret: string, sub: string, keySecret: string | undefined) =>
    sealSecret(secret, `totp:${sub}`, keySecret, SEAL_INFO);

/** Reverses `sealTotpSecret`. */
export const openTotpSecret = (stored: string, sub: string, keySecret: string | undefined) =>
    openSecret(stored, `totp:${sub}`, keySecret, SEAL_INFO);
