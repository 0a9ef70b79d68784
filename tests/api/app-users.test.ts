import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppUser, CreatedAppUser } from '../../domain/contracts/fleet.js';
import type { Page } from '../../domain/contracts/common.js';
import { DRIVER_ROLE_ID, TEMP_DRIVER_ROLE_ID } from '../../domain/roles.js';
import { subcontractorScopePath } from '../../domain/scopePath.js';
import { ensureTechnicalRoles } from '../../server/db/bootstrap.js';
import {
    auditLog,
    identityUsers,
    mailOutbox,
    permissionAssignments,
    subcontractors,
    tenantConfigRevisions,
    users,
    vehicles,
} from '../../server/db/schema/index.js';
import { accessTokenFor, addFixtureUsers, ids, paths, seedFixtures } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Driver app accounts and courier accounts (issue 5): list, create, edit, move, activate and deactivate. */

const FLEET_ACTIONS = [
    'r:suco',
    'c:suco',
    'u:suco',
    'd:suco',
    'r:driver',
    'c:driver',
    'u:driver',
    'r:temp-driver',
    'c:temp-driver',
    'u:temp-driver',
    'activate-user',
    'deactivate-user',
];
const sucoBerlin2 = 'suco-berlin-2';
const sucoHamburg = 'suco-hamburg';
const sucoBerlin2Path = subcontractorScopePath(paths.berlin, sucoBerlin2);
const sucoHamburgPath = subcontractorScopePath(paths.hamburg, sucoHamburg);

let t: TestApp;
const tokens: Record<string, string> = {};
let phoneCounter = 100_000;
const nextPhone = () => `+4915${phoneCounter++}`;

async function call<T = unknown>(
    who: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
) {
    const response = await t.app.inject({
        method,
        url,
        payload,
        headers: { authorization: `Bearer ${tokens[who] ?? ''}` },
    });
    return {
        status: response.statusCode,
        body: response.json<
            T & { code?: string; message?: string; details?: { field?: string; message: string }[] }
        >(),
    };
}

const driverBody = (overrides: Record<string, unknown> = {}) => ({
    username: `D${phoneCounter}`,
    firstName: 'Karl',
    lastName: 'Fahrer',
    mobilePhone: nextPhone(),
    subcontractorId: ids.sucoBerlin,
    ...overrides,
});

async function create(
    who: string,
    driverType: 'DRIVER' | 'TEMP_DRIVER',
    overrides: Record<string, unknown> = {},
) {
    return call<CreatedAppUser>(who, 'POST', `/api/users/${driverType}`, driverBody(overrides));
}

