import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import {
    apiCredentialErrors,
    credentialStatus,
    normaliseScopes,
    type ApiCredential,
} from '../../../domain/apiAccess.js';
import { assertAction, requireAction } from '../../access/route-access.js';
import { newId } from '../../db/ids.js';
import { apiCredentials, tenants } from '../../db/schema/index.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import { contentRange, filterParser, parseListQuery } from '../../shared/simple-rest.js';
import { SimpleRestQuery } from '../../../domain/contracts/common.js';
import { hashPassword } from '../../identity/passwords.js';
import { appendAudit } from '../../shared/audit-repository.js';
import { authErrors, ErrorEnvelope } from '../../../domain/contracts/common.js';
import {
    bodyTenant,
    credentialFeature,
    credentialTenantsOf,
    READ_CREDENTIALS,
    WRITE_CREDENTIALS,
} from './credential-access.js';
import {
    findCredential,
    findCredentialRow,
    listCredentials,
    type CredentialRow,
} from './credentials-repository.js';
import { newClientId, newClientSecret } from '../../access/machine-tokens.js';
import {
    ApiCredential as ApiCredentialSchema,
    ApiCredentialBody,
    ApiCredentialFilter,
    ApiCredentialParams,
    ApiCredentialUpdateBody,
    ApiCredentialWithSecret,
    credentialSortFields,
} from './schemas.js';

const parseCredentialFilter = filterParser(ApiCredentialFilter);

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

/** Secrets are shown once: no cache may keep the answer. */
const noStore = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache');

/**
 * API credentials (`/api-access/api/v1/credentials`, react-admin simple REST; domain §2 API
 * Access Management). Read with r:api-access-management, written with w:api-access-management,
 * both in the tenant context on the whole organisation. Another organisation's credential
 * answers 404 like an unknown id. The secret is answered once (create, rotate) and only its
 * Argon2id hash is stored.
 */
