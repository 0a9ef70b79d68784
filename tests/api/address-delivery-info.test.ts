import { and, count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AddressDeliveryInfo } from '../../domain/contracts/address-delivery-info.js';
import {
    addressDeliveryInfos,
    auditLog,
    depots,
    permissionAssignments,
    roles,
    users,
} from '../../server/db/schema/index.js';
import { findAddressDeliveryInfo } from '../../server/services/tour-commander/address-delivery-info-repository.js';
import { createDemoApp, type DemoApp } from './helpers/demo-app.js';
import { accessTokenFor, addFixtureUsers, FIXTURE_PASSWORD } from './helpers/fixtures.js';

/**
 * Address delivery information of a depot (docs/address-delivery-information.md): the CSV upload
 * (all rows or none, every bad row listed with row, column and reason), re-uploads replacing
 * entries of the same address, the list, delete, and who may do what where.
 */

interface ErrorBody {
    code: string;
    message: string;
    details: {
        field?: string;
        message: string;
        rule?: string;
        params?: Record<string, string | number>;
    }[];
}

const BASE = '/tour-commander/v1/address-delivery-infos';
const HEADER =
    'street,houseNumber,zipCode,locality,country,latitude,longitude,coordinateType,deliveryNote,accessCode,safePlace,openingHours';

let demo: DemoApp;
/** A depot manager (Standard Access (Depot)): r:tour and r:address-location-correction at one depot. */
let manager: { token: string; path: string; tenantId: string };
/** ECL Access (Depot): r:tour without r:address-location-correction. */
let reader: { token: string; path: string };
/** Another depot of the manager's organisation, and a depot of another organisation. */
let sibling: string;
let foreign: string;

/** The token of the demo login of `role` and the path of its depot-context assignment of that role. */
async function loginAt(role: string) {
    const login = demo.logins.find((candidate) => candidate.role === role);
    if (!login) throw new Error(`no demo login for ${role}`);
    const [row] = await demo.db
        .select({ path: permissionAssignments.scopePath, tenantId: users.tenantId })
        .from(permissionAssignments)
        .innerJoin(users, eq(users.id, permissionAssignments.userId))
        .innerJoin(roles, eq(roles.id, permissionAssignments.roleId))
        .where(and(eq(users.email, login.email), eq(roles.name, role)))
        .limit(1);
    if (!row) throw new Error(`no assignment of ${role}`);
    return { token: await demo.signIn(login.email), path: row.path, tenantId: row.tenantId ?? '' };
}

beforeAll(async () => {
    demo = await createDemoApp();
    manager = await loginAt('Standard Access (Depot)');
    reader = await loginAt('ECL Access (Depot)');
    const depotOf = async (condition: ReturnType<typeof and>) =>
        (await demo.db.select({ path: depots.scopePath }).from(depots).where(condition).limit(1))[0]
            ?.path ?? '';
    sibling = await depotOf(
        and(eq(depots.tenantId, manager.tenantId), ne(depots.scopePath, manager.path)),
    );
    foreign = await depotOf(ne(depots.tenantId, manager.tenantId));
}, 120_000);
afterAll(() => demo?.close());
beforeEach(async () => {
    await demo.db.delete(addressDeliveryInfos);
});

