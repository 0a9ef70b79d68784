import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depotCsvColumns } from '../../domain/depots.js';
import { auditLog, depots } from '../../server/db/schema/index.js';
import { createDemoApp, type DemoApp } from './helpers/demo-app.js';
import {
    depotsOf,
    loginOf,
    otherTenantDepot,
    regionsOf,
    sender,
    type Send,
} from './helpers/depot-fixtures.js';

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

let demo: DemoApp;
let send: Send;
let orgAdmin: { token: string; tenantId: string };
let depotUser: { token: string; tenantId: string };
let admin: { token: string; tenantId: string };
let region: string;

const HEADER = depotCsvColumns.join(',');

beforeAll(async () => {
    demo = await createDemoApp();
    send = sender(demo);
    orgAdmin = await loginOf(demo, 'Organization Admin');
    depotUser = await loginOf(demo, 'Standard Access (Depot)');
    admin = await loginOf(demo, 'Admin');
    region = (await regionsOf(demo.db, orgAdmin.tenantId))[0]?.id ?? '';
}, 120_000);
afterAll(() => demo?.close());

/** One valid CSV line of the org admin's organisation. */
const line = (
    externalId: string,
    overrides: Partial<Record<(typeof depotCsvColumns)[number], string>> = {},
) => {
    const cells: Record<string, string> = {
        organizationId: orgAdmin.tenantId,
        country: 'DE',
        regionId: region,
        externalDepotId: externalId,
        name: `Depot ${externalId}`,
        street: 'Lagerstraße',
        houseNumber: '5',
        zipCode: '20095',
        locality: 'Hamburg',
        latitude: '53.55',
        longitude: '10.0',
        timeZone: 'Europe/Berlin',
        deviceMapping: `mdm:UP-${externalId}`,
        ...overrides,
    };
    return depotCsvColumns.map((column) => cells[column]).join(',');
};
const csv = (lines: string[]) => `${HEADER}\r\n${lines.join('\r\n')}\r\n`;
const upload = (text: string, token = orgAdmin.token) =>
    send<{ created?: number } & ErrorBody>(
        'POST',
        '/tenant-admin/v1/depots/upload',
        token,
        text,
        'text/csv',
    );
const depotCount = async () =>
    (await demo.db.select({ total: count() }).from(depots))[0]?.total ?? 0;