export const credentialRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    const db = fastify.db;
    const readBack = async (tenantId: string, id: string): Promise<ApiCredential> => {
        const credential = await findCredential(db, [tenantId], id);
        if (!credential)
            throw new AppError(500, 'SERVER_ERROR', 'The credential could not be read back.');
        return credential;
    };

    fastify.get(
        '/credentials',
        {
            config: {
                access: credentialFeature(
                    READ_CREDENTIALS,
                    'lists the credentials of an organisation where it is held (filter.tenantId, required unless held for every organisation).',
                ),
            },
            schema: {
                tags: ['api-access'],
                summary:
                    'API credentials of an organisation: sortable (name, clientId, createdAt, expiresAt, lastUsedAt), paginated, filtered (tenantId, q, status, id)',
                querystring: SimpleRestQuery,
                response: { 200: Type.Array(ApiCredentialSchema), ...authErrors },
            },
        },
        async (request, reply) => {
            const params = parseListQuery(
                request.query,
                credentialSortFields,
                'name',
                parseCredentialFilter,
            );
            const readable = credentialTenantsOf(request);
            const { tenantId } = params.filter;
            if (tenantId)
                assertAction(request.caller.actions, READ_CREDENTIALS, {
                    context: 'tenant',
                    path: tenantId,
                });
            else if (readable !== 'ALL')
                throw badRequest('filter.tenantId is required.', [
                    { field: '/querystring/filter/tenantId', message: 'is required' },
                ]);
            const { rows, total } = await listCredentials(db, readable, params);
            reply.header(
                'content-range',
                contentRange('credentials', params.offset, rows.length, total),
            );
            return rows;
        },
    );

    fastify.get(
        '/credentials/:id',
        {
            config: {
                access: credentialFeature(
                    READ_CREDENTIALS,
                    "answers credentials of organisations where it is held; another organisation's is 404.",
                ),
            },
            schema: {
                tags: ['api-access'],
                summary: 'One API credential (never its secret)',
                params: ApiCredentialParams,
                response: { 200: ApiCredentialSchema, 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const credential = await findCredential(
                db,
                credentialTenantsOf(request),
                request.params.id,
            );
            if (!credential) throw notFound(`Credential ${request.params.id}`);
            return credential;
        },
    );

    fastify.post(
        '/credentials',
        {
            config: {
                access: requireAction(WRITE_CREDENTIALS, { context: 'tenant', path: bodyTenant }),
            },
            schema: {
                tags: ['api-access'],
                summary:
                    'Creates an API credential; the answer carries the client secret, shown this once',
                body: ApiCredentialBody,
                response: { 201: ApiCredentialWithSecret, ...authErrors },
            },
        },
        async (request, reply) => {
            const body = request.body;
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
            const created = await readBack(body.tenantId, id);
            return noStore(reply)
                .code(201)
                .send({ ...created, clientSecret });
        },
    );

    fastify.put(
        '/credentials/:id',
        {
            config: {
                access: credentialFeature(
                    WRITE_CREDENTIALS,
                    "changes name, scopes and expiry of credentials of organisations where it is held; another organisation's is 404.",
                ),
            },
            schema: {
                tags: ['api-access'],
                summary:
                    'Changes the name, scopes and expiry of an API credential (send the version it was based on)',
                params: ApiCredentialParams,
                body: ApiCredentialUpdateBody,
                response: {
                    200: ApiCredentialSchema,
                    404: ErrorEnvelope,
                    409: ErrorEnvelope,
                    ...authErrors,
                },
            },
        },
        async (request) => {
            const { id } = request.params;
            const { name, scopes, expiresAt, version } = request.body;
            const tenantId = await db.transaction(async (tx) => {
                const before = await findCredentialRow(tx, credentialTenantsOf(request), id, true);
                if (!before) throw notFound(`Credential ${id}`);
                assertAction(request.caller.actions, WRITE_CREDENTIALS, {
                    context: 'tenant',
                    path: before.tenantId,
                });
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
                return before.tenantId;
            });
            return readBack(tenantId, id);
        },
    );

    fastify.post(
        '/credentials/:id/rotate',
        {
            config: {
                access: credentialFeature(
                    WRITE_CREDENTIALS,
                    "rotates credentials of organisations where it is held; another organisation's is 404.",
                ),
            },
            schema: {
                tags: ['api-access'],
                summary:
                    'Replaces the client secret (the old one and tokens issued with it stop working at once); the answer carries the new secret, shown this once',
                params: ApiCredentialParams,
                response: {
                    200: ApiCredentialWithSecret,
                    404: ErrorEnvelope,
                    409: ErrorEnvelope,
                    ...authErrors,
                },
            },
        },
        async (request, reply) => {
            const { id } = request.params;
            const clientSecret = newClientSecret();
            const secretHash = await hashPassword(clientSecret);
            const tenantId = await db.transaction(async (tx) => {
                const before = await findCredentialRow(tx, credentialTenantsOf(request), id, true);
                if (!before) throw notFound(`Credential ${id}`);
                assertAction(request.caller.actions, WRITE_CREDENTIALS, {
                    context: 'tenant',
                    path: before.tenantId,
                });
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
                    .set({
                        secretHash,
                        rotatedAt: now,
                        version: before.version + 1,
                        updatedAt: now,
                    })
                    .where(eq(apiCredentials.id, id));
                await appendAudit(tx, request, {
                    action: 'api-credential-rotated',
                    entityType: 'api-credential',
                    entityId: id,
                    changes: { clientId: before.clientId, rotatedAt: now.toISOString() },
                });
                return before.tenantId;
            });
            const rotated = await readBack(tenantId, id);
            return noStore(reply).send({ ...rotated, clientSecret });
        },
    );

    fastify.post(
        '/credentials/:id/revoke',
        {
            config: {
                access: credentialFeature(
                    WRITE_CREDENTIALS,
                    "revokes credentials of organisations where it is held; another organisation's is 404.",
                ),
            },
            schema: {
                tags: ['api-access'],
                summary:
                    'Revokes an API credential (irreversible; tokens already issued stop working). Revoking a revoked credential changes nothing.',
                params: ApiCredentialParams,
                response: { 200: ApiCredentialSchema, 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const { id } = request.params;
            const tenantId = await db.transaction(async (tx) => {
                const before = await findCredentialRow(tx, credentialTenantsOf(request), id, true);
                if (!before) throw notFound(`Credential ${id}`);
                assertAction(request.caller.actions, WRITE_CREDENTIALS, {
                    context: 'tenant',
                    path: before.tenantId,
                });
                if (before.revokedAt) return before.tenantId;
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
                return before.tenantId;
            });
            return readBack(tenantId, id);
        },
    );
};
