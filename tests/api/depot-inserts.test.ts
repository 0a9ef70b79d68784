import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Organisation } from '../../domain/contracts/organisations.js';
import { depots } from '../../server/db/schema/index.js';
import type { DepotValues } from '../../server/services/configuration/depot-values.js';
import {
    insertDepots,
    pgliteHandleOf,
} from '../../server/services/configuration/depots-repository.js';
import { loadTenantDepotContext } from '../../server/services/configuration/tenant-depot-context.js';
import { accessTokenFor, ids, seedFixtures } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The set-based depot writes of an upload (issue 13 point 24): the insert (a COPY on PGlite, one
 * JSON statement on PostgreSQL) and the lookups of the stored ids and mappings a file uses.
 */
let t: TestApp;
let adminToken: string;

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
    adminToken = await accessTokenFor(t.app, 'admin@fixture.test', t.config.identity.clientId);
});
afterAll(() => t?.close());

const depot = (id: string, values: Partial<DepotValues> = {}): DepotValues => ({
    internalDepotId: id,
    tenantId: 'north',
    groupId: 'grp-a',
    externalDepotId: id.toUpperCase(),
    name: `Depot ${id}`,
    street: 'Hafenstraße',
    houseNo: '1',
    postcode: '20095',
    locality: 'Hamburg',
    countryCode: 'DE',
    latitude: 53.5,
    longitude: 10,
    timeZone: 'Europe/Berlin',
    deviceMappings: [],
    manualJobUploadEnabled: false,
    scopePath: `north.DE.grp-a.${id}`,
    ...values,
});

const insert = (rows: DepotValues[]) => t.db.transaction((tx) => insertDepots(tx, rows));

const stored = (internalIds: string[]) =>
    t.db
        .select()
        .from(depots)
        .where(inArray(depots.internalDepotId, internalIds))
        .orderBy(depots.internalDepotId);

describe('insertDepots', () => {
    it('stores every value as given, whatever characters its texts hold', async () => {
        await insert([
            depot('ins-a', {
                name: 'Tab\there, line\nbreak, return\r, back\\slash, \\N, \\., "quoted", a,b',
                street: 'Straße 北京 😀',
                houseNo: null,
                latitude: -0.000001,
                longitude: 179.999999999,
                deviceMappings: [
                    { service: 'mdm', id: 'A-1' },
                    { service: 'mdm', id: 'A.2_x' },
                ],
                manualJobUploadEnabled: true,
            }),
            depot('ins-b', { name: '\\N', street: '\\', houseNo: '' }),
        ]);
        const rows = await stored(['ins-a', 'ins-b']);
        expect(rows).toEqual([
            expect.objectContaining({
                internalDepotId: 'ins-a',
                tenantId: 'north',
                groupId: 'grp-a',
                externalDepotId: 'INS-A',
                name: 'Tab\there, line\nbreak, return\r, back\\slash, \\N, \\., "quoted", a,b',
                street: 'Straße 北京 😀',
                houseNo: null,
                postcode: '20095',
                locality: 'Hamburg',
                countryCode: 'DE',
                latitude: -0.000001,
                longitude: 179.999999999,
                timeZone: 'Europe/Berlin',
                deviceMappings: [
                    { service: 'mdm', id: 'A-1' },
                    { service: 'mdm', id: 'A.2_x' },
                ],
                manualJobUploadEnabled: true,
                scopePath: 'north.DE.grp-a.ins-a',
                version: 1,
            }),
            expect.objectContaining({
                internalDepotId: 'ins-b',
                name: '\\N',
                street: '\\',
                houseNo: '',
                deviceMappings: [],
                manualJobUploadEnabled: false,
            }),
        ]);
    });

    it("tells every server's master-data copy, like any other write", async () => {
        const depotCount = async () => {
            const response = await t.app.inject({
                method: 'GET',
                url: `/tenant-admin/v1/tenants/${ids.north}`,
                headers: { authorization: `Bearer ${adminToken}` },
            });
            return response.json<Organisation>().depotCount;
        };
        const before = await depotCount();
        // Outside any request: only the database's notification can tell the copy.
        await insert([depot('ins-c'), depot('ins-d')]);
        await vi.waitFor(async () => expect(await depotCount()).toBe(before + 2), {
            timeout: 3_000,
            interval: 20,
        });
    });
});

describe('loadTenantDepotContext for the ids and mappings of a file', () => {
    it('knows which stored depots of the organisation hold them, and only those', async () => {
        await insert([
            depot('ctx-a', {
                externalDepotId: 'CTX-1',
                deviceMappings: [{ service: 'mdm', id: 'M1' }],
            }),
            depot('ctx-b', {
                externalDepotId: 'CTX-2',
                deviceMappings: [
                    { service: 'mdm', id: 'M2' },
                    { service: 'mdm', id: 'M3' },
                ],
            }),
            depot('ctx-it', {
                tenantId: 'north1',
                groupId: 'grp-c',
                countryCode: 'IT',
                externalDepotId: 'CTX-3',
                deviceMappings: [{ service: 'mdm', id: 'M4' }],
                scopePath: 'north1.IT.grp-c.ctx-it',
            }),
        ]);
        const context = await loadTenantDepotContext(t.db, 'north', {
            externalDepotIds: ['CTX-1', 'CTX-3', 'ctx-1', 'NONE'],
            mappings: [
                { service: 'mdm', id: 'M3' },
                { service: 'mdm', id: 'M4' },
                { service: 'MDM', id: 'M1' },
                { service: 'mdm', id: 'm1' },
            ],
        });
        expect(context?.externalIds).toEqual(new Map([['CTX-1', 'ctx-a']]));
        expect(context?.mappings).toEqual(new Map([['mdm:M3', 'ctx-b']]));
        expect(context?.groupIds).toEqual(new Set(['grp-a', 'grp-b']));
        expect(
            await loadTenantDepotContext(t.db, 'no-such-organisation', {
                externalDepotIds: ['CTX-1'],
                mappings: [],
            }),
        ).toBeUndefined();
    });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the COPY path on PGlite', () => {
    it("reaches the transaction's PGlite handle (a drizzle upgrade would otherwise fall back to the slower insert unnoticed)", async () => {
        expect(pgliteHandleOf(t.db)).toBeDefined();
        await t.db.transaction(async (tx) => {
            expect(pgliteHandleOf(tx)).toBeDefined();
        });
    });
});
