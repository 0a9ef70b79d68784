import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'aes-256-gcm:v1';
const SIGNING_KEY_INFO = 'identity_signing_keys private JWK';

function deriveKey(secret: string, info: string): Buffer {
    return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), info, 32));
}

/**
 * Seals a secret value for storage: AES-256-GCM under HKDF-SHA256(secret, info), bound to `aad`
 * (e.g. the key id or the identity's sub) so a ciphertext cannot be moved to another row.
 * Without a secret (demo and development only; production config refuses that) the value is
 * stored as is. `info` separates the keys of different uses.
 */
export function sealSecret(
    value: string,
    aad: string,
    secret: string | undefined,
    info: string,
): string {
    if (!secret) return value;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', deriveKey(secret, info), iv);
    cipher.setAAD(Buffer.from(aad, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
    return [
        PREFIX,
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        ciphertext.toString('base64url'),
    ].join(':');
}

/** Reverses `sealSecret`; throws when the value is sealed and the secret is missing or wrong. */
export function openSecret(
    stored: string,
    aad: string,
    secret: string | undefined,
    info: string,
): string {
    if (!stored.startsWith(`${PREFIX}:`)) return stored;
    if (!secret)
        throw new Error(
            `A sealed value (${info}) cannot be opened: IDENTITY_KEY_SECRET is not set.`,
        );
    const [iv, tag, ciphertext] = stored.slice(PREFIX.length + 1).split(':');
    if (!iv || !tag || !ciphertext) throw new Error(`A sealed value (${info}) is malformed.`);
    const decipher = createDecipheriv(
        'aes-256-gcm',
        deriveKey(secret, info),
        Buffer.from(iv, 'base64url'),
    );
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
    ]).toString('utf8');
}

/** Seals a private JWK of `identity_signing_keys`, bound to its key id. */
export function sealPrivateKey(jwkJson: string, kid: string, secret: string | undefined): string {
    return sealSecret(jwkJson, kid, secret, SIGNING_KEY_INFO);
}

/** Reverses `sealPrivateKey`. */
export function openPrivateKey(stored: string, kid: string, secret: string | undefined): string {
    return openSecret(stored, kid, secret, SIGNING_KEY_INFO);
}
