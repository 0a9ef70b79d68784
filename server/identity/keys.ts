import { createHash } from 'node:crypto';
import { isNull } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Queryable } from '../db/client.js';
import { identitySigningKeys } from '../db/schema/index.js';
import { openPrivateKey, sealPrivateKey } from './key-encryption.js';

export type TokenUse = 'access' | 'id';

interface LoadedKey {
    kid: string;
    tokenUse: TokenUse;
    publicJwk: JWK;
    publicKey: CryptoKey;
    storedPrivateKey: string;
    privateKey?: CryptoKey;
}

interface SigningKey {
    kid: string;
    privateKey: CryptoKey;
}

/** RS256 keys shared by every app server through `identity_signing_keys`; this process only caches them. */
export interface KeyStore {
    /** The key that signs new tokens of this use, created (once, across processes) on first use. */
    signingKey(tokenUse: TokenUse): Promise<SigningKey>;
    /** A public key of our JWKS by `kid`, or undefined. */
    verificationKey(kid: string): Promise<CryptoKey | undefined>;
    /** The public JWK set, as published at `<issuer>/.well-known/jwks.json`. */
    jwks(): Promise<{ keys: JWK[] }>;
}

/** How long a miss (unknown `kid`) waits before the cache is read again, so garbage tokens cannot flood the database. */
const MISS_RELOAD_MS = 30_000;
/** Bumped when keys are rotated; the kid of a generation is the same in every process, which makes creation race-safe. */
const GENERATION = 1;

/** Deterministic per pool, use and generation: two processes creating the first key collide on the primary key. */
function slotKid(userPoolId: string, tokenUse: TokenUse): string {
    return createHash('sha256')
        .update(`${userPoolId}\n${tokenUse}\n${GENERATION}`)
        .digest('base64url')
        .slice(0, 32);
}

export function createKeyStore(
    db: Queryable,
    opts: { userPoolId: string; keySecret?: string },
): KeyStore {
    let cache = new Map<string, LoadedKey>();
    let queue: Promise<unknown> = Promise.resolve();
    let loadedAt = 0;
    const slotKids = new Set([slotKid(opts.userPoolId, 'access'), slotKid(opts.userPoolId, 'id')]);

    async function load(): Promise<void> {
        const rows = await db
            .select()
            .from(identitySigningKeys)
            .where(isNull(identitySigningKeys.retiredAt))
            .orderBy(identitySigningKeys.createdAt);
        const next = new Map<string, LoadedKey>();
        for (const row of rows) {
            const known = cache.get(row.kid);
            const publicJwk = row.publicJwk as JWK;
            const publicKey =
                known?.publicKey ?? ((await importJWK(publicJwk, 'RS256')) as CryptoKey);
            next.set(row.kid, {
                ...known,
                kid: row.kid,
                tokenUse: row.tokenUse,
                publicJwk,
                publicKey,
                storedPrivateKey: row.privateKey,
            });
        }
        cache = next;
        loadedAt = Date.now();
    }

    /** Runs table reads and key creation one at a time, so a read never misses a key this process just created. */
    function serialized<T>(task: () => Promise<T>): Promise<T> {
        const run = queue.then(task, task);
        queue = run.catch(() => undefined);
        return run;
    }

    async function create(tokenUse: TokenUse): Promise<void> {
        const kid = slotKid(opts.userPoolId, tokenUse);
        const { privateKey, publicKey } = await generateKeyPair('RS256', {
            modulusLength: 2048,
            extractable: true,
        });
        const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
        const privateJwk = JSON.stringify(await exportJWK(privateKey));
        await db
            .insert(identitySigningKeys)
            .values({
                kid,
                tokenUse,
                privateKey: sealPrivateKey(privateJwk, kid, opts.keySecret),
                publicJwk,
            })
            .onConflictDoNothing();
    }

    function activeKey(tokenUse: TokenUse): LoadedKey | undefined {
        return [...cache.values()].find((key) => key.tokenUse === tokenUse);
    }

    /** The active key of a use, from the cache, else the table, else newly created. */
    async function ensureKey(tokenUse: TokenUse): Promise<LoadedKey> {
        const cached = activeKey(tokenUse);
        if (cached) return cached;
        return serialized(async () => {
            if (!activeKey(tokenUse)) await load();
            if (!activeKey(tokenUse)) {
                await create(tokenUse);
                await load();
            }
            const key = activeKey(tokenUse);
            if (!key) throw new Error(`No ${tokenUse} signing key could be created.`);
            return key;
        });
    }

    async function signingKey(tokenUse: TokenUse): Promise<SigningKey> {
        const key = await ensureKey(tokenUse);
        key.privateKey ??= (await importJWK(
            JSON.parse(openPrivateKey(key.storedPrivateKey, key.kid, opts.keySecret)) as JWK,
            'RS256',
        )) as CryptoKey;
        return { kid: key.kid, privateKey: key.privateKey };
    }

    async function verificationKey(kid: string): Promise<CryptoKey | undefined> {
        // Our own slot kids may just have been created by another process: always worth a look.
        const worthReload = slotKids.has(kid) || Date.now() - loadedAt > MISS_RELOAD_MS;
        if (!cache.has(kid) && worthReload) await serialized(load);
        return cache.get(kid)?.publicKey;
    }

    async function jwks(): Promise<{ keys: JWK[] }> {
        await Promise.all([ensureKey('access'), ensureKey('id')]);
        return { keys: [...cache.values()].map((key) => key.publicJwk) };
    }

    return { signingKey, verificationKey, jwks };
}