async function setConfig(tenantId: string, revision: number, frontend: Record<string, unknown>) {
    await t.db
        .insert(tenantConfigRevisions)
        .values({ id: `cfg-${tenantId}-${revision}`, tenantId, revision, document: { frontend } });
}

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
    await ensureTechnicalRoles(t.db);
    await t.db.insert(subcontractors).values([
        {
            id: sucoBerlin2,
            tenantId: ids.north,
            depotId: ids.berlin,
            name: 'Havel Express',
            code: 'HE1',
            scopePath: sucoBerlin2Path,
        },
        {
            id: sucoHamburg,
            tenantId: ids.north,
            depotId: ids.hamburg,
            name: 'Elbe Boten',
            code: 'EB1',
            scopePath: sucoHamburgPath,
        },
    ]);
    await t.db.insert(vehicles).values([
        {
            id: 'veh-berlin-1',
            tenantId: ids.north,
            depotId: ids.berlin,
            subcontractorId: ids.sucoBerlin,
            number: '1001',
            scopePath: paths.sucoBerlin,
        },
        {
            id: 'veh-berlin2-1',
            tenantId: ids.north,
            depotId: ids.berlin,
            subcontractorId: sucoBerlin2,
            number: '2001',
            scopePath: sucoBerlin2Path,
        },
    ]);
    await addFixtureUsers(
        t.db,
        [
            {
                key: 'berlinFleet',
                type: 'BackofficeManager',
                email: 'berlin.fleet@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-fleet', scopePath: paths.berlin }],
            },
            {
                key: 'hamburgFleet',
                type: 'BackofficeManager',
                email: 'hamburg.fleet@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-fleet', scopePath: paths.hamburg }],
            },
            {
                key: 'milanFleet',
                type: 'BackofficeManager',
                email: 'milan.fleet@fixture.test',
                tenantId: ids.north1,
                roles: [{ roleId: 'role-fleet', scopePath: paths.milan }],
            },
            {
                key: 'sucoDrivers',
                type: 'SubContractorManager',
                email: 'suco.drivers@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-suco-drivers', scopePath: paths.sucoBerlin }],
            },
            {
                key: 'berlinReader',
                type: 'BackofficeManager',
                email: 'berlin.reader@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-depot-std', scopePath: paths.berlin }],
            },
        ],
        [
            { id: 'role-fleet', name: 'Fleet', contexts: ['DEPOT'], actions: FLEET_ACTIONS },
            {
                id: 'role-suco-drivers',
                name: 'SuCo drivers',
                contexts: ['SUBCONTRACTOR'],
                actions: ['r:suco', 'r:driver', 'c:driver', 'u:driver'],
            },
        ],
    );
    await setConfig(ids.north1, 1, { driverUsernameRule: 'ITALIAN' });
    for (const [key, email] of [
        ['admin', 'admin@fixture.test'],
        ['orgAdmin', 'org.admin@fixture.test'],
        ['berlin', 'berlin.fleet@fixture.test'],
        ['hamburg', 'hamburg.fleet@fixture.test'],
        ['milan', 'milan.fleet@fixture.test'],
        ['suco', 'suco.drivers@fixture.test'],
        ['reader', 'berlin.reader@fixture.test'],
    ] as const) {
        tokens[key] = await accessTokenFor(t.app, email, t.config.identity.clientId);
    }
});
afterAll(() => t?.close());

