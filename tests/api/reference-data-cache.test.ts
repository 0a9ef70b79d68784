import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Organisation } from '../../domain/contracts/organisations.js';
import type { UserProfile } from '../../domain/contracts/profile.js';
import type { ScopeNode } from '../../domain/contracts/scopes.js';
import { REFERENCE_TABLES } from '../../server/db/reference-data.js';
import { depotGroups, tenants } from '../../server/db/schema/index.js';
import { accessTokenFor, ids, seedFixtures } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Each server keeps a copy of the master data (organisations, regions, depots, subcontractors:
 * server/db/reference-data.ts) for scope names, the scope tree and the organisation list. A
 * change must show on the next read: at once after this server's own write, and as soon as the
 * database's notification arrives after a write by anyone else.
 */
let t: TestApp;
const tokens: Record<string, string> = {};

async function get<T>(who: string, url: string): Promise<T> {
    const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${tokens[who]}` },
    });
    expect(response.statusCode, url).toBe(200);
    return response.json<T>();
}

const scopeNameOfGroupManager = async () =>
    (await get<UserProfile>('groupManager', '/api/users/me')).permissions[0]?.scopeDetails.name;

function findNode(node: ScopeNode, id: string): ScopeNode | undefined {
    if (node.id === id) return node;
    for (const next of node.children) {
        const found = findNode(next, id);
        if (found) return found;
    }
    return undefined;
}

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
    tokens.admin = await accessTokenFor(t.app, 'admin@fixture.test', t.config.identity.clientId);
    tokens.groupManager = await accessTokenFor(
        t.app,
        'group.manager@fixture.test',
        t.config.identity.clientId,
    );
});
afterAll(() => t.close());

describe('the master data copy behind scope names, the scope tree and organisations', () => {
    it('shows a region renamed by this server on the very next request', async () => {
        expect(await scopeNameOfGroupManager()).toBe('Region A');
        const before = await get<Organisation>('admin', `/tenant-admin/v1/tenants/${ids.north}`);
        const response = await t.app.inject({
            method: 'PUT',
            url: `/tenant-admin/v1/tenants/${ids.north}`,
            headers: { authorization: `Bearer ${tokens.admin}` },
            payload: {
                name: before.name,
                countryCode: before.countryCode,
                timeZone: before.timeZone,
                businessHours: before.businessHours,
                regions: before.regions.map(({ id, name }) => ({
                    id,
                    name: id === ids.groupA ? 'Region Alpha' : name,
                })),
                version: before.version,
            },
        });
        expect(response.statusCode).toBe(200);
        // No waiting: this server's own write drops its copy before the write answers.
        expect(await scopeNameOfGroupManager()).toBe('Region Alpha');
        const tree = await get<ScopeNode>('admin', '/api/scopes?level=3');
        expect(findNode(tree, ids.groupA)?.name).toBe('Region Alpha');
    });

    it('shows names, regions and depot counts changed by another writer once notified', async () => {
        // Loaded now, so the copy is warm before the write below.
        expect(await scopeNameOfGroupManager()).toBe('Region Alpha');
        const organisation = await get<Organisation>(
            'admin',
            `/tenant-admin/v1/tenants/${ids.north}`,
        );
        const depotsBefore = organisation.depotCount;
        expect(depotsBefore).toBeGreaterThan(0);
        // A write outside this server's requests: only the trigger's NOTIFY tells it.
        await t.db
            .update(depotGroups)
            .set({ name: 'Region A' })
            .where(eq(depotGroups.id, ids.groupA));
        await t.db
            .update(tenants)
            .set({ name: 'North Parcel Renamed' })
            .where(eq(tenants.id, ids.north));
        await vi.waitFor(async () => expect(await scopeNameOfGroupManager()).toBe('Region A'), {
            timeout: 3_000,
            interval: 20,
        });
        const tree = await get<ScopeNode>('admin', '/api/scopes?level=1');
        expect(findNode(tree, ids.north)?.name).toBe('North Parcel Renamed');
        const profile = await get<UserProfile>('admin', '/api/users/me');
        expect(profile.tenants.find((tenant) => tenant.id === ids.north)?.name).toBe(
            'North Parcel Renamed',
        );
        const after = await get<Organisation>('admin', `/tenant-admin/v1/tenants/${ids.north}`);
        expect(after.regions.find((region) => region.id === ids.groupA)?.name).toBe('Region A');
        expect(after.depotCount).toBe(depotsBefore);
    });

    it('is told of every kind of write to each of its tables', async () => {
        const result = await t.db.execute(sql`
            select c.relname as "table", t.tgtype as "type"
            from pg_trigger t join pg_class c on c.oid = t.tgrelid
            join pg_proc p on p.oid = t.tgfoid
            where p.proname = 'notify_reference_changed' and not t.tgisinternal`);
        const rows = (result as unknown as { rows: { table: string; type: number }[] }).rows;
        // tgtype bits: 4 insert, 8 delete, 16 update, 32 truncate; bit 1 clear is per statement.
        const kinds = new Map(rows.map((row) => [row.table, row.type]));
        for (const table of REFERENCE_TABLES) {
            const type = kinds.get(table);
            expect(type, table).toBeDefined();
            expect((type ?? 0) & 1, `${table}: per statement`).toBe(0);
            expect((type ?? 0) & (4 | 8 | 16 | 32), `${table}: every write`).toBe(4 | 8 | 16 | 32);
        }
    });
});
