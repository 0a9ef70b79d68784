import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { authErrors, ErrorEnvelope, SimpleRestQuery } from '../../../domain/contracts/common.js';
import {
    ApiCredential,
    ApiCredentialBody,
    ApiCredentialFilter,
    ApiCredentialParams,
    ApiCredentialUpdateBody,
    ApiCredentialWithSecret,
    credentialSortFields,
} from '../../../domain/contracts/api-access.js';
import { assertAction, requireAction } from '../../access/route-access.js';
import { badRequest, notFound } from '../../errors.js';
import { contentRange, filterParser, parseListQuery } from '../../shared/simple-rest.js';
import {
    bodyTenant,
    credentialFeature,
    credentialTenantsOf,
    READ_CREDENTIALS,
    WRITE_CREDENTIALS,
} from './credential-access.js';
import {
    createCredential,
    revokeCredential,
    rotateCredential,
    updateCredential,
} from './credential-writes.js';
import { findCredential, listCredentials } from './credentials-repository.js';

const parseCredentialFilter = filterParser(ApiCredentialFilter);

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
                response: { 200: Type.Array(ApiCredential), ...authErrors },
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
                response: { 200: ApiCredential, 404: ErrorEnvelope, ...authErrors },
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
            const created = await createCredential(db, request, request.body);
            return noStore(reply).code(201).send(created);
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
                    200: ApiCredential,
                    404: ErrorEnvelope,
                    409: ErrorEnvelope,
                    ...authErrors,
                },
            },
        },
        async (request) =>
            updateCredential(
                db,
                request,
                credentialTenantsOf(request),
                request.params.id,
                request.body,
            ),
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
            const rotated = await rotateCredential(
                db,
                request,
                credentialTenantsOf(request),
                request.params.id,
            );
            return noStore(reply).send(rotated);
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
                response: { 200: ApiCredential, 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) =>
            revokeCredential(db, request, credentialTenantsOf(request), request.params.id),
    );
};