describe('POST /tenant-admin/v1/depots/upload', () => {
    it('imports a valid file (quoted cells, optional columns empty, several mappings) with one audit entry', async () => {
        const before = await depotCount();
        const response = await upload(
            csv([
                line('A100', { name: '"Depot ""Nord"", Halle 2"' }),
                line('A101', { houseNumber: '', deviceMapping: '' }),
                line('A102', { deviceMapping: 'mdm:X-1;mdm:X-2' }),
            ]),
        );
        expect(response.status, JSON.stringify(response.body)).toBe(201);
        expect(response.body).toEqual({ created: 3 });
        expect(await depotCount()).toBe(before + 3);
        const stored = await depotsOf(demo.db, orgAdmin.tenantId);
        const quoted = stored.find((depot) => depot.externalDepotId === 'A100');
        expect(quoted).toMatchObject({
            name: 'Depot "Nord", Halle 2',
            houseNo: '5',
            latitude: 53.55,
            countryCode: 'DE',
            groupId: region,
        });
        expect(quoted?.scopePath).toBe(
            `${orgAdmin.tenantId}.DE.${region}.${quoted?.internalDepotId}`,
        );
        expect(stored.find((depot) => depot.externalDepotId === 'A101')).toMatchObject({
            houseNo: null,
            deviceMappings: [],
        });
        expect(stored.find((depot) => depot.externalDepotId === 'A102')?.deviceMappings).toEqual([
            { service: 'mdm', id: 'X-1' },
            { service: 'mdm', id: 'X-2' },
        ]);
        const audit = await demo.db
            .select()
            .from(auditLog)
            .where(eq(auditLog.action, 'depots-uploaded'));
        expect(audit.map((entry) => (entry.changes as { created: number }).created)).toEqual([3]);
    });

    it('needs the fixed header row in order', async () => {
        for (const header of [
            '',
            'organizationId,country',
            [...depotCsvColumns].reverse().join(','),
            HEADER.replace('zipCode', 'postcode'),
        ]) {
            const response = await upload(`${header}\r\n${line('H1')}\r\n`);
            expect(response.status).toBe(400);
            expect(response.body.code).toBe('DEPOT_UPLOAD_INVALID');
            expect(response.body.details[0]).toMatchObject({ field: 'row 1', rule: 'csvHeader' });
        }
        const empty = await upload(`${HEADER}\r\n`);
        expect(empty.body.code).toBe('DEPOT_UPLOAD_INVALID');
        expect(empty.body.details).toEqual([
            expect.objectContaining({ field: 'row 2', rule: 'csvEmpty' }),
        ]);
    });

    it('lists every problem of every row with its spreadsheet row number and writes nothing', async () => {
        const other = await otherTenantDepot(demo.db, orgAdmin.tenantId);
        // A stored depot with a device mapping (ids are random: the first by id may have none).
        const stored = (await depotsOf(demo.db, orgAdmin.tenantId)).find(
            (depot) => depot.deviceMappings.length > 0,
        );
        const before = await depotCount();
        const response = await upload(
            csv([
                line('B200'), // row 2: fine
                line('B201', { latitude: '', longitude: '' }), // row 3: coordinates required
                line('B202', { organizationId: 'no-such-organisation' }), // row 4
                line('B203', {
                    organizationId: other.tenantId,
                    regionId: other.groupId,
                    country: other.countryCode,
                }), // row 5
                line('B204', { regionId: other.groupId }), // row 6: region of another organisation
                line('B205', { deviceMapping: 'intune:77' }), // row 7: service not configured
                line('B200', { deviceMapping: 'mdm:UP-B200' }), // row 8: id and mapping as row 2
                line(stored?.externalDepotId ?? '1', {
                    deviceMapping: `${stored?.deviceMappings[0]?.service}:${stored?.deviceMappings[0]?.id}`,
                }), // row 9: stored
                line('B206', { deviceMapping: 'mdm' }), // row 10: format
                `${orgAdmin.tenantId},DE,${region},B207`, // row 11: too few cells
                line('B208', { timeZone: 'Europe/Atlantis', country: 'de', name: '' }), // row 12
            ]),
        );
        expect(response.status).toBe(400);
        expect(response.body.code).toBe('DEPOT_UPLOAD_INVALID');
        const byRow = (row: number) =>
            response.body.details
                .filter((detail) => detail.field === `row ${row}`)
                .map((detail) => detail.message);
        expect(byRow(2)).toEqual([]);
        expect(byRow(3)).toEqual(['latitude is required', 'longitude is required']);
        expect(byRow(4)).toEqual([
            'organizationId no-such-organisation: unknown organisation, or you may not create depots there',
        ]);
        expect(byRow(5)).toEqual([
            `organizationId ${other.tenantId}: unknown organisation, or you may not create depots there`,
        ]);
        expect(byRow(6)).toEqual([
            `regionId ${other.groupId}: unknown region of ${orgAdmin.tenantId}, or you may not create depots there`,
        ]);
        expect(byRow(7)).toEqual([
            `deviceMapping: service intune is not configured for ${orgAdmin.tenantId} (configured: mdm)`,
        ]);
        expect(byRow(8)).toEqual([
            'externalDepotId B200 is already used in row 2',
            'deviceMapping mdm:UP-B200 is already used in row 2',
        ]);
        expect(byRow(9)).toHaveLength(2);
        expect(byRow(9).join(' ')).toMatch(
            /already used by a stored depot.*already used by a stored depot/,
        );
        expect(byRow(10)).toEqual([
            'deviceMapping must be service:ID pairs (letters, digits, "-", "_" and "." only)',
        ]);
        expect(byRow(11)[0]).toBe('has 4 cells, the header has 13');
        expect(byRow(12).sort()).toEqual([
            'country must be a two-letter country code (ISO 3166-1, capitals)',
            'name is required',
            'timeZone must be an IANA time zone such as Europe/Berlin',
        ]);
        // Every reason comes with its machine-readable rule and the values its translated text needs.
        expect(
            response.body.details.every(
                (detail) => typeof detail.rule === 'string' && detail.params !== undefined,
            ),
        ).toBe(true);
        const reasons = (row: number) =>
            response.body.details
                .filter((detail) => detail.field === `row ${row}`)
                .map(({ rule, params }) => ({ rule, params }));
        expect(reasons(3)).toEqual([
            { rule: 'required', params: { column: 'latitude' } },
            { rule: 'required', params: { column: 'longitude' } },
        ]);
        expect(reasons(4)).toEqual([
            {
                rule: 'unknownOrganisation',
                params: { column: 'organizationId', value: 'no-such-organisation' },
            },
        ]);
        expect(reasons(5)).toEqual([
            {
                rule: 'unknownOrganisation',
                params: { column: 'organizationId', value: other.tenantId },
            },
        ]);
        expect(reasons(6)).toEqual([
            {
                rule: 'unknownRegion',
                params: { column: 'regionId', value: other.groupId, tenantId: orgAdmin.tenantId },
            },
        ]);
        expect(reasons(7)).toEqual([
            {
                rule: 'serviceNotConfigured',
                params: {
                    column: 'deviceMapping',
                    value: 'intune',
                    tenantId: orgAdmin.tenantId,
                    services: 'mdm',
                },
            },
        ]);
        expect(reasons(8)).toEqual([
            {
                rule: 'duplicateInFile',
                params: { column: 'externalDepotId', value: 'B200', first: 2 },
            },
            {
                rule: 'duplicateInFile',
                params: { column: 'deviceMapping', value: 'mdm:UP-B200', first: 2 },
            },
        ]);
        expect(reasons(9)).toEqual([
            {
                rule: 'externalDepotIdTaken',
                params: { column: 'externalDepotId', value: stored?.externalDepotId },
            },
            {
                rule: 'deviceMappingTaken',
                params: {
                    column: 'deviceMapping',
                    value: `${stored?.deviceMappings[0]?.service}:${stored?.deviceMappings[0]?.id}`,
                },
            },
        ]);
        expect(reasons(10)).toEqual([
            { rule: 'deviceMappingFormat', params: { column: 'deviceMapping' } },
        ]);
        expect(reasons(11)[0]).toEqual({ rule: 'csvCells', params: { count: 4, expected: 13 } });
        expect(
            reasons(12)
                .map((reason) => `${reason.params?.column}:${reason.rule}`)
                .sort(),
        ).toEqual(['country:countryCode', 'name:required', 'timeZone:timeZone']);
        expect(await depotCount()).toBe(before);
    });

    it('needs c:depot: a depot user is refused (403); an admin may upload for any organisation', async () => {
        expect((await upload(csv([line('C300')]), depotUser.token)).status).toBe(403);
        const other = await otherTenantDepot(demo.db, orgAdmin.tenantId);
        const response = await upload(
            csv([
                line('C301', {
                    organizationId: other.tenantId,
                    regionId: other.groupId,
                    country: other.countryCode,
                }),
            ]),
            admin.token,
        );
        expect(response.status, JSON.stringify(response.body)).toBe(201);
    });

    it('imports 10,000 rows in one transaction, and none when one of them is bad', async () => {
        const lines = Array.from({ length: 10_000 }, (_, index) =>
            line(`T${String(index).padStart(5, '0')}`),
        );
        const before = await depotCount();
        const bad = [...lines];
        bad[6_000] = line('T06000', { latitude: 'north' });
        const refused = await upload(csv(bad));
        expect(refused.status).toBe(400);
        expect(refused.body.details).toEqual([
            {
                field: 'row 6002',
                message: 'latitude must be a number',
                rule: 'number',
                params: { column: 'latitude' },
            },
        ]);
        expect(await depotCount()).toBe(before);
        const response = await upload(csv(lines));
        expect(response.status, JSON.stringify(response.body).slice(0, 500)).toBe(201);
        expect(response.body).toEqual({ created: 10_000 });
        expect(await depotCount()).toBe(before + 10_000);
        const audits = await demo.db
            .select()
            .from(auditLog)
            .where(eq(auditLog.action, 'depots-uploaded'));
        expect(audits.map((entry) => (entry.changes as { created: number }).created)).toContain(
            10_000,
        );
    }, 120_000);
});
