import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'aes-256-gcm:v1';
const INFO = 'identity_signing_keys private JWK';

function deriveKey(secret: string): Buffer {
    return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), INFO, 32));
}

/**
 * Seals a private JWK for storage: AES-256-GCM under HKDF-SHA256(secret), bound to the key id
 * (as associated data) so a row's ciphertext cannot be moved to another row. Without a secret
 * (demo and development only; production config refuses that) the JWK is stored as JSON.
 */
export function sealPrivateKey(jwkJson: string, kid: string, secret: string | undefined): string {
    if (!secret) return jwkJson;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', deriveKey(secret), iv);
    cipher.setAAD(Buffer.from(kid, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(jwkJson, 'utf8'), cipher.final()]);
    return [PREFIX, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join(':');
}

/** Reverses `sealPrivateKey`; throws when the value is sealed and the secret is missing or wrong. */
export function openPrivateKey(stored: string, kid: string, secret: string | undefined): string {
    if (!stored.startsWith(`${PREFIX}:`)) return stored;
    if (!secret) throw new Error(`Signing key ${kid} is encrypted but IDENTITY_KEY_SECRET is not set.`);
    const [iv, tag, ciphertext] = stored.slice(PREFIX.length + 1).split(':');
    if (!iv || !tag || !ciphertext) throw new Error(`Signing key ${kid} is not a valid sealed value.`);
    const decipher = createDecipheriv('aes-256-gcm', deriveKey(secret), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(kid, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
