import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxAnswer } from '../../domain/contracts/mail-outbox.js';
import { createMailSender } from '../../server/mail/index.js';
import { accessTokenFor, addFixtureUsers, ids, paths, seedFixtures } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Issue 13 point 14: without SMTP_URL the mail viewer (`GET /api/v2/mail-outbox`) is how an
 * admin of a demo or development installation reads the invitation's temporary password.
 */

async function getOutbox(target: TestApp, token: string) {
    const response = await target.app.inject({
        method: 'GET',
        url: '/api/v2/mail-outbox',
        headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.statusCode, body: response.json<OutboxAnswer & { code?: string }>() };
}

async function seed(target: TestApp): Promise<Record<string, string>> {
    await seedFixtures(target.db);
    await addFixtureUsers(target.db, [
        {
            key: 'depotStaff',
            type: 'BackofficeManager',
            email: 'depot.staff@fixture.test',
            tenantId: ids.north,
            roles: [{ roleId: 'role-depot-std', scopePath: paths.berlin }],
        },
    ]);
    const { clientId } = target.config.identity;
    return {
        admin: await accessTokenFor(target.app, 'admin@fixture.test', clientId),
        depotStaff: await accessTokenFor(target.app, 'depot.staff@fixture.test', clientId),
    };
}

/** Creates a user (as admin), which queues the invitation mail. */
async function inviteAsAdmin(target: TestApp, token: string, email: string) {
    const response = await target.app.inject({
        method: 'POST',
        url: '/api/v2/users',
        headers: { authorization: `Bearer ${token}` },
        payload: {
            type: 'BackofficeManager',
            email,
            firstName: 'Otto',
            lastName: 'Outbox',
            mobilePhone: null,
            landLine: null,
            context: 'depot',
            path: paths.berlin,
            permissions: { addPermissions: [{ path: paths.berlin, roleId: 'role-depot-std' }] },
        },
    });
    expect(response.statusCode).toBe(201);
}

describe('GET /api/v2/mail-outbox outside production', () => {
    let t: TestApp;
    let tokens: Record<string, string>;
    beforeAll(async () => {
        t = await createTestApp({ NODE_ENV: 'development' });
        tokens = await seed(t);
    }, 60_000);
    afterAll(async () => {
        await t?.close();
    });

    it('lists the invitation with its temporary password for admins, newest first', async () => {
        await inviteAsAdmin(t, tokens.admin ?? '', 'first.invite@fixture.test');
        await inviteAsAdmin(t, tokens.admin ?? '', 'second.invite@fixture.test');
        const pending = await getOutbox(t, tokens.admin ?? '');
        expect(pending.status).toBe(200);
        const [newest, older] = pending.body.content;
        expect(newest).toMatchObject({
            to: 'second.invite@fixture.test',
            subject: 'Your Parcel back office account',
            kind: 'invitation',
            status: 'pending',
            sentAt: null,
        });
        expect(newest?.text).toMatch(/Temporary password: \S+/);
        expect(newest?.text).toContain('Username: second.invite@fixture.test');
        expect(older?.to).toBe('first.invite@fixture.test');

        // Without SMTP_URL the sender only logs the mail; the viewer then says so.
        const silent = { info() {}, warn() {}, error() {} } as never;
        await createMailSender({ db: t.db, from: 'noreply@example.test', log: silent }).drainOnce();
        const logged = await getOutbox(t, tokens.admin ?? '');
        expect(logged.body.content.slice(0, 2).map((mail) => mail.status)).toEqual([
            'logged',
            'logged',
        ]);
        expect(logged.body.content[0]?.lastError).toBeNull();
    });

    it('refuses everyone but admins', async () => {
        const answer = await getOutbox(t, tokens.depotStaff ?? '');
        expect(answer.status).toBe(403);
        const anonymous = await t.app.inject({ method: 'GET', url: '/api/v2/mail-outbox' });
        expect(anonymous.statusCode).toBe(401);
    });
});

describe('GET /api/v2/mail-outbox in production', () => {
    let t: TestApp;
    let tokens: Record<string, string>;
    beforeAll(async () => {
        t = await createTestApp({
            NODE_ENV: 'production',
            IDENTITY_KEY_SECRET: 'a-production-test-key-secret-of-enough-length-0123456789',
        });
        tokens = await seed(t);
    }, 60_000);
    afterAll(async () => {
        await t?.close();
    });

    it('answers 404 even to admins, though mails are queued', async () => {
        await inviteAsAdmin(t, tokens.admin ?? '', 'prod.invite@fixture.test');
        const answer = await getOutbox(t, tokens.admin ?? '');
        expect(answer.status).toBe(404);
        expect(answer.body.code).toBe('NOT_FOUND');
        expect(answer.body.content).toBeUndefined();
    });
});
