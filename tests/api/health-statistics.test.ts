import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthDay, type HealthDay } from '../../domain/healthStatus.js';
import type { HealthStatistics } from '../../domain/contracts/health.js';
import { depotScopePath } from '../../domain/scopePath.js';
import {
    depotGroups,
    depots,
    jobAssignments,
    subcontractors,
    tenants,
    vehicles,
} from '../../server/db/schema/index.js';
import { insertDriverAppEvents } from './helpers/driver-app-events.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { accessTokenFor, addFixtureUsers, ids, paths, seedFixtures } from './helpers/fixtures.js';

let t: TestApp;
const tokens: Record<string, string> = {};

async function get<T>(url: string, who: string) {
    const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${tokens[who]}` },
    });
    return { status: response.statusCode, body: response.json<T>() };
}

const dayOf = (date: string, timeZone = 'Europe/Berlin'): HealthDay => {
    const day = healthDay(date, new Date(), timeZone);
    if (!day) throw new Error(`bad date ${date}`);
    return day;
};
const shiftDate = (date: string, days: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const PAGO = 'dep-pago';
const PAGO_PATH = depotScopePath('pacific', 'AS', 'grp-pacific', PAGO);
let now: Date;
let today: HealthDay;
let yesterday: HealthDay;
/** An instant `fraction` of the way from the start of today (Berlin) to now. */
let at: (fraction: number) => Date;
const iso = (date: Date) => date.toISOString();

let counter = 0;
function assignment(
    depotId: string,
    path: string,
    tenantId: string,
    assignmentDate: string,
    importedAt: Date,
) {
    counter += 1;
    return {
        id: `asg-${counter}`,
        tenantId,
        depotId,
        scopePath: path,
        jobId: `job-${counter}`,
        assignmentDate,
        assignmentKey: 'VEHICLE',
        assignmentValue: '0001',
        importedAt,
    };
}
function event(
    depotId: string,
    path: string,
    tenantId: string,
    type: 'SCAN' | 'STATUS_CHANGE' | 'POSITION' | 'LOGIN',
    occurredAt: Date,
    vehicleId: string | null,
) {
    counter += 1;
    return {
        eventId: `evt-${counter}`,
        tenantId,
        depotId,
        scopePath: path,
        vehicleId,
        type,
        occurredAt,
    };
}

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
    now = new Date();
    today = dayOf('today');
    yesterday = dayOf(shiftDate(today.date, -1));
    at = (fraction) =>
        new Date(
            today.from.getTime() + Math.floor((now.getTime() - today.from.getTime()) * fraction),
        );

    // An organisation of its own, so its day never mixes with the others'.
    await t.db.insert(tenants).values({
        id: 'pacific',
        name: 'Pacific Parcel',
        countryCode: 'AS',
        timeZone: 'Pacific/Pago_Pago',
    });
    await t.db
        .insert(depotGroups)
        .values({ id: 'grp-pacific', tenantId: 'pacific', name: 'Samoa' });
    await t.db.insert(depots).values({
        internalDepotId: PAGO,
        tenantId: 'pacific',
        groupId: 'grp-pacific',
        externalDepotId: '900',
        name: 'Pago Pago',
        street: 'Main Road',
        postcode: '96799',
        locality: 'Pago Pago',
        countryCode: 'AS',
        latitude: -14.27,
        longitude: -170.7,
        timeZone: 'Pacific/Pago_Pago',
        scopePath: PAGO_PATH,
    });
    await t.db.insert(subcontractors).values([
        {
            id: 'suco-hamburg',
            tenantId: ids.north,
            depotId: ids.hamburg,
            name: 'Elbe Kurier',
            code: 'EK1',
            scopePath: `${paths.hamburg}.suco-hamburg`,
        },
        {
            id: 'suco-munich',
            tenantId: ids.north,
            depotId: ids.munich,
            name: 'Isar Kurier',
            code: 'IK1',
            scopePath: `${paths.munich}.suco-munich`,
        },
    ]);
    const vehicle = (
        id: string,
        depotId: string,
        subcontractorId: string,
        scopePath: string,
        tenantId: string = ids.north,
    ) => ({ id, tenantId, depotId, subcontractorId, number: '0001', scopePath });
    await t.db
        .insert(vehicles)
        .values([
            vehicle('veh-berlin', ids.berlin, ids.sucoBerlin, paths.sucoBerlin),
            vehicle('veh-hamburg', ids.hamburg, 'suco-hamburg', `${paths.hamburg}.suco-hamburg`),
            vehicle('veh-munich', ids.munich, 'suco-munich', `${paths.munich}.suco-munich`),
            vehicle(
                'veh-milan',
                ids.milan,
                ids.sucoMilan,
                `${paths.milan}.${ids.sucoMilan}`,
                ids.north1,
            ),
        ]);
    const pagoToday = dayOf('today', 'Pacific/Pago_Pago');
    const kiritimatiToday = dayOf('today', 'Pacific/Kiritimati');
    await t.db.insert(jobAssignments).values([
        assignment(ids.berlin, paths.berlin, ids.north, today.date, at(0.25)),
        assignment(ids.berlin, paths.berlin, ids.north, today.date, at(0.5)),
        // Assignments for tomorrow and yesterday do not count today, however recent their import.
        assignment(ids.berlin, paths.berlin, ids.north, shiftDate(today.date, 1), at(0.95)),
        assignment(
            ids.berlin,
            paths.berlin,
            ids.north,
            yesterday.date,
            new Date(yesterday.to.getTime() - 3_600_000),
        ),
        assignment(ids.hamburg, paths.hamburg, ids.north, today.date, at(0.7)),
        assignment(ids.munich, paths.munich, ids.north, today.date, at(0.6)),
        assignment(ids.milan, paths.milan, ids.north1, today.date, at(0.9)),
        // The Pago Pago depot's "today" is its own calendar day (Kiritimati is always a day ahead).
        assignment(PAGO, PAGO_PATH, 'pacific', pagoToday.date, new Date(now.getTime() - 120_000)),
        assignment(
            PAGO,
            PAGO_PATH,
            'pacific',
            kiritimatiToday.date,
            new Date(now.getTime() - 60_000),
        ),
    ]);
    await insertDriverAppEvents(t.db, [
        event(ids.berlin, paths.sucoBerlin, ids.north, 'SCAN', at(0.4), 'veh-berlin'),
        event(ids.berlin, paths.sucoBerlin, ids.north, 'STATUS_CHANGE', at(0.45), 'veh-berlin'),
        // Not a scan or status change on a vehicle: never counted.
        event(ids.berlin, paths.sucoBerlin, ids.north, 'POSITION', at(0.99), 'veh-berlin'),
        event(ids.berlin, paths.sucoBerlin, ids.north, 'LOGIN', at(0.97), 'veh-berlin'),
        event(ids.berlin, paths.berlin, ids.north, 'SCAN', at(0.98), null),
        event(
            ids.berlin,
            paths.sucoBerlin,
            ids.north,
            'SCAN',
            new Date(yesterday.to.getTime() - 1_800_000),
            'veh-berlin',
        ),
        event(
            ids.hamburg,
            `${paths.hamburg}.suco-hamburg`,
            ids.north,
            'SCAN',
            at(0.3),
            'veh-hamburg',
        ),
        event(
            ids.munich,
            `${paths.munich}.suco-munich`,
            ids.north,
            'STATUS_CHANGE',
            at(0.65),
            'veh-munich',
        ),
        event(
            ids.milan,
            `${paths.milan}.${ids.sucoMilan}`,
            ids.north1,
            'SCAN',
            at(0.92),
            'veh-milan',
        ),
    ]);

    await addFixtureUsers(
        t.db,
        [
            {
                key: 'berlinHealth',
                type: 'BackofficeManager',
                email: 'berlin.health@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-health', scopePath: paths.berlin }],
            },
            {
                key: 'groupHealth',
                type: 'BackofficeManager',
                email: 'group.health@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-health', scopePath: paths.groupA }],
            },
            {
                key: 'tenantHealth',
                type: 'BackofficeManager',
                email: 'tenant.health@fixture.test',
                tenantId: ids.north,
                roles: [{ roleId: 'role-tenant-health', scopePath: ids.north }],
            },
            {
                key: 'regionBHealth',
                type: 'BackofficeManager',
                email: 'region.b.health@fixture.test',
                tenantId: ids.north,
                roles: [
                    { roleId: 'role-tenant-health', scopePath: `${ids.north}.DE.${ids.groupB}` },
                ],
            },
        ],
        [
            {
                id: 'role-health',
                name: 'Health (Depot)',
                contexts: ['DEPOT'],
                actions: ['r:health-status'],
            },
            {
                id: 'role-tenant-health',
                name: 'Health (Tenant)',
                contexts: ['TENANT'],
                actions: ['r:health-status'],
            },
        ],
    );
    for (const [key, email] of Object.entries({
        admin: 'admin@fixture.test',
        orgAdmin: 'org.admin@fixture.test',
        tenantUser: 'tenant.user@fixture.test',
        groupManager: 'group.manager@fixture.test',
        berlinHealth: 'berlin.health@fixture.test',
        groupHealth: 'group.health@fixture.test',
        tenantHealth: 'tenant.health@fixture.test',
        regionBHealth: 'region.b.health@fixture.test',
    })) {
        tokens[key] = await accessTokenFor(t.app, email, t.config.identity.clientId);
    }
});
afterAll(() => t.close());

const depotUrl = (depotId: string, date = 'today') =>
    `/api/depots/${depotId}/health-statistics/${date}`;
const tenantUrl = (tenantId: string, date = 'today') =>
    `/api/tenants/${tenantId}/health-statistics/${date}`;

describe('GET /api/depots/:internalDepotId/health-statistics/:date', () => {
    it('answers the last assignment of the day and the last scan or status change on a vehicle', async () => {
        const { status, body } = await get<HealthStatistics>(depotUrl(ids.berlin), 'berlinHealth');
        expect(status).toBe(200);
        expect(body).toEqual({ lastAssignmentAt: iso(at(0.5)), lastStatusChangeAt: iso(at(0.45)) });
    });

    it('answers the same for `today` and today’s explicit date, and the other day for yesterday', async () => {
        expect(
            (await get<HealthStatistics>(depotUrl(ids.berlin, today.date), 'berlinHealth')).body,
        ).toEqual({ lastAssignmentAt: iso(at(0.5)), lastStatusChangeAt: iso(at(0.45)) });
        expect(
            (await get<HealthStatistics>(depotUrl(ids.berlin, yesterday.date), 'berlinHealth'))
                .body,
        ).toEqual({
            lastAssignmentAt: iso(new Date(yesterday.to.getTime() - 3_600_000)),
            lastStatusChangeAt: iso(new Date(yesterday.to.getTime() - 1_800_000)),
        });
        expect(
            (await get<HealthStatistics>(depotUrl(ids.berlin, '2020-01-01'), 'berlinHealth')).body,
        ).toEqual({ lastAssignmentAt: null, lastStatusChangeAt: null });
    });

    it('takes `today` in the depot’s own time zone', async () => {
        const { body } = await get<HealthStatistics>(depotUrl(PAGO), 'admin');
        expect(body).toEqual({
            lastAssignmentAt: iso(new Date(now.getTime() - 120_000)),
            lastStatusChangeAt: null,
        });
        // The organisation's `today` is taken in its zone too.
        expect((await get<HealthStatistics>(tenantUrl('pacific'), 'admin')).body).toEqual({
            lastAssignmentAt: iso(new Date(now.getTime() - 120_000)),
            lastStatusChangeAt: null,
        });
    });

    it('answers each depot where the caller holds r:health-status', async () => {
        for (const [who, depotId, expected] of [
            [
                'groupHealth',
                ids.hamburg,
                { lastAssignmentAt: iso(at(0.7)), lastStatusChangeAt: iso(at(0.3)) },
            ],
            [
                'groupHealth',
                ids.berlin,
                { lastAssignmentAt: iso(at(0.5)), lastStatusChangeAt: iso(at(0.45)) },
            ],
            [
                'orgAdmin',
                ids.munich,
                { lastAssignmentAt: iso(at(0.6)), lastStatusChangeAt: iso(at(0.65)) },
            ],
            [
                'admin',
                ids.milan,
                { lastAssignmentAt: iso(at(0.9)), lastStatusChangeAt: iso(at(0.92)) },
            ],
        ] as const) {
            const { status, body } = await get<HealthStatistics>(depotUrl(depotId), who);
            expect({ who, depotId, status, body }).toEqual({
                who,
                depotId,
                status: 200,
                body: expected,
            });
        }
    });

    it('answers a depot outside the caller’s grant exactly like an unknown one (404)', async () => {
        for (const [who, depotId] of [
            ['berlinHealth', ids.hamburg],
            ['berlinHealth', ids.milan],
            ['berlinHealth', `${ids.berlin}1`],
            ['berlinHealth', 'nope'],
            ['groupHealth', ids.munich],
            ['orgAdmin', ids.milan],
            ['admin', 'nope'],
        ] as const) {
            const { status, body } = await get<{ code: string; message: string }>(
                depotUrl(depotId),
                who,
            );
            expect({ who, status, code: body.code, message: body.message }).toEqual({
                who,
                status: 404,
                code: 'NOT_FOUND',
                message: `Depot ${depotId} was not found.`,
            });
        }
    });

    it('refuses callers without r:health-status with the domain’s 403', async () => {
        const noFeature = await get<{ code: string }>(depotUrl(ids.berlin), 'groupManager');
        expect({ status: noFeature.status, code: noFeature.body.code }).toEqual({
            status: 403,
            code: 'NO_PERMISSION',
        });
        // No depot context at all (tenant users, also with the feature in the tenant context).
        for (const who of ['tenantUser', 'tenantHealth']) {
            const { status, body } = await get<{ code: string }>(depotUrl(ids.berlin), who);
            expect({ who, status, code: body.code }).toEqual({
                who,
                status: 403,
                code: 'NO_DC_PERMISSION',
            });
        }
    });

    it('refuses a date that is not YYYY-MM-DD, not `today` or does not exist with 400 naming /params/date', async () => {
        for (const date of ['2026-02-30', '2026-13-01', 'tomorrow', '20260101', '2026-1-1']) {
            const { status, body } = await get<{ code: string; details: { field: string }[] }>(
                depotUrl(ids.berlin, date),
                'berlinHealth',
            );
            expect({ date, status, code: body.code, field: body.details[0]?.field }).toEqual({
                date,
                status: 400,
                code: 'BAD_REQUEST',
                field: '/params/date',
            });
        }
    });
});

describe('GET /api/tenants/:tenantId/health-statistics/:date', () => {
    it('answers the newest times over the organisation’s depots where the caller holds the feature', async () => {
        for (const who of ['tenantHealth', 'orgAdmin', 'admin']) {
            const { status, body } = await get<HealthStatistics>(tenantUrl(ids.north), who);
            expect({ who, status, body }).toEqual({
                who,
                status: 200,
                body: { lastAssignmentAt: iso(at(0.7)), lastStatusChangeAt: iso(at(0.65)) },
            });
        }
        // A grant on one region counts that region's depots only.
        expect((await get<HealthStatistics>(tenantUrl(ids.north), 'regionBHealth')).body).toEqual({
            lastAssignmentAt: iso(at(0.6)),
            lastStatusChangeAt: iso(at(0.65)),
        });
        expect((await get<HealthStatistics>(tenantUrl(ids.north1), 'admin')).body).toEqual({
            lastAssignmentAt: iso(at(0.9)),
            lastStatusChangeAt: iso(at(0.92)),
        });
        expect(
            (await get<HealthStatistics>(tenantUrl(ids.north, yesterday.date), 'tenantHealth'))
                .body,
        ).toEqual({
            lastAssignmentAt: iso(new Date(yesterday.to.getTime() - 3_600_000)),
            lastStatusChangeAt: iso(new Date(yesterday.to.getTime() - 1_800_000)),
        });
    });

    it('refuses another organisation like an unknown one, and callers without the feature in the tenant context', async () => {
        for (const [who, tenantId, code] of [
            ['tenantHealth', ids.north1, 'CHANGE_SCOPE'],
            ['tenantHealth', 'nope', 'CHANGE_SCOPE'],
            ['tenantUser', ids.north, 'NO_PERMISSION'],
            ['berlinHealth', ids.north, 'NO_PERMISSION'],
        ] as const) {
            const { status, body } = await get<{ code: string }>(tenantUrl(tenantId), who);
            expect({ who, tenantId, status, code: body.code }).toEqual({
                who,
                tenantId,
                status: 403,
                code,
            });
        }
        const unknown = await get<{ code: string }>(tenantUrl('nope'), 'admin');
        expect({ status: unknown.status, code: unknown.body.code }).toEqual({
            status: 404,
            code: 'NOT_FOUND',
        });
        const bad = await get<{ details: { field: string }[] }>(
            tenantUrl(ids.north, '2026-02-29'),
            'tenantHealth',
        );
        expect({ status: bad.status, field: bad.body.details[0]?.field }).toEqual({
            status: 400,
            field: '/params/date',
        });
    });
});
