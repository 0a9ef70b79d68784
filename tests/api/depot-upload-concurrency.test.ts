import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { depotCsvColumns } from '../../domain/depots.js';
import type { CreateDepotBody } from '../../domain/contracts/depots.js';
import { depotGroups, depots } from '../../server/db/schema/index.js';
import { createDemoApp, type DemoApp } from './helpers/demo-app.js';
import { loginOf, regionsOf, sender, type Send } from './helpers/depot-fixtures.js';

/**
 * An upload checks its rows before its transaction and, under its organisations' locks, again
 * against what was stored meanwhile (issue 13 point 24). `between.write` runs once, right after
 * the upload's first reading of the stored depots and before its transaction.
 */
const between = vi.hoisted(() => ({ write: undefined as (() => Promise<void>) | undefined }));

vi.mock(
    '../../server/services/configuration/depot-upload-validation.js',
    async (importOriginal) => {
        const original =
            await importOriginal<
                typeof import('../../server/services/configuration/depot-upload-validation.js')
            >();
        return {
            ...original,
            loadDepotUploadContexts: async (
                ...args: Parameters<typeof original.loadDepotUploadContexts>
            ) => {
                const contexts = await original.loadDepotUploadContexts(...args);
                const write = between.write;
                between.write = undefined;
                await write?.();
                return contexts;
            },
        };
    },
);

interface ErrorBody {
    code: string;
    details: { field?: string; message: string; rule?: string; params?: Record<string, unknown> }[];
}

let demo: DemoApp;
let send: Send;
let orgAdmin: { token: string; tenantId: string };
let region: string;

beforeAll(async () => {
    demo = await createDemoApp();
    send = sender(demo);
    orgAdmin = await loginOf(demo, 'Organization Admin');
    region = (await regionsOf(demo.db, orgAdmin.tenantId))[0]?.id ?? '';
}, 120_000);
afterAll(() => demo?.close());

const line = (externalId: string, deviceMapping = '', regionId = region) => {
    const cells: Record<string, string> = {
        organizationId: orgAdmin.tenantId,
        country: 'DE',
        regionId,
        externalDepotId: externalId,
        name: `Depot ${externalId}`,
        street: 'Lagerstraße',
        houseNumber: '5',
        zipCode: '20095',
        locality: 'Hamburg',
        latitude: '53.55',
        longitude: '10.0',
        timeZone: 'Europe/Berlin',
        deviceMapping,
    };
    return depotCsvColumns.map((column) => cells[column]).join(',');
};
const csv = (lines: string[]) => `${depotCsvColumns.join(',')}\r\n${lines.join('\r\n')}\r\n`;
const upload = (lines: string[]) =>
    send<{ created?: number } & ErrorBody>(
        'POST',
        '/tenant-admin/v1/depots/upload',
        orgAdmin.token,
        csv(lines),
        'text/csv',
    );
const storedIds = async (externalIds: string[]) =>
    (
        await demo.db
            .select({ externalDepotId: depots.externalDepotId })
            .from(depots)
            .where(
                and(
                    eq(depots.tenantId, orgAdmin.tenantId),
                    inArray(depots.externalDepotId, externalIds),
                ),
            )
    )
        .map((depot) => depot.externalDepotId)
        .sort();

