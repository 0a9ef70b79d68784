import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigRevision } from '../../domain/contracts/client-configs.js';
import { accessTokenFor, ids, seedFixtures } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
const tokens: Record<string, string> = {};
type Envelope = { code: string; details: { field?: string }[] };

async function call<T = ConfigRevision>(
    method: 'GET' | 'POST',
    url: string,
    who: string,
    payload?: object,
) {
    const response = await t.app.inject({
        method,
        url,
        payload,
        headers: { authorization: `Bearer ${tokens[who]}` },
    });
    return { status: response.statusCode, body: response.json<T>() };
}

/** The defaults of domain §9. */
const defaults = {
    rtt: { goodMaxDeviationMinutes: 45, mediumMaxDeviationMinutes: 90, averagingDays: 7 },
    eta: { nightEndHour: 8, nightStartHour: 19 },
    appActivity: { lowForegroundMinutes: 60 },
    drivenHistory: { displayDays: 30, sequenceDeviationWaypoints: 10 },
};

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
    for (const [key, email] of Object.entries({
        admin: 'admin@fixture.test',
        orgAdmin: 'org.admin@fixture.test',
    })) {
        tokens[key] = await accessTokenFor(t.app, email, t.config.identity.clientId);
    }
});
afterAll(() => t.close());

describe('tour commander tenant configuration', () => {
    const base = `/tour-commander/v1/tenants/${ids.north}`;

    it('the schema defaults are those of domain §9', async () => {
        const response = await t.app.inject(
            `/assets/schemas/${ids.north}/local/v1/tour-commander.json?ts=1`,
        );
        const schema = response.json<{
            properties: Record<string, { properties: Record<string, { default: number }> }>;
        }>();
        const schemaDefaults = Object.fromEntries(
            Object.entries(schema.properties).map(([group, part]) => [
                group,
                Object.fromEntries(
                    Object.entries(part.properties).map(([key, value]) => [key, value.default]),
                ),
            ]),
        );
        expect(schemaDefaults).toEqual(defaults);
    });

    it('validates on the server, naming every failing field', async () => {
        const { status, body } = await call<Envelope>('POST', `${base}/config`, 'admin', {
            document: {
                ...defaults,
                rtt: { goodMaxDeviationMinutes: 0, mediumMaxDeviationMinutes: 90 },
                eta: { nightEndHour: 8, nightStartHour: 24 },
            },
            baseRevision: 0,
        });
        expect(status).toBe(400);
        expect(body.code).toBe('INVALID_CLIENT_CONFIG');
        expect(body.details.map((detail) => detail.field).sort()).toEqual([
            '/eta/nightStartHour',
            '/rtt/averagingDays',
            '/rtt/goodMaxDeviationMinutes',
        ]);
    });

    it('refuses a Medium limit that is not above the Good one', async () => {
        const { status, body } = await call<Envelope>('POST', `${base}/config`, 'admin', {
            document: { ...defaults, rtt: { ...defaults.rtt, mediumMaxDeviationMinutes: 45 } },
            baseRevision: 0,
        });
        expect({
            status,
            code: body.code,
            fields: body.details.map((detail) => detail.field),
        }).toEqual({
            status: 400,
            code: 'INVALID_CLIENT_CONFIG',
            fields: ['/rtt/mediumMaxDeviationMinutes'],
        });
    });

    it('saves revisions, lists the history newest first and restores an older one as a new revision', async () => {
        expect((await call('GET', `${base}/config`, 'admin')).body).toMatchObject({
            revision: 0,
            document: {},
        });
        expect(
            (await call('POST', `${base}/config`, 'admin', { document: defaults, baseRevision: 0 }))
                .status,
        ).toBe(201);
        const stricter = { ...defaults, rtt: { ...defaults.rtt, goodMaxDeviationMinutes: 30 } };
        expect(
            (await call('POST', `${base}/config`, 'admin', { document: stricter, baseRevision: 1 }))
                .body,
        ).toMatchObject({ revision: 2, document: stricter });
        expect(
            (
                await call<Envelope>('POST', `${base}/config`, 'admin', {
                    document: defaults,
                    baseRevision: 1,
                })
            ).body.code,
        ).toBe('STALE_RECORD');
        const restored = await call('POST', `${base}/configHistory/1/restore`, 'admin', {
            baseRevision: 2,
        });
        expect(restored).toMatchObject({
            status: 201,
            body: {
                revision: 3,
                document: defaults,
                restoredFrom: 1,
                createdBy: { id: 'user-admin' },
            },
        });
        const history = await call<ConfigRevision[]>('GET', `${base}/configHistory`, 'admin');
        expect(history.body.map((revision) => revision.revision)).toEqual([3, 2, 1]);
        // Revisions are per organisation.
        expect(
            (await call('GET', `/tour-commander/v1/tenants/${ids.north1}/config`, 'admin')).body
                .revision,
        ).toBe(0);
    });

    it('is for admins only; an unknown organisation is 404', async () => {
        expect((await call('GET', `${base}/config`, 'orgAdmin')).status).toBe(403);
        expect(
            (
                await call('POST', `${base}/config`, 'orgAdmin', {
                    document: defaults,
                    baseRevision: 3,
                })
            ).status,
        ).toBe(403);
        expect((await call('GET', `${base}/configHistory`, 'orgAdmin')).status).toBe(403);
        expect(
            (await call('POST', `${base}/configHistory/1/restore`, 'orgAdmin', { baseRevision: 3 }))
                .status,
        ).toBe(403);
        expect(
            (await call('GET', '/tour-commander/v1/tenants/nowhere/config', 'admin')).status,
        ).toBe(404);
    });
});
