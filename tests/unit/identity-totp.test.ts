import { generate, stringToBytes } from 'otplib';
import { describe, expect, it } from 'vitest';
import {
    acceptedTotpStep,
    newTotpSecret,
    openTotpSecret,
    sealTotpSecret,
} from '../../server/identity/totp.js';

const at = (seconds: number) => new Date(seconds * 1000);

describe('TOTP (RFC 6238, SHA-1, 6 digits, 30 s)', () => {
    it('matches the RFC 6238 test vector (SHA-1 seed "12345678901234567890", T = 59 s)', async () => {
        // RFC 6238 Appendix B gives 94287082 for 8 digits; 6 digits are its last six.
        expect(
            await generate({ secret: stringToBytes('12345678901234567890'), epoch: 59, digits: 8 }),
        ).toBe('94287082');
    });

    it('generates 160-bit base32 secrets from the CSPRNG', () => {
        const secrets = new Set(Array.from({ length: 50 }, newTotpSecret));
        expect(secrets.size).toBe(50);
        for (const secret of secrets) expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    });

    it('accepts the current step and one step either side, and returns the step', async () => {
        const secret = newTotpSecret();
        const now = 1_900_000_005;
        const step = Math.floor(now / 30);
        for (const offset of [-1, 0, 1]) {
            const code = await generate({ secret, epoch: now + offset * 30 });
            expect(await acceptedTotpStep(secret, code, null, at(now))).toBe(step + offset);
        }
        for (const offset of [-2, 2]) {
            const code = await generate({ secret, epoch: now + offset * 30 });
            expect(await acceptedTotpStep(secret, code, null, at(now))).toBeUndefined();
        }
    });

    it('refuses a step at or before the last accepted one, so a code works once', async () => {
        const secret = newTotpSecret();
        const now = 1_900_000_005;
        const code = await generate({ secret, epoch: now });
        const step = await acceptedTotpStep(secret, code, null, at(now));
        expect(step).toBeDefined();
        expect(await acceptedTotpStep(secret, code, step!, at(now))).toBeUndefined();
        expect(
            await acceptedTotpStep(
                secret,
                await generate({ secret, epoch: now + 30 }),
                step!,
                at(now),
            ),
        ).toBe(step! + 1);
    });

    it('refuses malformed codes without throwing', async () => {
        const secret = newTotpSecret();
        for (const code of ['', '12345', '1234567', 'abcdef', '12 456'])
            expect(await acceptedTotpStep(secret, code, null)).toBeUndefined();
    });

    it('seals secrets per identity when a key secret is set', () => {
        const secret = newTotpSecret();
        const key = 'k'.repeat(40);
        const sealed = sealTotpSecret(secret, 'sub-1', key);
        expect(sealed).toMatch(/^aes-256-gcm:v1:/);
        expect(sealed).not.toContain(secret);
        expect(openTotpSecret(sealed, 'sub-1', key)).toBe(secret);
        expect(() => openTotpSecret(sealed, 'sub-2', key)).toThrow();
        expect(sealTotpSecret(secret, 'sub-1', undefined)).toBe(secret);
    });
});