describe('POST /tenant-admin/v1/depots/upload against concurrent writes', () => {
    it('refuses rows whose external id or device mapping a depot created meanwhile took, and writes nothing', async () => {
        const created: CreateDepotBody = {
            tenantId: orgAdmin.tenantId,
            groupId: region,
            externalDepotId: 'CC-TAKEN',
            name: 'Depot created meanwhile',
            street: 'Am Kai',
            houseNo: '7',
            postcode: '20457',
            locality: 'Hamburg',
            countryCode: 'DE',
            latitude: 53.54,
            longitude: 9.98,
            timeZone: 'Europe/Berlin',
            deviceMappings: ['mdm:CC-MAPPED'],
            manualJobUploadEnabled: false,
        };
        between.write = async () => {
            const response = await send('POST', '/tenant-admin/v1/depots', orgAdmin.token, created);
            expect(response.status, JSON.stringify(response.body)).toBe(201);
        };
        const response = await upload([
            line('CC-1', 'mdm:CC-1'), // row 2: fine
            line('CC-TAKEN'), // row 3: the external id created meanwhile
            line('CC-3', 'mdm:CC-MAPPED'), // row 4: the mapping created meanwhile
        ]);
        expect(between.write).toBeUndefined();
        expect(response.status, JSON.stringify(response.body)).toBe(400);
        expect(response.body.code).toBe('DEPOT_UPLOAD_INVALID');
        expect(response.body.details).toEqual([
            {
                field: 'row 3',
                message: `externalDepotId CC-TAKEN is already used by a stored depot of ${orgAdmin.tenantId}`,
                rule: 'externalDepotIdTaken',
                params: { column: 'externalDepotId', value: 'CC-TAKEN' },
            },
            {
                field: 'row 4',
                message: 'deviceMapping mdm:CC-MAPPED is already used by a stored depot',
                rule: 'deviceMappingTaken',
                params: { column: 'deviceMapping', value: 'mdm:CC-MAPPED' },
            },
        ]);
        expect(await storedIds(['CC-1', 'CC-3', 'CC-TAKEN'])).toEqual(['CC-TAKEN']);
    });

    it('refuses a device mapping taken meanwhile, which no unique index guards', async () => {
        between.write = async () => {
            const [depot] = await demo.db
                .select({ id: depots.internalDepotId })
                .from(depots)
                .where(eq(depots.tenantId, orgAdmin.tenantId))
                .limit(1);
            // Another writer: straight into the table, not through this server's routes.
            await demo.db
                .update(depots)
                .set({ deviceMappings: [{ service: 'mdm', id: 'CG-MAPPED' }] })
                .where(eq(depots.internalDepotId, depot?.id ?? ''));
        };
        const response = await upload([line('CG-1', 'mdm:CG-1;mdm:CG-MAPPED'), line('CG-2')]);
        expect(response.status, JSON.stringify(response.body)).toBe(400);
        expect(response.body.details).toEqual([
            {
                field: 'row 2',
                message: 'deviceMapping mdm:CG-MAPPED is already used by a stored depot',
                rule: 'deviceMappingTaken',
                params: { column: 'deviceMapping', value: 'mdm:CG-MAPPED' },
            },
        ]);
        expect(await storedIds(['CG-1', 'CG-2'])).toEqual([]);
    });

    it('refuses the rows of a region removed meanwhile', async () => {
        await demo.db
            .insert(depotGroups)
            .values({ id: 'cr-region', tenantId: orgAdmin.tenantId, name: 'Removed meanwhile' });
        between.write = async () => {
            await demo.db.delete(depotGroups).where(eq(depotGroups.id, 'cr-region'));
        };
        const response = await upload([
            line('CR-1', '', 'cr-region'),
            line('CR-2'),
            line('CR-3', '', 'cr-region'),
        ]);
        expect(response.status, JSON.stringify(response.body)).toBe(400);
        const unknownRegion = (row: number) => ({
            field: `row ${row}`,
            message: `regionId cr-region: unknown region of ${orgAdmin.tenantId}, or you may not create depots there`,
            rule: 'unknownRegion',
            params: { column: 'regionId', value: 'cr-region', tenantId: orgAdmin.tenantId },
        });
        expect(response.body.details).toEqual([unknownRegion(2), unknownRegion(4)]);
        expect(await storedIds(['CR-1', 'CR-2', 'CR-3'])).toEqual([]);
    });

    it('imports a file whose ids nobody took meanwhile, though another depot was created', async () => {
        between.write = async () => {
            const response = await send('POST', '/tenant-admin/v1/depots', orgAdmin.token, {
                tenantId: orgAdmin.tenantId,
                groupId: region,
                externalDepotId: 'CD-OTHER',
                name: 'Another depot',
                street: 'Am Kai',
                houseNo: '8',
                postcode: '20457',
                locality: 'Hamburg',
                countryCode: 'DE',
                latitude: 53.54,
                longitude: 9.98,
                timeZone: 'Europe/Berlin',
                deviceMappings: ['mdm:CD-OTHER'],
                manualJobUploadEnabled: false,
            } satisfies CreateDepotBody);
            expect(response.status).toBe(201);
        };
        const response = await upload([line('CD-1', 'mdm:CD-1'), line('CD-2')]);
        expect(response.status, JSON.stringify(response.body)).toBe(201);
        expect(response.body).toEqual({ created: 2 });
        expect(await storedIds(['CD-1', 'CD-2', 'CD-OTHER'])).toEqual(['CD-1', 'CD-2', 'CD-OTHER']);
    });

    it('refuses an upload whole when another upload took one of its external ids after its first check', async () => {
        let other: Awaited<ReturnType<typeof upload>> | undefined;
        between.write = async () => {
            other = await upload([line('CF-B1'), line('CF-SHARED')]);
        };
        const response = await upload([line('CF-A1'), line('CF-A2'), line('CF-SHARED')]);
        expect(other?.status, JSON.stringify(other?.body)).toBe(201);
        expect(response.status, JSON.stringify(response.body)).toBe(400);
        expect(response.body.code).toBe('DEPOT_UPLOAD_INVALID');
        expect(response.body.details).toEqual([
            {
                field: 'row 4',
                message: `externalDepotId CF-SHARED is already used by a stored depot of ${orgAdmin.tenantId}`,
                rule: 'externalDepotIdTaken',
                params: { column: 'externalDepotId', value: 'CF-SHARED' },
            },
        ]);
        expect(await storedIds(['CF-A1', 'CF-A2', 'CF-B1', 'CF-SHARED'])).toEqual([
            'CF-B1',
            'CF-SHARED',
        ]);
    });

    it('of two uploads sharing an external id at once, imports exactly one and refuses the other whole', async () => {
        const first = ['CE-SHARED', 'CE-A1', 'CE-A2'];
        const second = ['CE-B1', 'CE-SHARED', 'CE-B2'];
        const answers = await Promise.all([
            upload(first.map((id) => line(id))),
            upload(second.map((id) => line(id))),
        ]);
        expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
        const winner = answers[0]?.status === 201 ? first : second;
        const loser = answers.find((answer) => answer.status === 400);
        expect(loser?.body.code).toBe('DEPOT_UPLOAD_INVALID');
        expect(loser?.body.details).toEqual([
            expect.objectContaining({
                field: `row ${(winner === first ? second : first).indexOf('CE-SHARED') + 2}`,
                rule: 'externalDepotIdTaken',
                params: { column: 'externalDepotId', value: 'CE-SHARED' },
            }),
        ]);
        expect(await storedIds([...first, ...second])).toEqual([...winner].sort());
    });
});