describe('POST /api/users/{driverType}', () => {
    it('creates a driver account with its identity, role on the subcontractor path and audit entry; without e-mail the temporary password is answered once', async () => {
        const { status, body } = await create('berlin', 'DRIVER', {
            username: 'KARL01',
            vehicleId: 'veh-berlin-1',
            wantsSecondScreenNews: true,
        });
        expect(status).toBe(201);
        expect(body.temporaryPassword).toMatch(/^.{16}$/);
        expect(body.user).toMatchObject({
            type: 'Driver',
            driverType: 'DRIVER',
            username: 'KARL01',
            email: null,
            subcontractorId: ids.sucoBerlin,
            subcontractorName: 'Spree Kurier',
            depotId: ids.berlin,
            externalDepotId: '110',
            tenantId: ids.north,
            vehicleId: 'veh-berlin-1',
            vehicleNumber: '1001',
            active: true,
            wantsSecondScreenNews: true,
            lastLogin: null,
            version: 1,
            scopePath: paths.sucoBerlin,
        });
        const [identity] = await t.db
            .select()
            .from(identityUsers)
            .where(eq(identityUsers.username, 'karl01'));
        expect(identity?.status).toBe('FORCE_CHANGE_PASSWORD');
        const [row] = await t.db.select().from(users).where(eq(users.id, body.user.id));
        expect(row?.identitySub).toBe(identity?.sub);
        const assignments = await t.db
            .select()
            .from(permissionAssignments)
            .where(eq(permissionAssignments.userId, body.user.id));
        expect(assignments.map((a) => [a.roleId, a.scopePath, a.tenantId])).toEqual([
            [DRIVER_ROLE_ID, paths.sucoBerlin, ids.north],
        ]);
        const audits = await t.db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.entityType, 'app-user'), eq(auditLog.entityId, body.user.id)));
        expect(audits.map((a) => a.action)).toEqual(['create']);
        // The temporary password signs in (and asks for a new one).
        const signIn = await t.app.inject({
            method: 'POST',
            url: '/cognito-idp/',
            headers: {
                'content-type': 'application/x-amz-json-1.1',
                'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
            },
            payload: {
                AuthFlow: 'USER_PASSWORD_AUTH',
                ClientId: t.config.identity.clientId,
                AuthParameters: { USERNAME: 'KARL01', PASSWORD: body.temporaryPassword },
            },
        });
        expect(signIn.json<{ ChallengeName?: string }>().ChallengeName).toBe(
            'NEW_PASSWORD_REQUIRED',
        );
    });

    it('with an e-mail, the identity is the e-mail and the invitation carries the temporary password', async () => {
        const { status, body } = await create('berlin', 'DRIVER', {
            username: 'MAIL01',
            email: ' Mail.Driver@Example.com ',
        });
        expect(status).toBe(201);
        expect(body.temporaryPassword).toBeNull();
        expect(body.user.email).toBe('Mail.Driver@Example.com');
        const [identity] = await t.db
            .select()
            .from(identityUsers)
            .where(eq(identityUsers.username, 'mail.driver@example.com'));
        expect(identity).toBeDefined();
        const mails = await t.db
            .select()
            .from(mailOutbox)
            .where(eq(mailOutbox.to, 'mail.driver@example.com'));
        expect(mails).toHaveLength(1);
    });

    it('checks the field rules (names, mobile, the organisation username rule) and names every field', async () => {
        const { status, body } = await create('berlin', 'DRIVER', {
            username: 'lower',
            firstName: ' a ',
            lastName: '',
            mobilePhone: '+49 151 1',
        });
        expect(status).toBe(400);
        expect(body.code).toBe('BAD_REQUEST');
        expect(body.details).toEqual([
            {
                field: '/body/username',
                message: "username does not match the organisation's username rule",
            },
            {
                field: '/body/firstName',
                message: 'firstName needs at least 2 characters that are not spaces',
            },
            { field: '/body/lastName', message: 'lastName is required' },
            { field: '/body/mobilePhone', message: 'mobilePhone must not contain spaces' },
        ]);
        const tooLong = await create('berlin', 'DRIVER', { username: 'A'.repeat(21) });
        expect(tooLong.body.details?.[0]).toEqual({
            field: '/body/username',
            message: 'username is too long',
        });
        const badMail = await create('berlin', 'DRIVER', {
            username: 'MAILBAD',
            email: 'not-a-mail',
        });
        expect(badMail.body.details?.[0]).toEqual({
            field: '/body/email',
            message: 'email is not a valid e-mail address',
        });
    });

    it('under the ITALIAN rule the e-mail is required and becomes the login', async () => {
        const missing = await create('milan', 'DRIVER', {
            username: 'AB1234',
            subcontractorId: ids.sucoMilan,
            mobilePhone: '+3933312345',
        });
        expect(missing.status).toBe(400);
        expect(missing.body.details).toEqual([
            { field: '/body/email', message: 'email is required' },
        ]);
        const wrong = await create('milan', 'DRIVER', {
            username: 'ABC123',
            email: 'x@y.it',
            subcontractorId: ids.sucoMilan,
        });
        expect(wrong.body.details).toEqual([
            {
                field: '/body/username',
                message: "username does not match the organisation's username rule",
            },
        ]);
        const ok = await create('milan', 'DRIVER', {
            username: 'AB1234',
            email: 'ab1234@navigli.it',
            subcontractorId: ids.sucoMilan,
            mobilePhone: '+3933312345',
        });
        expect(ok.status).toBe(201);
        expect(ok.body.temporaryPassword).toBeNull();
    });

    it('refuses a username (any case), e-mail or phone number another user holds', async () => {
        await t.db.insert(users).values({
            id: 'user-lower',
            tenantId: ids.north,
            type: 'Driver',
            username: 'dup77',
            firstName: 'Low',
            lastName: 'Case',
            mobilePhone: '+4915199999',
        });
        await t.db
            .update(users)
            .set({ landLine: '+4930123456' })
            .where(eq(users.id, 'user-orgAdmin'));
        const username = await create('berlin', 'DRIVER', { username: 'DUP77' });
        expect({ status: username.status, code: username.body.code }).toEqual({
            status: 409,
            code: 'DUPLICATE_USERNAME',
        });
        const email = await create('berlin', 'DRIVER', { email: 'ORG.ADMIN@fixture.test' });
        expect({ status: email.status, code: email.body.code }).toEqual({
            status: 409,
            code: 'DUPLICATE_EMAIL',
        });
        const mobile = await create('berlin', 'DRIVER', { mobilePhone: '+4915199999' });
        expect({ status: mobile.status, code: mobile.body.code }).toEqual({
            status: 409,
            code: 'DUPLICATE_PHONE_NUMBER',
        });
        const landLine = await create('berlin', 'TEMP_DRIVER', { mobilePhone: '+4930123456' });
        expect({ status: landLine.status, code: landLine.body.code }).toEqual({
            status: 409,
            code: 'DUPLICATE_PHONE_NUMBER',
        });
        // Nothing was written, no identity left behind.
        expect(
            await t.db.select().from(identityUsers).where(eq(identityUsers.username, 'dup77')),
        ).toEqual([]);
    });

    it('answers a subcontractor outside the caller’s scopes like an unknown one, and 403 without the create action there', async () => {
        const outside = await create('hamburg', 'DRIVER', { subcontractorId: ids.sucoBerlin });
        const unknown = await create('hamburg', 'DRIVER', { subcontractorId: 'nope' });
        expect({ status: outside.status, code: outside.body.code }).toEqual({
            status: 404,
            code: 'NOT_FOUND',
        });
        expect(outside.body.message).toBe(unknown.body.message?.replace('nope', ids.sucoBerlin));
        const otherTenant = await create('berlin', 'DRIVER', { subcontractorId: ids.sucoMilan });
        expect(otherTenant.status).toBe(404);
        // The subcontractor user has c:driver on its own subcontractor only, and no courier-account actions.
        expect((await create('suco', 'DRIVER', { username: 'SUCO01' })).status).toBe(201);
        expect((await create('suco', 'DRIVER', { subcontractorId: sucoBerlin2 })).status).toBe(404);
        expect((await create('suco', 'TEMP_DRIVER')).body.code).toBe('NO_PERMISSION');
        expect((await create('reader', 'DRIVER')).status).toBe(403);
    });

    it('refuses a vehicle of another subcontractor', async () => {
        const { status, body } = await create('berlin', 'DRIVER', { vehicleId: 'veh-berlin2-1' });
        expect(status).toBe(400);
        expect(body.details).toEqual([
            {
                field: '/body/vehicleId',
                message: 'vehicleId must be a vehicle of the subcontractor',
            },
        ]);
    });
});

