import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserProfile } from '../../domain/contracts/profile.js';
import {
    defaultUserSettings,
    userSettingsKeys,
    userSettingsOptions,
} from '../../domain/userSettings.js';
import type { UserSettings } from '../../domain/contracts/settings.js';
import { auditLog, userSettings } from '../../server/db/schema/index.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { accessTokenFor, seedFixtures } from './helpers/fixtures.js';

let t: TestApp;
const tokens: Record<string, string> = {};

async function call<T>(
    method: 'GET' | 'PUT' | 'PATCH',
    url: string,
    who: string,
    payload?: unknown,
) {
    const response = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${tokens[who]}` },
        ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.json<T>() };
}

const storedRow = async (userId: string) =>
    (await t.db.select().from(userSettings).where(eq(userSettings.userId, userId)))[0];
const auditRows = (userId: string) =>
    t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'user-settings'), eq(auditLog.entityId, userId)))
        .orderBy(auditLog.at);

const imperial: UserSettings = {
    dateFormat: 'DATE_B_SLASH',
    timeFormat: 'TIME_12_HOURS_A',
    lengthFormat: 'LENGTH_IMPERIAL',
    weightFormat: 'WEIGHT_IMPERIAL',
    numberFormat: 'EN',
};
const german: UserSettings = {
    dateFormat: 'DATE_L_PERIOD',
    timeFormat: 'TIME_24_HOURS',
    lengthFormat: 'LENGTH_METRIC',
    weightFormat: 'WEIGHT_METRIC',
    numberFormat: 'DE',
};

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
    for (const [key, email] of Object.entries({
        admin: 'admin@fixture.test',
        orgAdmin: 'org.admin@fixture.test',
        tenantUser: 'tenant.user@fixture.test',
        groupManager: 'group.manager@fixture.test',
        sucoUser: 'suco.user@fixture.test',
    })) {
        tokens[key] = await accessTokenFor(t.app, email, t.config.identity.clientId);
    }
});
afterAll(() => t.close());

describe('PUT /api/users/me/settings', () => {
    it('stores all five settings, answers them as userSettings and /users/me shows them', async () => {
        expect((await call<UserProfile>('GET', '/api/users/me', 'admin')).body.settings).toBeNull();
        const put = await call<{ userSettings: UserSettings }>(
            'PUT',
            '/api/users/me/settings',
            'admin',
            imperial,
        );
        expect(put).toEqual({ status: 200, body: { userSettings: imperial } });
        expect((await call<UserProfile>('GET', '/api/users/me', 'admin')).body.settings).toEqual(
            imperial,
        );
        expect(await storedRow('user-admin')).toMatchObject(imperial);
    });

    it('replaces stored settings and audits both writes with the values before and after', async () => {
        const put = await call<{ userSettings: UserSettings }>(
            'PUT',
            '/api/users/me/settings',
            'admin',
            german,
        );
        expect(put).toEqual({ status: 200, body: { userSettings: german } });
        expect((await call<UserProfile>('GET', '/api/users/me', 'admin')).body.settings).toEqual(
            german,
        );
        const audit = await auditRows('user-admin');
        expect(
            audit.map((row) => ({
                action: row.action,
                actor: row.actorUserId,
                changes: row.changes,
            })),
        ).toEqual([
            {
                action: 'user-settings-replaced',
                actor: 'user-admin',
                changes: { before: null, after: imperial },
            },
            {
                action: 'user-settings-replaced',
                actor: 'user-admin',
                changes: { before: imperial, after: german },
            },
        ]);
    });

    it('refuses a missing or unknown value with 400 naming the field, and writes nothing', async () => {
        const { numberFormat: _dropped, ...missing } = imperial;
        const cases: [unknown, string][] = [
            [missing, '/body/numberFormat'],
            [{ ...imperial, dateFormat: 'YYYY' }, '/body/dateFormat'],
            [{ ...imperial, weightFormat: 'LENGTH_METRIC' }, '/body/weightFormat'],
        ];
        for (const [payload, field] of cases) {
            const { status, body } = await call<{ code: string; details: { field: string }[] }>(
                'PUT',
                '/api/users/me/settings',
                'tenantUser',
                payload,
            );
            expect(status, field).toBe(400);
            expect(body.code).toBe('BAD_REQUEST');
            expect(body.details.map((detail) => detail.field)).toContain(field);
        }
        expect(await storedRow('user-tenantUser')).toBeUndefined();
        expect(await auditRows('user-tenantUser')).toEqual([]);
    });

    it('needs a signed-in user', async () => {
        const response = await t.app.inject({
            method: 'PUT',
            url: '/api/users/me/settings',
            payload: imperial,
        });
        expect(response.statusCode).toBe(401);
    });
});

describe('PATCH /api/users/me/settings', () => {
    it('starts from the defaults when the user has no settings yet', async () => {
        const { status, body } = await call<{ userSettings: UserSettings }>(
            'PATCH',
            '/api/users/me/settings',
            'groupManager',
            { settingsKey: 'numberFormat', settingsValue: 'DE' },
        );
        expect(status).toBe(200);
        expect(body.userSettings).toEqual({ ...defaultUserSettings, numberFormat: 'DE' });
        expect(
            (await call<UserProfile>('GET', '/api/users/me', 'groupManager')).body.settings,
        ).toEqual({ ...defaultUserSettings, numberFormat: 'DE' });
        const [audit] = await auditRows('user-groupManager');
        expect(audit).toMatchObject({
            action: 'user-settings-changed',
            actorUserId: 'user-groupManager',
            changes: { before: null, after: { ...defaultUserSettings, numberFormat: 'DE' } },
        });
    });

    it('changes each key on its own and leaves the others', async () => {
        await call('PUT', '/api/users/me/settings', 'orgAdmin', german);
        let expected = { ...german };
        for (const key of userSettingsKeys) {
            const value = userSettingsOptions[key].find((option) => option !== expected[key]);
            expected = { ...expected, [key]: value };
            const { status, body } = await call<{ userSettings: UserSettings }>(
                'PATCH',
                '/api/users/me/settings',
                'orgAdmin',
                { settingsKey: key, settingsValue: value },
            );
            expect(status, key).toBe(200);
            expect(body.userSettings, key).toEqual(expected);
        }
        expect((await call<UserProfile>('GET', '/api/users/me', 'orgAdmin')).body.settings).toEqual(
            expected,
        );
        expect(await storedRow('user-orgAdmin')).toMatchObject(expected);
        const audit = await auditRows('user-orgAdmin');
        expect(audit.map((row) => row.action)).toEqual([
            'user-settings-replaced',
            ...userSettingsKeys.map(() => 'user-settings-changed'),
        ]);
    });

    it('refuses an unknown key, a value of another key and missing fields with 400 naming the field, writing nothing', async () => {
        const cases: [unknown, string][] = [
            [{ settingsKey: 'colour', settingsValue: 'DE' }, '/body/settingsKey'],
            [{ settingsKey: 'dateFormat', settingsValue: 'EN' }, '/body/settingsValue'],
            [
                { settingsKey: 'lengthFormat', settingsValue: 'WEIGHT_METRIC' },
                '/body/settingsValue',
            ],
            [{ settingsKey: 'timeFormat' }, '/body/settingsValue'],
            [{ settingsValue: 'DE' }, '/body/settingsKey'],
        ];
        for (const [payload, field] of cases) {
            const { status, body } = await call<{
                code: string;
                message: string;
                details: { field: string }[];
            }>('PATCH', '/api/users/me/settings', 'sucoUser', payload);
            expect(status, JSON.stringify(payload)).toBe(400);
            expect(body.code).toBe('BAD_REQUEST');
            expect(
                body.details.map((detail) => detail.field),
                JSON.stringify(payload),
            ).toContain(field);
        }
        expect(await storedRow('user-sucoUser')).toBeUndefined();
        expect(await auditRows('user-sucoUser')).toEqual([]);
    });

    it('keeps both of two concurrent changes of different settings', async () => {
        await Promise.all([
            call('PATCH', '/api/users/me/settings', 'tenantUser', {
                settingsKey: 'dateFormat',
                settingsValue: 'DATE_L_SLASH',
            }),
            call('PATCH', '/api/users/me/settings', 'tenantUser', {
                settingsKey: 'weightFormat',
                settingsValue: 'WEIGHT_IMPERIAL',
            }),
        ]);
        expect(await storedRow('user-tenantUser')).toMatchObject({
            ...defaultUserSettings,
            dateFormat: 'DATE_L_SLASH',
            weightFormat: 'WEIGHT_IMPERIAL',
        });
    });
});
