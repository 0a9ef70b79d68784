import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type {
    ApiCredential,
    ApiCredentialWithSecret,
    ApiTokenResponse,
} from '../../domain/contracts/api-access.js';
import { apiCredentials, auditLog, depots, jobAssignments } from '../../server/db/schema/index.js';
import { createDemoApp, type DemoApp } from './helpers/demo-app.js';

let demo: DemoApp;
/** Organisation admin of `home` (holds r:/w:api-access-management there) and of another organisation. */
let admin: { token: string; tenantId: string };
let otherAdmin: { token: string; tenantId: string };
/** An organisation user without the API access actions. */
let standard: { token: string; tenantId: string };
let platformAdmin: string;

const BASE = '/api-access/api/v1';
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const inAYear = () => new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString();

interface Answer<T> {
    status: number;
    body: T;
    headers: Record<string, unknown>;
}

async function call<T = unknown>(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    token: string | undefined,
    payload?: object,
): Promise<Answer<T>> {
    const response = await demo.app.inject({
        method,
        url,
        payload,
        headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return {
        status: response.statusCode,
        body: (response.body === '' ? undefined : response.json()) as T,
        headers: response.headers,
    };
}

async function create(
    token: string,
    tenantId: string,
    overrides: Partial<{ name: string; scopes: string[]; expiresAt: string | null }> = {},
) {
    return call<ApiCredentialWithSecret & { code?: string; details?: { field?: string }[] }>(
        'POST',
        `${BASE}/credentials`,
        token,
        {
            tenantId,
            name: `Integration ${randomUUID().slice(0, 8)}`,
            scopes: ['depots:read', 'assignments:read'],
            expiresAt: inAYear(),
            ...overrides,
        },
    );
}

/** A token request; `basic`: the client by HTTP Basic (else in the form); `from`: the address. */
async function exchange(
    clientId: string,
    clientSecret: string,
    options: { basic?: boolean; scope?: string; grantType?: string; from?: string } = {},
) {
    const form = new URLSearchParams({ grant_type: options.grantType ?? 'client_credentials' });
    if (options.scope !== undefined) form.set('scope', options.scope);
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (options.basic)
        headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`;
    else {
        form.set('client_id', clientId);
        form.set('client_secret', clientSecret);
    }
    const response = await demo.app.inject({
        method: 'POST',
        url: `${BASE}/oauth2/token`,
        payload: form.toString(),
        headers,
        ...(options.from ? { remoteAddress: options.from } : {}),
    });
    return {
        status: response.statusCode,
        body: response.json<ApiTokenResponse & { error?: string; code?: string }>(),
        headers: response.headers,
    };
}

/** The clock just past a minute boundary (it keeps running): a test's failures share one window. */
function inOneThrottlingWindow() {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Math.ceil(Date.now() / 60_000) * 60_000 + 1000);
    onTestFinished(() => void vi.useRealTimers());
}

const gateway = <T = unknown>(path: string, token: string) =>
    call<T & { code?: string }>('GET', `/data-gateway/api/v1${path}`, token);

beforeAll(async () => {
    demo = await createDemoApp();
    const userTenant = (email: string) =>
        demo.data.users.find((user) => user.email === email)?.tenantId ?? '';
    const orgAdminLogin = demo.logins.find((login) => login.role === 'Organization Admin');
    const standardLogin = demo.logins.find((login) => login.role === 'Standard Access (Tenant)');
    const adminLogin = demo.logins.find((login) => login.role === 'Admin');
    if (!orgAdminLogin || !standardLogin || !adminLogin) throw new Error('demo logins missing');
    admin = {
        token: await demo.signIn(orgAdminLogin.email),
        tenantId: userTenant(orgAdminLogin.email),
    };
    standard = {
        token: await demo.signIn(standardLogin.email),
        tenantId: userTenant(standardLogin.email),
    };
    platformAdmin = await demo.signIn(adminLogin.email);
    const other = demo.data.permissionAssignments.find(
        (assignment) =>
            assignment.roleId === 'role-organization-admin' &&
            demo.data.users.find((user) => user.id === assignment.userId)?.tenantId !==
                admin.tenantId,
    );
    const otherUser = demo.data.users.find((user) => user.id === other?.userId);
    if (!otherUser?.email || !otherUser.tenantId)
        throw new Error('no organisation admin of another organisation');
    otherAdmin = { token: await demo.signIn(otherUser.email), tenantId: otherUser.tenantId };
    // Assignments of a day in both organisations (the demo seed writes none).
    const rows = await demo.db.select().from(depots);
    const assignments = rows.flatMap((depot, index) =>
        [admin.tenantId, otherAdmin.tenantId].includes(depot.tenantId)
            ? [
                  {
                      id: randomUUID(),
                      tenantId: depot.tenantId,
                      depotId: depot.internalDepotId,
                      scopePath: depot.scopePath,
                      jobId: `job-${index}`,
                      assignmentDate: '2026-11-20',
                      assignmentKey: 'VEHICLE',
                      assignmentValue: '0001',
                  },
              ]
            : [],
    );
    await demo.db.insert(jobAssignments).values(assignments);
}, 180_000);
afterAll(() => demo?.close());

describe('API credentials (simple REST)', () => {
    it('creates a credential whose secret is answered once and stored only as a slow hash', async () => {
        const { status, body, headers } = await create(admin.token, admin.tenantId, {
            name: '  Warehouse sync  ',
            scopes: ['assignments:read', 'depots:read'],
        });
        expect(status).toBe(201);
        expect(headers['cache-control']).toBe('no-store');
        expect(body).toMatchObject({
            tenantId: admin.tenantId,
            name: 'Warehouse sync',
            scopes: ['depots:read', 'assignments:read'],
            status: 'ACTIVE',
            version: 1,
            revokedAt: null,
            lastUsedAt: null,
        });
        expect(body.clientSecret.length).toBeGreaterThanOrEqual(43);
        expect(body.createdBy?.id).toBeTruthy();
        expect(Object.keys(body)).not.toContain('secretHash');
        const [row] = await demo.db
            .select()
            .from(apiCredentials)
            .where(eq(apiCredentials.id, body.id));
        expect(row?.secretHash).toMatch(/^\$argon2id\$/);
        expect(JSON.stringify(row)).not.toContain(body.clientSecret);
        // Never again: the detail and the list carry no secret.
        const detail = await call<ApiCredential>(
            'GET',
            `${BASE}/credentials/${body.id}`,
            admin.token,
        );
        expect(detail.status).toBe(200);
        expect(JSON.stringify(detail.body)).not.toContain(body.clientSecret);
        expect(detail.body).not.toHaveProperty('clientSecret');
        const list = await call<ApiCredential[]>(
            'GET',
            `${BASE}/credentials?filter=${q({ tenantId: admin.tenantId })}`,
            admin.token,
        );
        expect(list.status).toBe(200);
        expect(list.body.map((credential) => credential.id)).toContain(body.id);
        expect(JSON.stringify(list.body)).not.toContain(body.clientSecret);
        // The audit log has the creation, without the secret.
        const audits = await demo.db.select().from(auditLog).where(eq(auditLog.entityId, body.id));
        expect(audits.map((entry) => entry.action)).toEqual(['api-credential-created']);
        expect(JSON.stringify(audits)).not.toContain(body.clientSecret);
        expect(JSON.stringify(audits)).not.toContain('argon2');
    });

    it('validates name, scopes and expiry, naming each field', async () => {
        const blank = await create(admin.token, admin.tenantId, { name: '   ' });
        expect({
            status: blank.status,
            fields: blank.body.details?.map((detail) => detail.field),
        }).toEqual({ status: 400, fields: ['/body/name'] });
        const noScope = await create(admin.token, admin.tenantId, { scopes: [] });
        expect(noScope.body.details?.map((detail) => detail.field)).toEqual(['/body/scopes']);
        const unknownScope = await create(admin.token, admin.tenantId, { scopes: ['tours:write'] });
        expect({
            status: unknownScope.status,
            fields: unknownScope.body.details?.map((detail) => detail.field),
        }).toEqual({ status: 400, fields: ['/body/scopes'] });
        const past = await create(admin.token, admin.tenantId, {
            expiresAt: new Date(Date.now() - 1000).toISOString(),
        });
        expect(past.body.details?.map((detail) => detail.field)).toEqual(['/body/expiresAt']);
        const far = await create(admin.token, admin.tenantId, {
            expiresAt: new Date(Date.now() + 3 * 365 * 24 * 3600 * 1000).toISOString(),
        });
        expect(far.body.details?.map((detail) => detail.field)).toEqual(['/body/expiresAt']);
        const never = await create(admin.token, admin.tenantId, { expiresAt: null });
        expect({ status: never.status, expiresAt: never.body.expiresAt }).toEqual({
            status: 201,
            expiresAt: null,
        });
    });

    it('keeps organisations apart and needs r:/w:api-access-management', async () => {
        const mine = await create(admin.token, admin.tenantId);
        expect(mine.status).toBe(201);
        // Another organisation's admin: 404 like an unknown id, for reads and every write.
        const unknown = await call<{ code: string }>(
            'GET',
            `${BASE}/credentials/nope`,
            otherAdmin.token,
        );
        const foreign = await call<{ code: string }>(
            'GET',
            `${BASE}/credentials/${mine.body.id}`,
            otherAdmin.token,
        );
        expect({ status: foreign.status, code: foreign.body.code }).toEqual({
            status: 404,
            code: unknown.body.code,
        });
        for (const [method, path, payload] of [
            [
                'PUT',
                '',
                { name: 'Taken over', scopes: ['depots:read'], expiresAt: null, version: 1 },
            ],
            ['POST', '/rotate', undefined],
            ['POST', '/revoke', undefined],
        ] as const) {
            const answer = await call(
                method,
                `${BASE}/credentials/${mine.body.id}${path}`,
                otherAdmin.token,
                payload,
            );
            expect(answer.status, `${method} ${path}`).toBe(404);
        }
        const foreignList = await call<{ code: string }>(
            'GET',
            `${BASE}/credentials?filter=${q({ tenantId: admin.tenantId })}`,
            otherAdmin.token,
        );
        expect(foreignList.status).toBe(403);
        const foreignCreate = await create(otherAdmin.token, admin.tenantId);
        expect(foreignCreate.status).toBe(403);
        // No tenantId filter: required unless the caller reads every organisation.
        const unfiltered = await call<{ code: string }>('GET', `${BASE}/credentials`, admin.token);
        expect(unfiltered.status).toBe(400);
        const all = await call<ApiCredential[]>(
            'GET',
            `${BASE}/credentials?range=${q([0, 499])}`,
            platformAdmin,
        );
        expect(all.status).toBe(200);
        expect(all.body.map((credential) => credential.id)).toContain(mine.body.id);
        // A user without the actions.
        const noRights = await call<{ code: string }>(
            'GET',
            `${BASE}/credentials?filter=${q({ tenantId: standard.tenantId })}`,
            standard.token,
        );
        expect({ status: noRights.status, code: noRights.body.code }).toEqual({
            status: 403,
            code: 'NO_PERMISSION',
        });
        expect((await create(standard.token, standard.tenantId)).status).toBe(403);
        expect((await call('GET', `${BASE}/credentials`, undefined)).status).toBe(401);
    });

    it('updates name, scopes and expiry with the version, refusing a stale save', async () => {
        const { body: created } = await create(admin.token, admin.tenantId);
        const url = `${BASE}/credentials/${created.id}`;
        const first = await call<ApiCredential>('PUT', url, admin.token, {
            name: 'Renamed',
            scopes: ['depots:read'],
            expiresAt: null,
            version: 1,
        });
        expect(first.status).toBe(200);
        expect(first.body).toMatchObject({
            name: 'Renamed',
            scopes: ['depots:read'],
            expiresAt: null,
            version: 2,
        });
        const stale = await call<{ code: string }>('PUT', url, admin.token, {
            name: 'Other',
            scopes: ['depots:read'],
            expiresAt: null,
            version: 1,
        });
        expect({ status: stale.status, code: stale.body.code }).toEqual({
            status: 409,
            code: 'STALE_RECORD',
        });
        const [row] = await demo.db
            .select()
            .from(apiCredentials)
            .where(eq(apiCredentials.id, created.id));
        expect(row?.name).toBe('Renamed');
    });
});

describe('token exchange and the data gateway', () => {
    it('exchanges credentials by HTTP Basic and by form fields, and reads only its own organisation', async () => {
        const { body: credential } = await create(admin.token, admin.tenantId);
        const basic = await exchange(credential.clientId, credential.clientSecret, { basic: true });
        expect(basic.status).toBe(200);
        expect(basic.headers['cache-control']).toBe('no-store');
        expect(basic.body).toMatchObject({
            token_type: 'Bearer',
            expires_in: demo.config.apiAccess.tokenTtlSeconds,
            scope: 'depots:read assignments:read',
        });
        const form = await exchange(credential.clientId, credential.clientSecret);
        expect(form.status).toBe(200);
        const [row] = await demo.db
            .select()
            .from(apiCredentials)
            .where(eq(apiCredentials.id, credential.id));
        expect(row?.lastUsedAt).toBeInstanceOf(Date);

        const depotPage = await gateway<{
            content: { externalDepotId: string; timeZone: string }[];
            totalElements: number;
        }>('/external/depots?size=500', basic.body.access_token);
        expect(depotPage.status).toBe(200);
        const own = await demo.db.select().from(depots).where(eq(depots.tenantId, admin.tenantId));
        expect(depotPage.body.totalElements).toBe(own.length);
        expect(depotPage.body.content.map((depot) => depot.externalDepotId).sort()).toEqual(
            own.map((depot) => depot.externalDepotId).sort(),
        );

        const assignments = await gateway<{
            content: { externalDepotId: string }[];
            totalElements: number;
        }>('/external/assignments?date=2026-11-20&size=500', form.body.access_token);
        expect(assignments.status).toBe(200);
        expect(assignments.body.totalElements).toBe(own.length);
        const firstDepot = own[0]?.externalDepotId ?? '';
        const oneDepot = await gateway<{ content: { externalDepotId: string }[] }>(
            `/external/assignments?date=2026-11-20&externalDepotId=${encodeURIComponent(firstDepot)}`,
            form.body.access_token,
        );
        expect(oneDepot.body.content.map((assignment) => assignment.externalDepotId)).toEqual([
            firstDepot,
        ]);
        // Another organisation's external depot id answers nothing.
        const [foreignDepot] = await demo.db
            .select()
            .from(depots)
            .where(eq(depots.tenantId, otherAdmin.tenantId));
        const foreign = await gateway<{ content: unknown[] }>(
            `/external/assignments?date=2026-11-20&externalDepotId=${encodeURIComponent(`${foreignDepot?.externalDepotId ?? ''}x`)}`,
            form.body.access_token,
        );
        expect(foreign.body.content).toEqual([]);
        const missingDate = await gateway<{ code: string }>(
            '/external/assignments',
            form.body.access_token,
        );
        expect(missingDate.status).toBe(400);
        // A scope taken away from the credential is gone from tokens already issued.
        const narrowed = await call<ApiCredential>(
            'PUT',
            `${BASE}/credentials/${credential.id}`,
            admin.token,
            {
                name: credential.name,
                scopes: ['depots:read'],
                expiresAt: credential.expiresAt,
                version: credential.version,
            },
        );
        expect(narrowed.status).toBe(200);
        const lost = await gateway<{ code: string }>(
            '/external/assignments?date=2026-11-20',
            form.body.access_token,
        );
        expect({ status: lost.status, code: lost.body.code }).toEqual({
            status: 403,
            code: 'INSUFFICIENT_SCOPE',
        });
        expect((await gateway('/external/depots', form.body.access_token)).status).toBe(200);
    });

    it('refuses wrong secrets, unknown clients, bad grants and scopes outside the granted ones', async () => {
        const { body: credential } = await create(admin.token, admin.tenantId, {
            scopes: ['depots:read'],
        });
        const wrong = await exchange(credential.clientId, `${credential.clientSecret}x`, {
            basic: true,
        });
        expect({ status: wrong.status, error: wrong.body.error, code: wrong.body.code }).toEqual({
            status: 401,
            error: 'invalid_client',
            code: 'UNAUTHORIZED',
        });
        expect(wrong.headers['www-authenticate']).toMatch(/^Basic/);
        const unknown = await exchange('pbo_unknown', credential.clientSecret);
        expect({ status: unknown.status, error: unknown.body.error }).toEqual({
            status: 401,
            error: 'invalid_client',
        });
        const grant = await exchange(credential.clientId, credential.clientSecret, {
            grantType: 'password',
        });
        expect({ status: grant.status, error: grant.body.error }).toEqual({
            status: 400,
            error: 'unsupported_grant_type',
        });
        const scope = await exchange(credential.clientId, credential.clientSecret, {
            scope: 'assignments:read',
        });
        expect({ status: scope.status, error: scope.body.error, code: scope.body.code }).toEqual({
            status: 400,
            error: 'invalid_scope',
            code: 'INSUFFICIENT_SCOPE',
        });
        const subset = await exchange(credential.clientId, credential.clientSecret, {
            scope: 'depots:read',
        });
        expect({ status: subset.status, scope: subset.body.scope }).toEqual({
            status: 200,
            scope: 'depots:read',
        });
        // Missing scope at the gateway: 403.
        const missing = await gateway<{ code: string }>(
            '/external/assignments?date=2026-11-20',
            subset.body.access_token,
        );
        expect({ status: missing.status, code: missing.body.code }).toEqual({
            status: 403,
            code: 'INSUFFICIENT_SCOPE',
        });
        // Never credentials in the URL.
        const inUrl = await demo.app.inject({
            method: 'POST',
            url: `${BASE}/oauth2/token?client_id=${credential.clientId}&client_secret=${credential.clientSecret}`,
            payload: 'grant_type=client_credentials',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        expect({ status: inUrl.statusCode, error: inUrl.json<{ error: string }>().error }).toEqual({
            status: 400,
            error: 'invalid_request',
        });
        // JSON bodies are not the token endpoint's format.
        const json = await demo.app.inject({
            method: 'POST',
            url: `${BASE}/oauth2/token`,
            payload: {
                grant_type: 'client_credentials',
                client_id: credential.clientId,
                client_secret: credential.clientSecret,
            },
        });
        expect({ status: json.statusCode, error: json.json<{ error: string }>().error }).toEqual({
            status: 400,
            error: 'invalid_request',
        });
    });

    it('throttles repeated failures of a client id from one address', async () => {
        inOneThrottlingWindow();
        const { body: credential } = await create(admin.token, admin.tenantId);
        const statuses: number[] = [];
        for (let attempt = 0; attempt < 11; attempt++)
            statuses.push((await exchange(credential.clientId, 'wrong-secret')).status);
        expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
        expect(statuses[10]).toBe(429);
        // From that address even the right secret waits until the window passes.
        expect((await exchange(credential.clientId, credential.clientSecret)).status).toBe(429);
    });

    it('never lets a stranger with the client id lock the client out, from one address or many', async () => {
        inOneThrottlingWindow();
        const { body: credential } = await create(admin.token, admin.tenantId);
        const client = '198.51.100.7';
        const guess = async (from: string) => {
            const answer = await exchange(credential.clientId, 'wrong-secret', { from });
            return `${answer.status} ${answer.body.error}`;
        };
        const right = async (from: string) => {
            const answer = await exchange(credential.clientId, credential.clientSecret, { from });
            return `${answer.status} ${answer.body.error ?? answer.body.token_type}`;
        };
        const guesses = async (from: string, count: number) => {
            const answers: string[] = [];
            for (let attempt = 0; attempt < count; attempt++) answers.push(await guess(from));
            return answers;
        };
        const refused = '401 invalid_client';
        const slowDown = '429 slow_down';

        // One address: 10 failures a minute, then slow_down for it, whatever it sends.
        const stranger = '203.0.113.1';
        expect(await guesses(stranger, 12)).toEqual([
            ...Array(10).fill(refused),
            slowDown,
            slowDown,
        ]);
        expect(await right(stranger)).toBe(slowDown);
        expect(await right(client)).toBe('200 Bearer');

        // Nine more addresses, 10 failures each: 100 failures of the client id in the minute.
        for (let host = 2; host <= 10; host++)
            expect(await guesses(`203.0.113.${host}`, 10)).toEqual(Array(10).fill(refused));
        // Past that ceiling an address that failed for the client id is refused after one guess,
        // even with the right secret; addresses without failures are still checked.
        expect(await guesses('203.0.113.50', 3)).toEqual([refused, slowDown, slowDown]);
        expect(await right('203.0.113.50')).toBe(slowDown);
        expect(await right(client)).toBe('200 Bearer');
        expect(await right('192.0.2.99')).toBe('200 Bearer');
        expect(await guess('192.0.2.98')).toBe(refused);
        expect(await guess(stranger)).toBe(slowDown);
    }, 120_000);

    it('refuses a revoked credential at the token endpoint and with a token issued before', async () => {
        const { body: credential } = await create(admin.token, admin.tenantId);
        const issued = await exchange(credential.clientId, credential.clientSecret);
        expect((await gateway('/external/depots', issued.body.access_token)).status).toBe(200);
        const revoke = await call<ApiCredential>(
            'POST',
            `${BASE}/credentials/${credential.id}/revoke`,
            admin.token,
        );
        expect(revoke.body).toMatchObject({ status: 'REVOKED', version: 2 });
        expect(revoke.body.revokedAt).toBeTruthy();
        const again = await exchange(credential.clientId, credential.clientSecret);
        expect({ status: again.status, error: again.body.error, code: again.body.code }).toEqual({
            status: 401,
            error: 'invalid_client',
            code: 'CREDENTIAL_REVOKED',
        });
        const used = await gateway<{ code: string }>('/external/depots', issued.body.access_token);
        expect({ status: used.status, code: used.body.code }).toEqual({
            status: 401,
            code: 'CREDENTIAL_REVOKED',
        });
        // Irreversible: no edit or rotation afterwards; revoking again changes nothing.
        const edit = await call<{ code: string }>(
            'PUT',
            `${BASE}/credentials/${credential.id}`,
            admin.token,
            { name: 'Back', scopes: ['depots:read'], expiresAt: null, version: 2 },
        );
        expect({ status: edit.status, code: edit.body.code }).toEqual({
            status: 409,
            code: 'CREDENTIAL_REVOKED',
        });
        expect(
            (await call('POST', `${BASE}/credentials/${credential.id}/rotate`, admin.token)).status,
        ).toBe(409);
        const twice = await call<ApiCredential>(
            'POST',
            `${BASE}/credentials/${credential.id}/revoke`,
            admin.token,
        );
        expect({ status: twice.status, version: twice.body.version }).toEqual({
            status: 200,
            version: 2,
        });
    });

    it('refuses an expired credential at the token endpoint and at the gateway', async () => {
        const { body: credential } = await create(admin.token, admin.tenantId);
        const issued = await exchange(credential.clientId, credential.clientSecret);
        await demo.db
            .update(apiCredentials)
            .set({ expiresAt: new Date(Date.now() - 1000) })
            .where(eq(apiCredentials.id, credential.id));
        const detail = await call<ApiCredential>(
            'GET',
            `${BASE}/credentials/${credential.id}`,
            admin.token,
        );
        expect(detail.body.status).toBe('EXPIRED');
        const again = await exchange(credential.clientId, credential.clientSecret, { basic: true });
        expect({ status: again.status, code: again.body.code }).toEqual({
            status: 401,
            code: 'CREDENTIAL_EXPIRED',
        });
        const used = await gateway<{ code: string }>('/external/depots', issued.body.access_token);
        expect({ status: used.status, code: used.body.code }).toEqual({
            status: 401,
            code: 'CREDENTIAL_EXPIRED',
        });
        // An expired credential may be renamed with its expiry unchanged, or extended.
        const rename = await call<ApiCredential>(
            'PUT',
            `${BASE}/credentials/${credential.id}`,
            admin.token,
            {
                name: 'Still expired',
                scopes: credential.scopes,
                expiresAt: detail.body.expiresAt,
                version: detail.body.version,
            },
        );
        expect({ status: rename.status, state: rename.body.status }).toEqual({
            status: 200,
            state: 'EXPIRED',
        });
    });

    it('rotates the secret: the new one works, the old one and its tokens stop at once', async () => {
        const { body: credential } = await create(admin.token, admin.tenantId);
        const before = await exchange(credential.clientId, credential.clientSecret);
        const rotate = await call<ApiCredentialWithSecret>(
            'POST',
            `${BASE}/credentials/${credential.id}/rotate`,
            admin.token,
        );
        expect(rotate.status).toBe(200);
        expect(rotate.body.clientSecret).not.toBe(credential.clientSecret);
        expect(rotate.body.rotatedAt).toBeTruthy();
        expect((await exchange(credential.clientId, credential.clientSecret)).status).toBe(401);
        expect((await gateway('/external/depots', before.body.access_token)).status).toBe(401);
        const after = await exchange(credential.clientId, rotate.body.clientSecret, {
            basic: true,
        });
        expect(after.status).toBe(200);
        expect((await gateway('/external/depots', after.body.access_token)).status).toBe(200);
        const detail = await call<ApiCredential>(
            'GET',
            `${BASE}/credentials/${credential.id}`,
            admin.token,
        );
        expect(JSON.stringify(detail.body)).not.toContain(rotate.body.clientSecret);
    });

    it('keeps user tokens and machine tokens apart', async () => {
        const { body: credential } = await create(admin.token, admin.tenantId);
        const machine = await exchange(credential.clientId, credential.clientSecret);
        // A user token at the machine endpoints.
        const userAtGateway = await gateway<{ code: string }>('/external/depots', admin.token);
        expect({ status: userAtGateway.status, code: userAtGateway.body.code }).toEqual({
            status: 401,
            code: 'UNAUTHORIZED',
        });
        const userAtToken = await demo.app.inject({
            method: 'POST',
            url: `${BASE}/oauth2/token`,
            payload: 'grant_type=client_credentials',
            headers: {
                'content-type': 'application/x-www-form-urlencoded',
                authorization: `Bearer ${admin.token}`,
            },
        });
        expect({
            status: userAtToken.statusCode,
            error: userAtToken.json<{ error: string }>().error,
        }).toEqual({ status: 401, error: 'invalid_client' });
        // A machine token at the back-office and credential routes.
        for (const url of [
            '/api/users/me',
            `${BASE}/credentials?filter=${q({ tenantId: admin.tenantId })}`,
            '/tenant-admin/v1/depots',
        ]) {
            const answer = await call('GET', url, machine.body.access_token);
            expect(answer.status, url).toBe(401);
        }
        // A tampered token.
        const [header, payload] = machine.body.access_token.split('.');
        expect(
            (await gateway('/external/depots', `${header}.${payload}.c2lnbmF0dXJl`)).status,
        ).toBe(401);
    });
});
