import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { credentialStatus, normaliseScopes, type ApiScope } from '../../domain/apiAccess.js';
import { apiCredentials } from '../db/schema/index.js';
import { AppError } from '../errors.js';
import type { Database } from '../db/client.js';
import type { MachineTokens } from './machine-tokens.js';

/** Who calls a machine route: the credential behind the bearer token. */
interface MachineCaller {
    credentialId: string;
    tenantId: string;
    /** The token's scopes that the credential still holds. */
    scopes: ApiScope[];
}

declare module 'fastify' {
    interface FastifyContextConfig {
        /** Machine routes of the data gateway: the API scope the token must carry. */
        machineScope?: ApiScope;
    }
    interface FastifyRequest {
        machine: MachineCaller;
    }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;
/** lastUsedAt is written at most once a minute per credential by machine reads. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * How long a server trusts a credential it read (revoked, expired, rotated, scopes): every
 * machine request needs it, and an integration sends several a second. A change made through
 * this server applies at once (`credentialChanged`); one made through another app server within
 * this time.
 */
const CREDENTIAL_TTL_MS = 1_000;
const CREDENTIAL_MAX = 1_000;

type CredentialRow = typeof apiCredentials.$inferSelect;
const credentials = new WeakMap<object, Map<string, { row: CredentialRow; at: number }>>();

/** The credential as stored, read again once it is older than `CREDENTIAL_TTL_MS`. */
async function readCredential(db: Database, id: string): Promise<CredentialRow | undefined> {
    let known = credentials.get(db);
    if (!known) {
        known = new Map();
        credentials.set(db, known);
    }
    const now = Date.now();
    const entry = known.get(id);
    if (entry && now - entry.at < CREDENTIAL_TTL_MS) return entry.row;
    const [row] = await db.select().from(apiCredentials).where(eq(apiCredentials.id, id));
    if (known.size >= CREDENTIAL_MAX) known.clear();
    if (row) known.set(id, { row, at: now });
    else known.delete(id);
    return row;
}

/** Forgets what this server read of a credential: called when it changes (revoked, rotated, edited). */
export function credentialChanged(db: Database, id: string): void {
    credentials.get(db)?.delete(id);
}

function refuse(reply: FastifyReply, code: string, message: string): AppError {
    reply.header(
        'www-authenticate',
        `Bearer realm="data-gateway", error="invalid_token", error_description="${message.replace(/"/g, "'")}"`,
    );
    return new AppError(401, code, message);
}

/**
 * Secures the data gateway's machine context: every request needs a machine access token
 * (never a user token), whose credential is read again on every request: a revoked or expired
 * credential is 401 CREDENTIAL_REVOKED / CREDENTIAL_EXPIRED, a token issued before the
 * latest secret rotation 401; the route's scope missing is 403 INSUFFICIENT_SCOPE. Every
 * route must declare `config.machineScope` (a route without it fails the boot).
 */
export function secureMachineContext(context: FastifyInstance, machineTokens: MachineTokens): void {
    if (!context.hasRequestDecorator('machine'))
        context.decorateRequest('machine', null as unknown as MachineCaller);
    context.addHook('onRoute', (route) => {
        const scope = route.config?.machineScope;
        if (!scope)
            throw new Error(`${String(route.method)} ${route.url} declares no machineScope.`);
        const note = `Access: machine clients only, with a token of the API access service (POST /api-access/api/v1/oauth2/token) carrying the scope ${scope}; user tokens are refused. Answers only the data of the credential's organisation.`;
        if (route.schema && !route.schema.description?.includes(note))
            route.schema.description = [route.schema.description, note]
                .filter(Boolean)
                .join('\n\n');
    });
    context.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
        const match = BEARER.exec(request.headers.authorization ?? '');
        if (!match?.[1])
            throw refuse(
                reply,
                'UNAUTHORIZED',
                'A machine access token is required: "Authorization: Bearer <access_token>".',
            );
        const claims = await machineTokens.verify(match[1]);
        if (!claims)
            throw refuse(
                reply,
                'UNAUTHORIZED',
                'The access token is not a valid, unexpired machine access token.',
            );
        const credential = await readCredential(context.db, claims.credentialId);
        if (
            !credential ||
            credential.clientId !== claims.clientId ||
            credential.tenantId !== claims.tenantId
        ) {
            throw refuse(
                reply,
                'UNAUTHORIZED',
                'The access token does not belong to a known credential.',
            );
        }
        const status = credentialStatus(credential);
        if (status === 'REVOKED')
            throw refuse(reply, 'CREDENTIAL_REVOKED', 'The credential of this token was revoked.');
        if (status === 'EXPIRED')
            throw refuse(reply, 'CREDENTIAL_EXPIRED', 'The credential of this token has expired.');
        if (credential.rotatedAt && claims.issuedAtMs < credential.rotatedAt.getTime()) {
            throw refuse(
                reply,
                'UNAUTHORIZED',
                'The token was issued before the secret was rotated; obtain a new one.',
            );
        }
        const held = normaliseScopes(credential.scopes);
        request.machine = {
            credentialId: credential.id,
            tenantId: credential.tenantId,
            scopes: claims.scopes.filter((scope) => held.includes(scope)),
        };
        const now = new Date();
        if (
            !credential.lastUsedAt ||
            now.getTime() - credential.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS
        ) {
            credential.lastUsedAt = now;
            await context.db
                .update(apiCredentials)
                .set({ lastUsedAt: now })
                .where(
                    and(
                        eq(apiCredentials.id, credential.id),
                        or(
                            isNull(apiCredentials.lastUsedAt),
                            lt(
                                apiCredentials.lastUsedAt,
                                new Date(now.getTime() - LAST_USED_RESOLUTION_MS),
                            ),
                        ),
                    ),
                );
        }
    });
    context.addHook('preHandler', async (request, reply) => {
        const scope = request.routeOptions.config.machineScope;
        if (!scope)
            throw new AppError(500, 'SERVER_ERROR', 'This route declares no machine scope.');
        if (!request.machine.scopes.includes(scope)) {
            reply.header(
                'www-authenticate',
                `Bearer realm="data-gateway", error="insufficient_scope", scope="${scope}"`,
            );
            throw new AppError(
                403,
                'INSUFFICIENT_SCOPE',
                `The access token does not carry the scope ${scope}.`,
            );
        }
    });
}
