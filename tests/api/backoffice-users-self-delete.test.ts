import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenFor, seedFixtures } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Issue 13 point 10: deleting oneself is refused with a code the browser can explain. */

let t: TestApp;
let token: string;

beforeAll(async () => {
    t = await createTestApp({ IDENTITY_SIGN_IN_LIMIT_PER_MINUTE: '100000' });
    await seedFixtures(t.db);
    token = await accessTokenFor(t.app, 'org.admin@fixture.test', t.config.identity.clientId);
}, 60_000);

afterAll(async () => {
    await t?.close();
});

describe('DELETE /api/v2/users of oneself', () => {
    it('answers 400 CANNOT_DELETE_SELF naming the id, and deletes nothing', async () => {
        const me = await t.app.inject({
            method: 'GET',
            url: '/api/users/me',
            headers: { authorization: `Bearer ${token}` },
        });
        const myId = me.json<{ id: string }>().id;
        const response = await t.app.inject({
            method: 'DELETE',
            url: '/api/v2/users',
            headers: { authorization: `Bearer ${token}` },
            payload: { ids: [myId] },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
            code: 'CANNOT_DELETE_SELF',
            message: 'You cannot delete yourself.',
            details: [{ field: '/body/ids/0', message: 'the caller cannot delete themselves' }],
        });
        const again = await t.app.inject({
            method: 'GET',
            url: '/api/users/me',
            headers: { authorization: `Bearer ${token}` },
        });
        expect(again.statusCode).toBe(200);
    });
});