describe('courier-account limit per depot', () => {
    it('counts active and inactive courier accounts of the depot and refuses the one over the limit, also when two arrive at once', async () => {
        const existing = async () =>
            (
                await t.db
                    .select({ n: count() })
                    .from(users)
                    .innerJoin(subcontractors, eq(subcontractors.id, users.subcontractorId))
                    .where(
                        and(eq(users.type, 'TempDriver'), eq(subcontractors.depotId, ids.berlin)),
                    )
            )[0]?.n ?? 0;
        const before = await existing();
        await setConfig(ids.north, 1, { maxTemporaryUsersPerDepot: before + 2 });
        const first = await create('berlin', 'TEMP_DRIVER');
        expect(first.status).toBe(201);
        expect(first.body.user).toMatchObject({ type: 'TempDriver', driverType: 'TEMP_DRIVER' });
        const roles = await t.db
            .select({ roleId: permissionAssignments.roleId })
            .from(permissionAssignments)
            .where(eq(permissionAssignments.userId, first.body.user.id));
        expect(roles).toEqual([{ roleId: TEMP_DRIVER_ROLE_ID }]);
        // Inactive accounts count too ("delete old ones").
        await t.db.update(users).set({ active: false }).where(eq(users.id, first.body.user.id));
        const [a, b] = await Promise.all([
            create('berlin', 'TEMP_DRIVER', { subcontractorId: ids.sucoBerlin }),
            create('berlin', 'TEMP_DRIVER', { subcontractorId: sucoBerlin2 }),
        ]);
        expect([a.status, b.status].sort()).toEqual([201, 409]);
        expect([a.body.code, b.body.code]).toContain('TENANT_MAX_TEMP_DRIVERS_REACHED');
        expect(await existing()).toBe(before + 2);
        // Another depot has its own count.
        expect(
            (await create('hamburg', 'TEMP_DRIVER', { subcontractorId: sucoHamburg })).status,
        ).toBe(201);
        // Drivers are not capped.
        expect((await create('berlin', 'DRIVER')).status).toBe(201);
        // No identity of a refused account is left behind.
        const identities = await t.db.select({ n: count() }).from(identityUsers);
        const linked = await t.db
            .select({ n: count() })
            .from(users)
            .innerJoin(identityUsers, eq(identityUsers.sub, users.identitySub));
        expect(identities[0]?.n).toBe((linked[0]?.n ?? 0) + 1); // the fixture identity without a user
    });
});

