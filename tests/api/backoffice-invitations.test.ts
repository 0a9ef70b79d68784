import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackOfficeUser } from '../../domain/contracts/back-office-users.js';
import { auditLog, mailOutbox } from '../../server/db/schema/index.js';
import { accessTokenFor, addFixtureUsers, ids, paths, seedFixtures } from './helpers/fixtures.js';
import { initiatePasswordAuth, respondToChallenge } from './helpers/identity-fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Issue 13 point 14: `POST /api/v2/users/:hashId/invitation` sends a user who has not signed in
 * yet a new invitation with a new temporary password, with the reach of editing that user.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
type ErrorBody = { code: string; message: string };

const BO_ACTIONS = [
    'r:bo-user',
    'c:bo-user',
    'u:bo-user',
    'd:bo-user',
    'can-assign-permission',
    'can-remove-permission',
];

async function call<T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    who: string,
    payload?: object,
) {
    const response = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${tokens[who]}` },
        ...(payload ? { payload } : {}),
    });
    const json = String(response.headers['content-type'] ?? '').includes('json');
    return { status: response.statusCode, body: (json ? response.json() : undefined) as T };
}

const resend = (hashId: string, who: string) =>
    call<ErrorBody>('POST', `/api/v2/users/${hashId}/invitation`, who);

/** The temporary passwords of the invitation mails to an address, newest first. */
async function invitationPasswords(address: string): Promise<string[]> {
    const mails = await t.db
        .select()
        .from(mailOutbox)
        .where(sql`lower(${mailOutbox.to}) = ${address.toLowerCase()}`)
        .orderBy(desc(mailOutbox.createdAt));
    return mails
        .filter((mail) => mail.kind === 'invitation')
        .map((mail) => /Temporary password: (\S+)/.exec(mail.text)?.[1] ?? '');
}

const signInStatus = async (username: string, password: string) => {
    const response = await initiatePasswordAuth(
        t.app,
        t.config.identity.clientId,
        username,
        password,
    );
    return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
};

let counter = 0;
async function invite(): Promise<{ id: string; email: string }> {
    counter += 1;
    const email = `invited${counter}@fixture.test`;
    const created = await call<BackOfficeUser>('POST', '/api/v2/users', 'boBerlin', {
        type: 'BackofficeManager',
        email,
        firstName: 'Ina',
        lastName: `Vited${counter}`,
        mobilePhone: null,
        landLine: null,
        context: 'depot',
        path: paths.berlin,
        permissions: { addPermissions: [{ path: paths.berlin, roleId: 'role-depot-std' }] },
    });
    expect(created.status).toBe(201);
    return { id: created.body.id, email };
}

beforeAll(async () => {
    t = await createTestApp({
        IDENTITY_SIGN_IN_LIMIT_PER_MINUTE: '100000',
        IDENTITY_PASSWORD_LIMIT_PER_MINUTE: '100000',
    });
    await seedFixtures(t.db);
    await addFixtureUsers(
        t.db,
        [
            {
                key: 'boBerlin',
                type: 'BackofficeManager',
                email: 'bo.berlin@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-bo-mgmt', scopePath: paths.berlin }],
            },
            {
                key: 'boReaderA',
                type: 'BackofficeManager',
                email: 'bo.reader.a@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-bo-read', scopePath: paths.groupA }],
            },
            {
                key: 'boMilan',
                type: 'BackofficeManager',
                email: 'bo.milan@fixture.test',
                tenantId: ids.north1,
                roles: [{ roleId: 'role-bo-mgmt', scopePath: paths.milan }],
            },
        ],
        [
            {
                id: 'role-bo-mgmt',
                name: 'BO management (Depot)',
                contexts: ['DEPOT'],
                actions: BO_ACTIONS,
            },
            {
                id: 'role-bo-read',
                name: 'BO reader (Depot)',
                contexts: ['DEPOT'],
                actions: ['r:bo-user'],
            },
        ],
    );
    for (const [key, email] of [
        ['admin', 'admin@fixture.test'],
        ['boBerlin', 'bo.berlin@fixture.test'],
        ['boReaderA', 'bo.reader.a@fixture.test'],
        ['boMilan', 'bo.milan@fixture.test'],
    ] as const) {
        tokens[key] = await accessTokenFor(t.app, email, t.config.identity.clientId);
    }
}, 60_000);

afterAll(async () => {
    await t?.close();
});

describe('POST /api/v2/users/:hashId/invitation', () => {
    it('mails a new temporary password that signs in, and the old one stops working', async () => {
        const { id, email } = await invite();
        const [first] = await invitationPasswords(email);
        expect(first).toBeTruthy();

        const answer = await resend(id, 'boBerlin');
        expect(answer.status).toBe(204);

        const passwords = await invitationPasswords(email);
        expect(passwords).toHaveLength(2);
        const [second] = passwords;
        expect(second).toBeTruthy();
        expect(second).not.toBe(first);

        const withNew = await signInStatus(email, second ?? '');
        expect(withNew.status).toBe(200);
        expect(withNew.body).toMatchObject({ ChallengeName: 'NEW_PASSWORD_REQUIRED' });
        const withOld = await signInStatus(email, first ?? '');
        expect(withOld.status).toBe(400);
        expect(withOld.body.ChallengeName).toBeUndefined();

        const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
        expect(audit.map((entry) => entry.action)).toContain('backoffice-user-invitation-resent');
    });

    it('lets admins resend too', async () => {
        const { id, email } = await invite();
        expect((await resend(id, 'admin')).status).toBe(204);
        expect(await invitationPasswords(email)).toHaveLength(2);
    });

    it('answers 404 to callers who may not edit the user, and sends nothing', async () => {
        const { id, email } = await invite();
        for (const who of ['boMilan', 'boReaderA']) {
            const answer = await resend(id, who);
            expect(answer.status).toBe(404);
            expect(answer.body.code).toBe('NOT_FOUND');
        }
        expect((await resend('no-such-user', 'boBerlin')).status).toBe(404);
        expect(await invitationPasswords(email)).toHaveLength(1);
    });

    it('refuses with 409 USER_ALREADY_ACTIVE once the user chose a password', async () => {
        const { id, email } = await invite();
        const [temporary] = await invitationPasswords(email);
        const challenge = await signInStatus(email, temporary ?? '');
        const completed = await respondToChallenge(
            t,
            'NEW_PASSWORD_REQUIRED',
            String(challenge.body.Session),
            { USERNAME: email, NEW_PASSWORD: 'Chosen-Pass-42!' },
        );
        expect(completed.statusCode).toBe(200);

        const answer = await resend(id, 'boBerlin');
        expect(answer.status).toBe(409);
        expect(answer.body.code).toBe('USER_ALREADY_ACTIVE');
        expect(await invitationPasswords(email)).toHaveLength(1);
        // The fixture users signed in with their own password long ago.
        const active = await resend('user-boReaderA', 'admin');
        expect(active.status).toBe(409);
        expect(active.body.code).toBe('USER_ALREADY_ACTIVE');
    });
});
