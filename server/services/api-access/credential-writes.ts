import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
    apiCredentialErrors,
    credentialStatus,
    normaliseScopes,
} from '../../../domain/apiAccess.js';
import type {
    ApiCredential,
    ApiCredentialBody,
    ApiCredentialUpdateBody,
    ApiCredentialWithSecret,
} from '../../../domain/contracts/api-access.js';
import { newClientId, newClientSecret } from '../../access/machine-tokens.js';
import { assertAction } from '../../access/route-access.js';
import type { Database, Transaction } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { apiCredentials, tenants } from '../../db/schema/index.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import { hashPassword } from '../../identity/passwords.js';
import { appendAudit } from '../../shared/audit-repository.js';
import { WRITE_CREDENTIALS } from './credential-access.js';
import {
    findCredential,
    findCredentialRow,
    type CredentialRow,
    type CredentialTenants,
} from './credentials-repository.js';
import { credentialChanged } from '../../access/machine-auth.js';

/**
 * The writes of API credentials (domain §2 API Access Management): create, change, rotate and
 * revoke, each in one transaction with its audit entry. The credential is loaded among the
 * caller's readable organisations (another organisation's is 404 like an unknown id) and
 * w:api-access-management checked on its organisation. Only the secret's Argon2id hash is stored.
 */

function assertValid(body: { name: string; scopes: string[]; expiresAt: string | null }): void {
    const errors = apiCredentialErrors(body);
    const [first] = errors;
    if (first) throw badRequest(`${first.field ?? ''} ${first.message}`.trim(), errors);
}

/** What the audit log keeps of a credential: never the secret or its hash. */
const audited = (row: Pick<CredentialRow, 'name' | 'scopes' | 'expiresAt' | 'clientId'>) => ({
    clientId: row.clientId,
    name: row.name,
    scopes: row.scopes,
    expiresAt: row.expiresAt?.toISOString() ?? null,
});

const stale = () =>
    conflict(
        'STALE_RECORD',
        'The credential was changed by someone else since you loaded it; reload and try again.',
    );
const revoked = () =>
    conflict('CREDENTIAL_REVOKED', 'The credential is revoked; create a new one.');

async function readBack(db: Database, tenantId: string, id: string): Promise<ApiCredential> {
    const credential = await findCredential(db, [tenantId], id);
    if (!credential)
        throw new AppError(500, 'SERVER_ERROR', 'The credential could not be read back.');
    return credential;
}

/**
 * Runs `change` on the locked row of a credential of `readable` after checking the write
 * action on its organisation, then answers the credential as stored.
 */
async function changeCredential(
    db: Database,
    request: FastifyRequest,
    readable: CredentialTenants,
    id: string,
    change: (tx: Transaction, before: CredentialRow) => Promise<void>,
): Promise<ApiCredential> {
    const tenantId = await db.transaction(async (tx) => {
        const before = await findCredentialRow(tx, readable, id, true);
        if (!before) throw notFound(`Credential ${id}`);
        assertAction(request.caller.actions, WRITE_CREDENTIALS, {
            context: 'tenant',
            path: before.tenantId,
        });
        await change(tx, before);
        return before.tenantId;
    });
    credentialChanged(db, id);
    return readBack(db, tenantId, id);
}

/** Creates a credential of the body's organisation; the answer carries the secret, shown this once. */
export async function createCredential(
    db: Database,
    request: FastifyRequest,
    body: ApiCredentialBody,
): Promise<ApiCredentialWithSecret> {
    assertValid(body);
    const [tenant] = await db
        .select({ id: tenants.id })
        .from(tenants)
        .where(eq(tenants.id, body.tenantId));
    if (!tenant)
        throw badRequest(`tenantId ${body.tenantId} is not an organisation.`, [
            { field: '/body/tenantId', message: 'is not an organisation' },
        ]);
    const id = newId();
    const clientSecret = newClientSecret();
    const secretHash = await hashPassword(clientSecret);
    const values = {
        id,
        tenantId: body.tenantId,
        clientId: newClientId(),
        name: body.name.trim(),
        scopes: normaliseScopes(body.scopes),
        secretHash,
        expiresAt: body.expiresAt === null ? null : new Date(body.expiresAt),
        createdBy: request.caller.userId,
        version: 1,
    };
    await db.transaction(async (tx) => {
        await tx.insert(apiCredentials).values(values);
        await appendAudit(tx, request, {
            action: 'api-credential-created',
            entityType: 'api-credential',
            entityId: id,
            changes: { after: { tenantId: body.tenantId, ...audited(values) } },
        });
    });
    const created = await readBack(db, body.tenantId, id);
    return { ...created, clientSecret };
}