describe('PUT /api/users/{driverType}/{hashId}', () => {
    let driver: AppUser;
    beforeAll(async () => {
        driver = (
            await create('berlin', 'DRIVER', { username: 'MOVE01', vehicleId: 'veh-berlin-1' })
        ).body.user;
        await t.db
            .update(vehicles)
            .set({ baseDriverId: driver.id })
            .where(eq(vehicles.id, 'veh-berlin-1'));
    });
    const edit = (
        who: string,
        user: AppUser,
        overrides: Record<string, unknown> = {},
        driverType = 'DRIVER',
    ) =>
        call<AppUser>(who, 'PUT', `/api/users/${driverType}/${user.id}`, {
            firstName: user.firstName,
            lastName: user.lastName,
            mobilePhone: user.mobilePhone,
            email: user.email,
            subcontractorId: user.subcontractorId,
            vehicleId: user.vehicleId,
            version: user.version,
            ...overrides,
        });

    it('edits the data, bumps the version and refuses a stale version without changing anything', async () => {
        const { status, body } = await edit('berlin', driver, { firstName: 'Konrad' });
        expect(status).toBe(200);
        expect(body).toMatchObject({
            firstName: 'Konrad',
            version: driver.version + 1,
            vehicleId: 'veh-berlin-1',
        });
        const stale = await edit('berlin', driver, { firstName: 'Kuno' });
        expect({ status: stale.status, code: stale.body.code }).toEqual({
            status: 409,
            code: 'STALE_RECORD',
        });
        const [row] = await t.db.select().from(users).where(eq(users.id, driver.id));
        expect(row?.firstName).toBe('Konrad');
        driver = body;
    });

    it('checks the rules and duplicates, and answers 404 outside the caller’s scopes or for the wrong kind', async () => {
        expect(
            (await edit('berlin', driver, { mobilePhone: '0151' })).body.details?.[0]?.field,
        ).toBe('/body/mobilePhone');
        expect((await edit('berlin', driver, { mobilePhone: '+4915199999' })).body.code).toBe(
            'DUPLICATE_PHONE_NUMBER',
        );
        expect((await edit('berlin', driver, { email: 'org.admin@fixture.test' })).body.code).toBe(
            'DUPLICATE_EMAIL',
        );
        const outside = await edit('hamburg', driver);
        expect({ status: outside.status, message: outside.body.message }).toEqual({
            status: 404,
            message: `User ${driver.id} was not found.`,
        });
        expect((await edit('berlin', driver, {}, 'TEMP_DRIVER')).status).toBe(404);
        expect((await edit('reader', driver)).status).toBe(403);
    });

    it('keeps the e-mail when the body leaves it out, may add one to an account without, and never changes a set one', async () => {
        const withMail = (
            await create('berlin', 'DRIVER', { username: 'MAILKEEP', email: 'keep@example.com' })
        ).body.user;
        const { email: _email, ...rest } = { ...withMail, firstName: 'Kept' };
        const kept = await call<AppUser>('berlin', 'PUT', `/api/users/DRIVER/${withMail.id}`, {
            firstName: rest.firstName,
            lastName: rest.lastName,
            mobilePhone: rest.mobilePhone,
            subcontractorId: rest.subcontractorId,
            version: rest.version,
        });
        expect(kept.body).toMatchObject({ firstName: 'Kept', email: 'keep@example.com' });
        const changed = await edit('berlin', kept.body, { email: 'other@example.com' });
        expect({ status: changed.status, details: changed.body.details }).toEqual({
            status: 400,
            details: [{ field: '/body/email', message: 'email cannot be changed' }],
        });
        const added = await edit('berlin', driver, { email: 'added@example.com' });
        expect(added.body.email).toBe('added@example.com');
        driver = added.body;
    });

    it('moves the account to another subcontractor: only its app-account role on the new path, no vehicle, the vehicles stay', async () => {
        await t.db.insert(permissionAssignments).values({
            id: 'perm-extra-move',
            userId: driver.id,
            roleId: 'role-suco-std',
            scopePath: paths.sucoBerlin,
            tenantId: ids.north,
        });
        const { status, body } = await edit('berlin', driver, { subcontractorId: sucoBerlin2 });
        expect(status).toBe(200);
        expect(body).toMatchObject({
            subcontractorId: sucoBerlin2,
            subcontractorName: 'Havel Express',
            scopePath: sucoBerlin2Path,
            vehicleId: null,
            vehicleNumber: null,
        });
        const assignments = await t.db
            .select()
            .from(permissionAssignments)
            .where(eq(permissionAssignments.userId, driver.id));
        expect(assignments.map((a) => [a.roleId, a.scopePath])).toEqual([
            [DRIVER_ROLE_ID, sucoBerlin2Path],
        ]);
        const [vehicle] = await t.db.select().from(vehicles).where(eq(vehicles.id, 'veh-berlin-1'));
        expect(vehicle).toMatchObject({ subcontractorId: ids.sucoBerlin, baseDriverId: null });
        const [audit] = await t.db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.entityId, driver.id), eq(auditLog.action, 'move')));
        expect(audit?.changes).toMatchObject({
            before: { subcontractorId: ids.sucoBerlin },
            after: { subcontractorId: sucoBerlin2 },
        });
        driver = body;
    });

    it('refuses a move to a subcontractor of another organisation or outside the caller’s scopes', async () => {
        expect((await edit('admin', driver, { subcontractorId: ids.sucoMilan })).status).toBe(404);
        expect((await edit('berlin', driver, { subcontractorId: sucoHamburg })).status).toBe(404);
        const [row] = await t.db.select().from(users).where(eq(users.id, driver.id));
        expect(row?.subcontractorId).toBe(sucoBerlin2);
    });
});

