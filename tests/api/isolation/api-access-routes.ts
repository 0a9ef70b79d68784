import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ApiCredential } from '../../../domain/contracts/api-access.js';
import type { Database } from '../../../server/db/client.js';
import { apiCredentials, jobs } from '../../../server/db/schema/index.js';
import {
    covers,
    encode,
    isAdminSubject,
    sorted,
    type Probe,
    type RouteCase,
    type Subject,
} from './matrix.js';

/**
 * Matrix rows of issue 6: API credentials, the token exchange and the data gateway's machine
 * reads. Credentials are read with r:api-access-management and written with
 * w:api-access-management (which needs r:) in the tenant context on the whole organisation
 * (or tenant-admin there); another organisation's credential is 404 like an unknown id. The
 * token endpoint and the machine reads refuse every user token. Written out here from the
 * grants, independently of the server's permission code.
 */

type Refusal = { code?: string; message?: string; error?: string; access_token?: string };

const READ = 'r:api-access-management';
const WRITE = 'w:api-access-management';

/** Tenant grants holding `code` (with its requirement r:) or tenant-admin. */
const tenantPaths = (subject: Subject, code: string) =>
    subject.grants
        .filter(
            (grant) =>
                grant.contexts.includes('TENANT') &&
                (grant.actions.includes('tenant-admin') ||
                    (grant.actions.includes(code) && grant.actions.includes(READ))),
        )
        .map((grant) => grant.path);
/** May use `code` on organisation `tenantId` (the grant covers the whole organisation). */
const mayOn = (subject: Subject, code: string, tenantId: string) =>
    isAdminSubject(subject) || tenantPaths(subject, code).some((path) => covers(path, tenantId));
/** Holds `code` anywhere in the tenant context. */
const holds = (subject: Subject, code: string) =>
    isAdminSubject(subject) || tenantPaths(subject, code).length > 0;

const PREFIX = 'iso-cred-';
/** Not a valid Argon2 hash: no secret opens these credentials. */
const NO_SECRET = '$argon2id$v=19$m=19456,t=2,p=1$bm9zZWNyZXQ$bm9zZWNyZXQ';

/** One credential per organisation (twins included), written once; nobody knows a secret of them. */
async function organisationCredentials(
    db: Database,
    tenantIds: readonly string[],
): Promise<Map<string, string>> {
    const ids = new Map(tenantIds.map((tenantId) => [tenantId, `${PREFIX}${tenantId}`]));
    await db
        .insert(apiCredentials)
        .values(
            tenantIds.map((tenantId) => ({
                id: `${PREFIX}${tenantId}`,
                tenantId,
                clientId: `${PREFIX}client-${tenantId}`,
                name: `Isolation ${tenantId}`,
                scopes: ['depots:read'],
                secretHash: NO_SECRET,
            })),
        )
        .onConflictDoNothing();
    return ids;
}

const stored = async (db: Database, id: string) =>
    (await db.select().from(apiCredentials).where(eq(apiCredentials.id, id)))[0];

/** The refusal of a credential write outside the caller's reach: 403 without the action, 404 without read access. */
const writeRefusal = (subject: Subject, code: string, tenantId: string) =>
    !holds(subject, code) ? 403 : mayOn(subject, READ, tenantId) ? 403 : 404;

/** A credential write route (PUT, rotate), probed on every organisation's credential. */
function credentialWrite(
    route: string,
    method: 'PUT' | 'POST',
    suffix: string,
    payload: (row: NonNullable<Awaited<ReturnType<typeof stored>>>) => object | undefined,
): RouteCase {
    return {
        route,
        variant: "every organisation's credential",
        async run({ subject, world, db, send }: Probe) {
            const ids = await organisationCredentials(db, world.tenantIds);
            for (const [tenantId, id] of ids) {
                const before = await stored(db, id);
                if (!before) throw new Error(`no credential ${id}`);
                const url = `/api-access/api/v1/credentials/${id}${suffix}`;
                const { status, body } = await send<ApiCredential & Refusal>(
                    method,
                    url,
                    payload(before),
                );
                const after = await stored(db, id);
                if (mayOn(subject, WRITE, tenantId)) {
                    expect
                        .soft({ status, id: body.id, version: after?.version }, url)
                        .toEqual({ status: 200, id, version: before.version + 1 });
                } else {
                    expect.soft(status, url).toBe(writeRefusal(subject, WRITE, tenantId));
                    expect.soft(after, url).toEqual(before);
                }
            }
        },
    };
}