const csv = (...rows: string[]) => `${HEADER}\r\n${rows.join('\r\n')}\r\n`;
async function upload(text: string, path = manager.path, token = manager.token) {
    const response = await demo.app.inject({
        method: 'POST',
        url: `${BASE}/upload?path=${path}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        payload: text,
    });
    return {
        status: response.statusCode,
        body: response.json<{ created?: number; updated?: number } & ErrorBody>(),
    };
}
const list = (query: string, token = manager.token) =>
    demo.get<AddressDeliveryInfo[] & Partial<ErrorBody>>(`${BASE}?${query}`, token);
async function remove(id: string, path = manager.path, token = manager.token) {
    const response = await demo.app.inject({
        method: 'DELETE',
        url: `${BASE}/${id}?path=${path}`,
        headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.statusCode, body: response.json<AddressDeliveryInfo & ErrorBody>() };
}
const stored = async () =>
    (await demo.db.select({ total: count() }).from(addressDeliveryInfos))[0]?.total ?? 0;

describe('POST /tour-commander/v1/address-delivery-infos/upload', () => {
    it('imports a valid file (quoted cells, line breaks in a note, optional cells empty) into the depot', async () => {
        const response = await upload(
            csv(
                'Hauptstraße,5,20095,Hamburg,DE,53.5511,9.9937,ROOFTOP,"Rear door, ring twice",4711,,Mo-Fr 8-17',
                'Am Kai,,20457,,DE,,,,"Parcel box\nbehind the gate",,Garage,',
            ),
        );
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        expect(response.body).toEqual({ created: 2, updated: 0 });
        const rows = await demo.db
            .select()
            .from(addressDeliveryInfos)
            .orderBy(addressDeliveryInfos.street);
        const depotId = manager.path.split('.').at(-1);
        expect(rows.map((row) => ({ ...row, id: '', createdAt: null, updatedAt: null }))).toEqual([
            {
                id: '',
                tenantId: manager.tenantId,
                depotId,
                scopePath: manager.path,
                addressKey: 'DE|20457|amkai|',
                street: 'Am Kai',
                houseNo: null,
                postcode: '20457',
                locality: null,
                countryCode: 'DE',
                latitude: null,
                longitude: null,
                coordinateType: null,
                deliveryNote: 'Parcel box\nbehind the gate',
                accessCode: null,
                safePlace: 'Garage',
                openingHours: null,
                createdBy: rows[0]?.createdBy,
                updatedBy: rows[0]?.createdBy,
                createdAt: null,
                updatedAt: null,
            },
            {
                id: '',
                tenantId: manager.tenantId,
                depotId,
                scopePath: manager.path,
                addressKey: 'DE|20095|hauptstrasse|5',
                street: 'Hauptstraße',
                houseNo: '5',
                postcode: '20095',
                locality: 'Hamburg',
                countryCode: 'DE',
                latitude: 53.5511,
                longitude: 9.9937,
                coordinateType: 'ROOFTOP',
                deliveryNote: 'Rear door, ring twice',
                accessCode: '4711',
                safePlace: null,
                openingHours: 'Mo-Fr 8-17',
                createdBy: rows[0]?.createdBy,
                updatedBy: rows[0]?.createdBy,
                createdAt: null,
                updatedAt: null,
            },
        ]);
        expect(rows[0]?.createdBy).toEqual(expect.any(String));
        const audit = await demo.db
            .select()
            .from(auditLog)
            .where(eq(auditLog.action, 'address-delivery-infos-uploaded'));
        expect(audit.at(-1)?.changes).toEqual({ depotId, created: 2, updated: 0 });
    });

    it('replaces the entry of an address written differently on a re-upload, and keeps the others', async () => {
        await upload(
            csv(
                'Hauptstraße,5,20095,Hamburg,DE,53.5511,9.9937,ROOFTOP,Rear door,4711,,',
                'Am Kai,1,20457,Hamburg,DE,,,,Front desk,,,',
            ),
        );
        const [before] = await demo.db
            .select()
            .from(addressDeliveryInfos)
            .where(eq(addressDeliveryInfos.street, 'Hauptstraße'));
        const response = await upload(
            csv(
                'Hauptstr.,5,20095,Hamburg,DE,,,,Side door,,,',
                'Neuer Weg,2,20095,Hamburg,DE,,,,Leave at neighbour,,,',
            ),
        );
        expect(response.body).toEqual({ created: 1, updated: 1 });
        const rows = await demo.db
            .select()
            .from(addressDeliveryInfos)
            .orderBy(addressDeliveryInfos.street);
        expect(
            rows.map((row) => [row.street, row.deliveryNote, row.accessCode, row.latitude]),
        ).toEqual([
            ['Am Kai', 'Front desk', null, null],
            // The row replaces the whole entry: empty cells clear what the earlier file gave.
            ['Hauptstr.', 'Side door', null, null],
            ['Neuer Weg', 'Leave at neighbour', null, null],
        ]);
        const replaced = rows.find((row) => row.street === 'Hauptstr.');
        expect(replaced?.id).toBe(before?.id);
        expect(replaced?.createdAt).toEqual(before?.createdAt);
        expect(replaced?.updatedAt.getTime()).toBeGreaterThanOrEqual(
            before?.updatedAt.getTime() ?? 0,
        );
    });

    it('lists every bad row with its row number, column and reason, and writes nothing', async () => {
        await upload(csv('Am Kai,1,20457,Hamburg,DE,,,,Front desk,,,'));
        const response = await upload(
            csv(
                'Hauptstraße,5,20095,Hamburg,DE,53.5,9.9,ROOFTOP,Fine,,,',
                ',5,20095,Hamburg,de,91,9.9,ROOFTOP,Note,,,',
                'Weg,1,20095,Hamburg,DE,,,,,,,',
                'Hauptstr.,5,20095,Hamburg,DE,,,,Again,,,',
                'Kurz,1,20095',
                `Lang,1,20095,Hamburg,DE,,,,${'x'.repeat(201)},,,`,
            ),
        );
        expect(response.status).toBe(400);
        expect(response.body.code).toBe('ADDRESS_INFO_UPLOAD_INVALID');
        expect(response.body.message).toBe(
            '5 row(s) of the file are invalid; nothing was imported.',
        );
        expect(
            response.body.details.map((detail) => [
                detail.field,
                detail.params?.column ?? null,
                detail.rule,
            ]),
        ).toEqual([
            ['row 3', 'street', 'required'],
            ['row 3', 'country', 'countryCode'],
            ['row 3', 'latitude', 'latitudeRange'],
            ['row 4', 'deliveryNote', 'noInformation'],
            ['row 5', 'street', 'duplicateInFile'],
            ['row 6', null, 'csvCells'],
            ['row 7', 'deliveryNote', 'tooLong'],
        ]);
        expect(response.body.details[4]).toEqual({
            field: 'row 5',
            message: 'street repeats the address of row 2',
            rule: 'duplicateInFile',
            params: { column: 'street', first: 2 },
        });
        expect(response.body.details[0]?.message).toBe('street is required');
        // Nothing of the file was written; the earlier entry is untouched.
        const rows = await demo.db.select().from(addressDeliveryInfos);
        expect(rows.map((row) => row.street)).toEqual(['Am Kai']);
    });

    it('refuses a file without the header, without rows, or over the row limit', async () => {
        const wrongHeader = await upload('street,zipCode\nA,1\n');
        expect(wrongHeader.status).toBe(400);
        expect(wrongHeader.body.details).toEqual([
            {
                field: 'row 1',
                message: `The header row must be exactly: ${HEADER}`,
                rule: 'csvHeader',
                params: { columns: HEADER },
            },
        ]);
        const empty = await upload(`${HEADER}\n\n`);
        expect([empty.status, empty.body.details[0]?.rule]).toEqual([400, 'csvEmpty']);
        const rows = Array.from({ length: 10_001 }, (_, index) => `Weg,${index},1,,DE,,,,n,,,`);
        const tooMany = await upload(csv(...rows));
        expect([tooMany.status, tooMany.body.details]).toEqual([
            400,
            [
                {
                    field: 'row 10002',
                    message: 'The file holds 10001 rows; at most 10000 can be uploaded at once.',
                    rule: 'csvTooManyRows',
                    params: { rows: 10_001, max: 10_000 },
                },
            ],
        ]);
        expect(await stored()).toBe(0);
    });

    it('refuses a file over 8 MiB by its declared length, with a named code', async () => {
        const big = csv(
            ...Array.from({ length: 45_000 }, () => `${'x'.repeat(190)},1,1,,DE,,,,n,,,`),
        );
        expect(Buffer.byteLength(big)).toBeGreaterThan(8 * 1024 * 1024);
        const response = await upload(big);
        expect([response.status, response.body.code]).toEqual([413, 'ADDRESS_INFO_FILE_TOO_LARGE']);
        expect(await stored()).toBe(0);
    });

    it('needs r:address-location-correction at the depot: 403 for a reader, nothing written', async () => {
        const response = await upload(csv('Weg,1,1,,DE,,,,n,,,'), reader.path, reader.token);
        expect([response.status, response.body.code]).toEqual([403, 'NO_PERMISSION']);
        expect(await stored()).toBe(0);
    });

    it('also needs r:tour: r:address-location-correction alone is refused, nothing written', async () => {
        await addFixtureUsers(
            demo.db,
            [
                {
                    key: 'places-only',
                    type: 'BackofficeManager',
                    email: 'places-only@example.com',
                    tenantId: manager.tenantId,
                    roles: [{ roleId: 'role-places-only', scopePath: manager.path }],
                },
            ],
            [
                {
                    id: 'role-places-only',
                    name: 'Places only',
                    contexts: ['DEPOT'],
                    actions: ['r:address-location-correction'],
                },
            ],
        );
        const token = await accessTokenFor(
            demo.app,
            'places-only@example.com',
            demo.config.identity.clientId,
            FIXTURE_PASSWORD,
        );
        const response = await upload(csv('Weg,1,1,,DE,,,,n,,,'), manager.path, token);
        expect([response.status, response.body.code]).toEqual([403, 'NO_PERMISSION']);
        expect(await stored()).toBe(0);
        await upload(csv('Weg,1,1,,DE,,,,n,,,'));
        const [row] = await demo.db.select().from(addressDeliveryInfos);
        expect((await remove(row?.id ?? '', manager.path, token)).status).toBe(403);
        expect(await stored()).toBe(1);
    });

    it("refuses another depot's path (same organisation, another organisation, an unknown depot)", async () => {
        const unknown = `${manager.path.split('.').slice(0, 3).join('.')}.nodepot`;
        for (const path of [sibling, foreign, unknown, `${manager.path}x`]) {
            const response = await upload(csv('Weg,1,1,,DE,,,,n,,,'), path);
            expect(response.status, path).toBe(403);
            expect(response.body.code, path).toMatch(/^(NO_DATA_PERMISSION|CHANGE_SCOPE)$/);
        }
        // A region path is no depot path.
        const region = await upload(
            csv('Weg,1,1,,DE,,,,n,,,'),
            manager.path.split('.').slice(0, 3).join('.'),
        );
        expect(region.status).toBe(400);
        expect(await stored()).toBe(0);
    });
});

describe('GET /tour-commander/v1/address-delivery-infos', () => {
    beforeEach(async () => {
        await upload(
            csv(
                'Cedernweg,3,20001,Hamburg,DE,,,,Gate code at the post,,,',
                'Ahornweg,1,20003,Altona,DE,,,,Back yard,,,',
                'Birkenweg,2,20002,Hamburg,DE,53.5,9.9,HANDOVER,,,,',
            ),
        );
    });

    it("lists the depot's entries sorted, paginated with Content-Range, searched by q", async () => {
        const all = await list(`path=${manager.path}`);
        expect(all.status).toBe(200);
        expect(all.body.map((entry) => entry.street)).toEqual([
            'Ahornweg',
            'Birkenweg',
            'Cedernweg',
        ]);
        expect(all.headers['content-range']).toBe('address-delivery-infos 0-2/3');
        expect(all.body[1]).toMatchObject({
            houseNo: '2',
            postcode: '20002',
            latitude: 53.5,
            coordinateType: 'HANDOVER',
            deliveryNote: null,
        });
        const page = await list(
            `path=${manager.path}&sort=${encodeURIComponent('["postcode","DESC"]')}&range=${encodeURIComponent('[1,1]')}`,
        );
        expect(page.body.map((entry) => entry.postcode)).toEqual(['20002']);
        expect(page.headers['content-range']).toBe('address-delivery-infos 1-1/3');
        const search = await list(
            `path=${manager.path}&filter=${encodeURIComponent('{"q":"altona"}')}`,
        );
        expect(search.body.map((entry) => entry.street)).toEqual(['Ahornweg']);
        const note = await list(
            `path=${manager.path}&filter=${encodeURIComponent('{"q":"gate"}')}`,
        );
        expect(note.body.map((entry) => entry.street)).toEqual(['Cedernweg']);
    });

    it('is open to r:tour at the depot: a reader sees the entries of their own depot only', async () => {
        expect(reader.path).not.toBe(manager.path);
        await demo.db.insert(addressDeliveryInfos).values({
            id: 'readerentry00001',
            tenantId: reader.path.split('.')[0] ?? '',
            depotId: reader.path.split('.').at(-1) ?? '',
            scopePath: reader.path,
            addressKey: 'DE|1|weg|1',
            street: 'Weg',
            houseNo: '1',
            postcode: '1',
            countryCode: 'DE',
            deliveryNote: 'n',
        });
        const own = await list(`path=${reader.path}`, reader.token);
        expect([own.status, own.body.map((entry) => entry.id)]).toEqual([
            200,
            ['readerentry00001'],
        ]);
        const other = await list(`path=${manager.path}`, reader.token);
        expect(other.status).toBe(403);
    });

    it("refuses another depot's path and a bad sort field", async () => {
        for (const path of [sibling, foreign]) {
            const response = await list(`path=${path}`);
            expect(response.status, path).toBe(403);
        }
        const badSort = await list(
            `path=${manager.path}&sort=${encodeURIComponent('["accessCode","ASC"]')}`,
        );
        expect(badSort.status).toBe(400);
        expect((await list('')).status).toBe(400);
    });
});

describe('DELETE /tour-commander/v1/address-delivery-infos/:id', () => {
    it('deletes one entry of the depot and answers it; unknown and other depots answer 404 or 403', async () => {
        await upload(csv('Weg,1,1,,DE,,,,n,,,', 'Weg,2,1,,DE,,,,m,,,'));
        const first = (await list(`path=${manager.path}`)).body.find(
            (entry) => entry.houseNo === '1',
        );
        if (!first) throw new Error('nothing listed');
        expect((await remove(first.id, manager.path, reader.token)).status).toBe(403);
        expect((await remove(first.id, sibling)).status).toBe(403);
        const removed = await remove(first.id);
        expect(removed.status).toBe(200);
        expect(removed.body).toMatchObject({ id: first.id, street: 'Weg', houseNo: '1' });
        expect((await list(`path=${manager.path}`)).body.map((entry) => entry.houseNo)).toEqual([
            '2',
        ]);
        const again = await remove(first.id);
        expect([again.status, again.body.code]).toEqual([404, 'NOT_FOUND']);
        const audit = await demo.db
            .select()
            .from(auditLog)
            .where(eq(auditLog.action, 'address-delivery-info-deleted'));
        expect(audit.map((entry) => entry.entityId)).toEqual([first.id]);
    });

    it('does not delete an entry of another depot named through the own depot path', async () => {
        const [other] = await demo.db
            .insert(addressDeliveryInfos)
            .values({
                id: 'foreignentry0001',
                tenantId: foreign.split('.')[0] ?? '',
                depotId: foreign.split('.').at(-1) ?? '',
                scopePath: foreign,
                addressKey: 'DE|1|weg|1',
                street: 'Weg',
                houseNo: '1',
                postcode: '1',
                countryCode: 'DE',
                deliveryNote: 'n',
            })
            .returning();
        const response = await remove(other?.id ?? '');
        expect(response.status).toBe(404);
        expect(await stored()).toBe(1);
    });
});

describe('findAddressDeliveryInfo', () => {
    it("answers a depot's entries for the addresses asked, keyed by the normalised address", async () => {
        await upload(
            csv(
                'Hauptstraße,5,20095,Hamburg,DE,53.55,9.99,ROOFTOP,Rear door,,,',
                'Am Kai,,20457,,DE,,,,Front desk,,,',
            ),
        );
        const depotId = manager.path.split('.').at(-1) ?? '';
        const found = await findAddressDeliveryInfo(demo.db, depotId, [
            { street: 'Hauptstr.', houseNo: '5', postcode: '20095', countryCode: 'DE' },
            { street: 'AM KAI', houseNo: null, postcode: '20457', countryCode: 'de' },
            { street: 'Hauptstraße', houseNo: '7', postcode: '20095', countryCode: 'DE' },
        ]);
        expect([...found.keys()].sort()).toEqual(['DE|20095|hauptstrasse|5', 'DE|20457|amkai|']);
        expect(found.get('DE|20095|hauptstrasse|5')).toMatchObject({
            deliveryNote: 'Rear door',
            latitude: 53.55,
            coordinateType: 'ROOFTOP',
        });
        const elsewhere = await findAddressDeliveryInfo(demo.db, sibling.split('.').at(-1) ?? '', [
            { street: 'Hauptstraße', houseNo: '5', postcode: '20095', countryCode: 'DE' },
        ]);
        expect(elsewhere.size).toBe(0);
        expect((await findAddressDeliveryInfo(demo.db, depotId, [])).size).toBe(0);
    });
});