describe('GET /api/v3/users/app', () => {
    const list = (who: string, query = '') =>
        call<Page<AppUser>>(who, 'GET', `/api/v3/users/app?size=500${query}`);

    it('answers the accounts under the caller’s scopes, per kind by its read action', async () => {
        const all = await list('admin');
        expect(all.status).toBe(200);
        const berlin = await list('berlin');
        expect(berlin.body.content.length).toBeGreaterThan(0);
        expect(berlin.body.content.every((user) => user.depotId === ids.berlin)).toBe(true);
        expect(berlin.body.totalElements).toBe(
            all.body.content.filter((user) => user.depotId === ids.berlin).length,
        );
        // The subcontractor user reads drivers (r:driver) of its own subcontractor, no courier accounts.
        const suco = await list('suco');
        expect(suco.body.content.length).toBeGreaterThan(0);
        expect(
            suco.body.content.every(
                (user) => user.subcontractorId === ids.sucoBerlin && user.type === 'Driver',
            ),
        ).toBe(true);
        const milan = await list('milan');
        expect(milan.body.content.every((user) => user.tenantId === ids.north1)).toBe(true);
        expect((await list('reader')).status).toBe(403);
    });

    it('narrows to a path, filters, searches, sorts and pages', async () => {
        const sub = await list('berlin', `&path=${sucoBerlin2Path}`);
        expect(sub.body.content.every((user) => user.subcontractorId === sucoBerlin2)).toBe(true);
        const outside = await list('berlin', `&path=${paths.hamburg}`);
        expect(outside.status).toBe(403);
        const couriers = await list('berlin', '&driverType=TEMP_DRIVER');
        expect(couriers.body.content.every((user) => user.type === 'TempDriver')).toBe(true);
        const inactive = await list('berlin', '&active=false');
        expect(inactive.body.content.every((user) => !user.active)).toBe(true);
        expect(inactive.body.totalElements).toBeGreaterThan(0);
        const searched = await list('berlin', '&search=KARL0');
        expect(searched.body.content.map((user) => user.username)).toEqual(['KARL01']);
        const sorted = await list('berlin', '&sort=username,desc');
        const names = sorted.body.content.map((user) => user.username.toUpperCase());
        expect(names).toEqual([...names].sort().reverse());
        const page = await call<Page<AppUser>>(
            'berlin',
            'GET',
            '/api/v3/users/app?size=2&page=1&sort=username,asc',
        );
        expect(page.body).toMatchObject({
            size: 2,
            number: 1,
            totalElements: sorted.body.totalElements,
            totalPages: Math.ceil(sorted.body.totalElements / 2),
        });
        expect(page.body.content.map((user) => user.username)).toEqual(
            sorted.body.content
                .map((user) => user.username)
                .reverse()
                .slice(2, 4),
        );
        expect((await call('berlin', 'GET', '/api/v3/users/app?size=501')).status).toBe(400);
        expect((await call('berlin', 'GET', '/api/v3/users/app?sort=password,asc')).status).toBe(
            400,
        );
    });
});