export const apiAccessRoutes: RouteCase[] = [
    {
        route: 'GET /api-access/api/v1/credentials',
        variant: 'every organisation and twin, and no organisation',
        async run({ subject, world, db, get }: Probe) {
            await organisationCredentials(db, world.tenantIds);
            for (const tenantId of world.tenantIds) {
                const url = `/api-access/api/v1/credentials?filter=${encode({ tenantId })}&range=${encode([0, 499])}`;
                const { status, body } = await get<ApiCredential[] & Refusal>(url);
                if (mayOn(subject, READ, tenantId)) {
                    const wanted = await db
                        .select({ id: apiCredentials.id })
                        .from(apiCredentials)
                        .where(eq(apiCredentials.tenantId, tenantId));
                    expect.soft(status, url).toBe(200);
                    expect
                        .soft(
                            sorted(status === 200 ? body.map((credential) => credential.id) : []),
                            url,
                        )
                        .toEqual(sorted(wanted.map((credential) => credential.id)));
                    expect.soft(JSON.stringify(body), url).not.toContain('argon2');
                } else {
                    expect.soft({ status, code: body.code }, url).toEqual({
                        status: 403,
                        code: holds(subject, READ)
                            ? expect.stringMatching(/^(CHANGE_SCOPE|NO_DATA_PERMISSION)$/)
                            : 'NO_PERMISSION',
                    });
                }
            }
            const url = `/api-access/api/v1/credentials?range=${encode([0, 499])}`;
            const { status, body } = await get<ApiCredential[] & Refusal>(url);
            if (isAdminSubject(subject) || tenantPaths(subject, READ).includes('')) {
                expect.soft(status, url).toBe(200);
                expect
                    .soft(body.length, url)
                    .toBe((await db.select({ id: apiCredentials.id }).from(apiCredentials)).length);
            } else {
                expect.soft({ status, code: body.code }, url).toEqual({
                    status: holds(subject, READ) ? 400 : 403,
                    code: holds(subject, READ) ? 'BAD_REQUEST' : 'NO_PERMISSION',
                });
            }
        },
    },
    {
        route: 'GET /api-access/api/v1/credentials/:id',
        variant: "every organisation's credential and an unknown id",
        async run({ subject, world, db, get }: Probe) {
            const ids = await organisationCredentials(db, world.tenantIds);
            const reference = await get<Refusal>('/api-access/api/v1/credentials/nope');
            for (const [tenantId, id] of ids) {
                const url = `/api-access/api/v1/credentials/${id}`;
                const { status, body } = await get<ApiCredential & Refusal>(url);
                if (!holds(subject, READ)) {
                    expect
                        .soft({ status, code: body.code }, url)
                        .toEqual({ status: 403, code: 'NO_PERMISSION' });
                } else if (mayOn(subject, READ, tenantId)) {
                    expect
                        .soft({ status, id: body.id, tenantId: body.tenantId }, url)
                        .toEqual({ status: 200, id, tenantId });
                } else {
                    // Another organisation's credential answers exactly like an unknown id.
                    expect
                        .soft(
                            { status, code: body.code, message: body.message?.replace(id, 'nope') },
                            url,
                        )
                        .toEqual({
                            status: 404,
                            code: reference.body.code,
                            message: reference.body.message,
                        });
                }
            }
        },
    },
    {
        route: 'POST /api-access/api/v1/credentials',
        variant: 'a new credential in every organisation and twin',
        async run({ subject, world, db, send }: Probe) {
            for (const tenantId of world.tenantIds) {
                const name = `Matrix ${randomUUID()}`;
                const { status, body } = await send<ApiCredential & Refusal>(
                    'POST',
                    '/api-access/api/v1/credentials',
                    { tenantId, name, scopes: ['depots:read'], expiresAt: null },
                );
                const written = await db
                    .select()
                    .from(apiCredentials)
                    .where(eq(apiCredentials.name, name));
                if (mayOn(subject, WRITE, tenantId)) {
                    expect
                        .soft({ status, tenantId: body.tenantId }, tenantId)
                        .toEqual({ status: 201, tenantId });
                    expect
                        .soft(
                            written.map((credential) => credential.tenantId),
                            tenantId,
                        )
                        .toEqual([tenantId]);
                    await db.delete(apiCredentials).where(eq(apiCredentials.name, name));
                } else {
                    expect.soft(status, tenantId).toBe(403);
                    expect.soft(written, tenantId).toEqual([]);
                }
            }
        },
    },
    credentialWrite('PUT /api-access/api/v1/credentials/:id', 'PUT', '', (row) => ({
        name: row.name,
        scopes: row.scopes,
        expiresAt: null,
        version: row.version,
    })),
    credentialWrite(
        'POST /api-access/api/v1/credentials/:id/rotate',
        'POST',
        '/rotate',
        () => undefined,
    ),
    {
        route: 'POST /api-access/api/v1/credentials/:id/revoke',
        variant: 'a fresh credential of every organisation',
        async run({ subject, world, db, send }: Probe) {
            const victims = world.tenantIds.map((tenantId) => ({
                tenantId,
                id: `iso-revoke-${randomUUID()}`,
            }));
            await db.insert(apiCredentials).values(
                victims.map(({ tenantId, id }) => ({
                    id,
                    tenantId,
                    clientId: `client-${id}`,
                    name: `Revoke me ${id}`,
                    scopes: ['depots:read'],
                    secretHash: NO_SECRET,
                })),
            );
            for (const { tenantId, id } of victims) {
                const url = `/api-access/api/v1/credentials/${id}/revoke`;
                const before = await stored(db, id);
                const { status, body } = await send<ApiCredential & Refusal>('POST', url);
                const after = await stored(db, id);
                if (mayOn(subject, WRITE, tenantId)) {
                    expect
                        .soft(
                            { status, state: body.status, revoked: after?.revokedAt !== null },
                            url,
                        )
                        .toEqual({ status: 200, state: 'REVOKED', revoked: true });
                } else {
                    expect.soft(status, url).toBe(writeRefusal(subject, WRITE, tenantId));
                    expect.soft(after, url).toEqual(before);
                }
            }
            await db.delete(apiCredentials).where(
                inArray(
                    apiCredentials.id,
                    victims.map((victim) => victim.id),
                ),
            );
        },
    },
    {
        route: 'POST /api-access/api/v1/oauth2/token',
        variant: "the user's own token instead of client credentials",
        async run({ send }: Probe) {
            const { status, body } = await send<Refusal>(
                'POST',
                '/api-access/api/v1/oauth2/token',
                { grant_type: 'client_credentials' },
            );
            expect
                .soft({ status, error: body.error, token: body.access_token })
                .toEqual({ status: 401, error: 'invalid_client', token: undefined });
        },
    },
    {
        route: 'GET /data-gateway/api/v1/external/depots',
        variant: 'a user token',
        async run({ get }: Probe) {
            const { status, body } = await get<Refusal>('/data-gateway/api/v1/external/depots');
            expect.soft({ status, code: body.code }).toEqual({ status: 401, code: 'UNAUTHORIZED' });
        },
    },
    {
        route: 'GET /data-gateway/api/v1/external/assignments',
        variant: 'a user token',
        async run({ get }: Probe) {
            const { status, body } = await get<Refusal>(
                '/data-gateway/api/v1/external/assignments?date=2026-11-20',
            );
            expect.soft({ status, code: body.code }).toEqual({ status: 401, code: 'UNAUTHORIZED' });
        },
    },
    {
        route: 'POST /data-gateway/api/v1/external/jobs',
        variant: 'a user token, naming a depot of each organisation',
        async run({ send, world, db }: Probe) {
            const externalJobId = `iso-job-${randomUUID()}`;
            const depot = world.depots[0];
            const { status, body } = await send<Refusal>(
                'POST',
                '/data-gateway/api/v1/external/jobs',
                {
                    jobs: [
                        {
                            externalJobId,
                            type: 'DELIVERY',
                            address: { street: 'A', postcode: '1', countryCode: 'DE' },
                            assignments: [
                                {
                                    externalDepotId: depot?.externalDepotId ?? '1',
                                    date: '2026-11-20',
                                    key: 'ZONE',
                                    value: '1',
                                },
                            ],
                        },
                    ],
                },
            );
            expect.soft({ status, code: body.code }).toEqual({ status: 401, code: 'UNAUTHORIZED' });
            const stored = await db
                .select({ id: jobs.id })
                .from(jobs)
                .where(eq(jobs.externalJobId, externalJobId));
            expect.soft(stored).toEqual([]);
        },
    },
];