/** Changes name, scopes and expiry if the credential is still at the body's version and not revoked. */
export function updateCredential(
    db: Database,
    request: FastifyRequest,
    readable: CredentialTenants,
    id: string,
    body: ApiCredentialUpdateBody,
): Promise<ApiCredential> {
    const { name, scopes, expiresAt, version } = body;
    return changeCredential(db, request, readable, id, async (tx, before) => {
        if (before.version !== version) throw stale();
        if (before.revokedAt) throw revoked();
        // An unchanged expiry is kept even when it lies in the past (renaming an expired credential).
        const unchangedExpiry =
            expiresAt !== null &&
            before.expiresAt !== null &&
            Date.parse(expiresAt) === before.expiresAt.getTime();
        assertValid({ name, scopes, expiresAt: unchangedExpiry ? null : expiresAt });
        const after = {
            name: name.trim(),
            scopes: normaliseScopes(scopes),
            expiresAt: expiresAt === null ? null : new Date(expiresAt),
        };
        await tx
            .update(apiCredentials)
            .set({ ...after, version: before.version + 1, updatedAt: new Date() })
            .where(eq(apiCredentials.id, id));
        await appendAudit(tx, request, {
            action: 'api-credential-updated',
            entityType: 'api-credential',
            entityId: id,
            changes: {
                before: audited(before),
                after: audited({ ...after, clientId: before.clientId }),
            },
        });
    });
}

/**
 * Replaces the client secret of an active credential (the old one and tokens issued with it
 * stop working at once); the answer carries the new secret, shown this once.
 */
export async function rotateCredential(
    db: Database,
    request: FastifyRequest,
    readable: CredentialTenants,
    id: string,
): Promise<ApiCredentialWithSecret> {
    const clientSecret = newClientSecret();
    const secretHash = await hashPassword(clientSecret);
    const rotated = await changeCredential(db, request, readable, id, async (tx, before) => {
        const status = credentialStatus(before);
        if (status === 'REVOKED') throw revoked();
        if (status === 'EXPIRED')
            throw conflict(
                'CREDENTIAL_EXPIRED',
                'The credential has expired; extend its expiry first.',
            );
        const now = new Date();
        await tx
            .update(apiCredentials)
            .set({ secretHash, rotatedAt: now, version: before.version + 1, updatedAt: now })
            .where(eq(apiCredentials.id, id));
        await appendAudit(tx, request, {
            action: 'api-credential-rotated',
            entityType: 'api-credential',
            entityId: id,
            changes: { clientId: before.clientId, rotatedAt: now.toISOString() },
        });
    });
    return { ...rotated, clientSecret };
}

/** Revokes a credential (irreversible); revoking a revoked credential changes nothing. */
export function revokeCredential(
    db: Database,
    request: FastifyRequest,
    readable: CredentialTenants,
    id: string,
): Promise<ApiCredential> {
    return changeCredential(db, request, readable, id, async (tx, before) => {
        if (before.revokedAt) return;
        const now = new Date();
        await tx
            .update(apiCredentials)
            .set({ revokedAt: now, version: before.version + 1, updatedAt: now })
            .where(eq(apiCredentials.id, id));
        await appendAudit(tx, request, {
            action: 'api-credential-revoked',
            entityType: 'api-credential',
            entityId: id,
            changes: { clientId: before.clientId, revokedAt: now.toISOString() },
        });
    });
}