describe('PUT /api/users/active and /inactive', () => {
    it('deactivates courier accounts all at once, disabling the identity and revoking its sessions; activates them again', async () => {
        const created = await create('hamburg', 'TEMP_DRIVER', {
            username: 'COURIER9',
            subcontractorId: sucoHamburg,
        });
        expect(created.status).toBe(201);
        const id = created.body.user.id;
        await t.app.identityAdmin.setPassword('courier9', 'Courier-Pass-99!', true);
        const token = await accessTokenFor(
            t.app,
            'COURIER9',
            t.config.identity.clientId,
            'Courier-Pass-99!',
        );
        await expect(t.app.identity.verifyAccessToken(token)).resolves.toMatchObject({
            username: 'courier9',
        });
        const off = await call<{ ids: string[] }>('hamburg', 'PUT', '/api/users/inactive', {
            ids: [id],
        });
        expect(off).toEqual({ status: 200, body: { ids: [id] } });
        await expect(t.app.identity.verifyAccessToken(token)).rejects.toMatchObject({
            statusCode: 401,
        });
        expect((await t.app.identityAdmin.getUser('courier9'))?.enabled).toBe(false);
        const [row] = await t.db.select().from(users).where(eq(users.id, id));
        expect(row?.active).toBe(false);
        const on = await call('hamburg', 'PUT', '/api/users/active', { ids: [id] });
        expect(on.status).toBe(200);
        expect((await t.app.identityAdmin.getUser('courier9'))?.enabled).toBe(true);
        const audits = await t.db
            .select({ action: auditLog.action })
            .from(auditLog)
            .where(eq(auditLog.entityType, 'app-user'));
        expect(audits.map((a) => a.action)).toEqual(
            expect.arrayContaining(['activate', 'deactivate']),
        );
    });

    it('changes nothing when one id is out of reach (another depot, a driver, unknown): 404', async () => {
        await setConfig(ids.north, 2, { maxTemporaryUsersPerDepot: 50 });
        const mine = (await create('hamburg', 'TEMP_DRIVER', { subcontractorId: sucoHamburg })).body
            .user;
        const theirs = (await create('berlin', 'TEMP_DRIVER', { subcontractorId: sucoBerlin2 }))
            .body.user;
        const driver = (await create('hamburg', 'DRIVER', { subcontractorId: sucoHamburg })).body
            .user;
        for (const other of [theirs.id, driver.id, 'unknown-id']) {
            const response = await call('hamburg', 'PUT', '/api/users/inactive', {
                ids: [mine.id, other],
            });
            expect({ status: response.status, message: response.body.message }).toEqual({
                status: 404,
                message: `User ${other} was not found.`,
            });
        }
        const [row] = await t.db.select().from(users).where(eq(users.id, mine.id));
        expect(row?.active).toBe(true);
        expect((await call('hamburg', 'PUT', '/api/users/inactive', { ids: [] })).status).toBe(400);
        expect((await call('suco', 'PUT', '/api/users/inactive', { ids: [mine.id] })).status).toBe(
            403,
        );
    });
});
