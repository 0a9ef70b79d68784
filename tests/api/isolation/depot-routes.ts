import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { depotCsvColumns } from '../../../domain/depots.js';
import { depots } from '../../../server/db/schema/index.js';
import {
    breaches,
    covers,
    encode,
    isAdminSubject,
    overlaps,
    segmentsOf,
    sorted,
    tenantGrantPaths,
    type Probe,
    type RouteCase,
    type Subject,
} from './matrix.js';

/**
 * Matrix rows of issue 6 for depots: the organisation's depot management list, create, update
 * and CSV upload. Where c:depot / u:depot are granted is computed here from the caller's grants
 * (tenant grants with the code or tenant-admin, each needing r:depot-mgmt-list where it is):
 * writes outside are refused and change nothing, inside they work and are undone.
 */

type Region = 'ALL' | string[];

function regionOf(subject: Subject, code: string): Region {
    if (isAdminSubject(subject)) return 'ALL';
    const list = tenantGrantPaths(subject, 'r:depot-mgmt-list');
    const paths = tenantGrantPaths(subject, code).flatMap((path) =>
        list.flatMap((other) =>
            covers(other, path) ? [path] : covers(path, other) ? [other] : [],
        ),
    );
    return paths.includes('') ? 'ALL' : paths;
}
const inRegion = (region: Region, path: string) =>
    region === 'ALL' || region.some((scope) => covers(scope, path));
const touches = (region: Region, path: string) =>
    region === 'ALL' || region.some((scope) => overlaps(scope, path));
const nothing = (region: Region) => region !== 'ALL' && region.length === 0;
const groupPath = (path: string) => segmentsOf(path).slice(0, 3).join('.');

let counter = 0;
const unique = () => `MX${Date.now() % 100_000}${counter++}`;

/** A depot whose region is outside `region` (preferring another organisation) and one inside. */
function pick({ world, subject }: Probe, region: Region) {
    const home = subject.tenantId ?? '';
    const outside = world.depots.filter((depot) => !inRegion(region, groupPath(depot.path)));
    return {
        outside: outside.find((depot) => depot.tenantId !== home) ?? outside[0],
        inside: world.depots.find(
            (depot) => inRegion(region, groupPath(depot.path)) && !depot.id.endsWith('1'),
        ),
    };
}

const createBody = (path: string) => {
    const [tenantId = '', countryCode = '', groupId = ''] = segmentsOf(path);
    return {
        tenantId,
        groupId,
        countryCode,
        externalDepotId: unique(),
        name: 'Matrix depot',
        street: 'Probe',
        postcode: '1000',
        locality: 'Matrix',
        latitude: 50,
        longitude: 8,
        timeZone: 'Europe/Berlin',
        deviceMappings: [],
        manualJobUploadEnabled: false,
    };
};

const csvOf = (path: string) => {
    const body = createBody(path);
    const cells: Record<string, string> = {
        organizationId: body.tenantId,
        country: body.countryCode,
        regionId: body.groupId,
        externalDepotId: body.externalDepotId,
        name: 'Matrix',
        street: 'Probe',
        houseNumber: '',
        zipCode: '1000',
        locality: 'Matrix',
        latitude: '50',
        longitude: '8',
        timeZone: 'Europe/Berlin',
        deviceMapping: '',
    };
    return `${depotCsvColumns.join(',')}\n${depotCsvColumns.map((column) => cells[column]).join(',')}\n`;
};

const depotTotal = async ({ db }: Probe) =>
    (await db.select({ id: depots.internalDepotId }).from(depots)).length;

export const depotWriteRoutes: RouteCase[] = [
    {
        route: 'GET /tenant-admin/v1/tenants/:tenantId/depots',
        variant:
            'r:depot-mgmt-list gates each organisation; rows are the depots the caller sees there',
        async run({ subject, world, expected, get }) {
            const gate: Region = isAdminSubject(subject)
                ? 'ALL'
                : tenantGrantPaths(subject, 'r:depot-mgmt-list');
            for (const tenantId of world.tenantIds) {
                const url = `/tenant-admin/v1/tenants/${tenantId}/depots?range=${encode([0, 499])}`;
                const response = await get<{ id: string; scopePath: string }[]>(url);
                if (!touches(gate, tenantId)) {
                    expect.soft(response.status, url).toBe(403);
                    continue;
                }
                expect.soft(response.status, url).toBe(200);
                expect
                    .soft(sorted(response.body.map((depot) => depot.id)), url)
                    .toEqual(
                        sorted(
                            world.depots
                                .filter(
                                    (depot) =>
                                        depot.tenantId === tenantId &&
                                        expected.depots.has(depot.id),
                                )
                                .map((depot) => depot.id),
                        ),
                    );
                expect
                    .soft(
                        breaches(
                            expected,
                            response.body.map((depot) => depot.scopePath),
                        ),
                        url,
                    )
                    .toEqual([]);
            }
        },
    },
    {
        route: 'GET /tenant-admin/v1/tenants/:tenantId/depots/:internalDepotId',
        variant: "the caller's depots answer, others (other organisations, twins) are unknown",
        async run({ subject, world, expected, get }) {
            const gate: Region = isAdminSubject(subject)
                ? 'ALL'
                : tenantGrantPaths(subject, 'r:depot-mgmt-list');
            const sample = [
                ...world.depots.filter((depot) => expected.depots.has(depot.id)).slice(0, 2),
                ...world.depots.filter((depot) => !expected.depots.has(depot.id)).slice(0, 4),
            ];
            for (const depot of sample) {
                for (const tenantId of new Set([
                    depot.tenantId,
                    subject.tenantId ?? depot.tenantId,
                ])) {
                    const url = `/tenant-admin/v1/tenants/${tenantId}/depots/${depot.id}`;
                    const response = await get<{ id?: string; message?: string }>(url);
                    if (!touches(gate, tenantId)) expect.soft(response.status, url).toBe(403);
                    else if (expected.depots.has(depot.id) && depot.tenantId === tenantId)
                        expect
                            .soft({ status: response.status, id: response.body.id }, url)
                            .toEqual({ status: 200, id: depot.id });
                    else
                        expect
                            .soft({ status: response.status, message: response.body.message }, url)
                            .toEqual({ status: 404, message: `Depot ${depot.id} was not found.` });
                }
            }
        },
    },
    {
        route: 'POST /tenant-admin/v1/depots',
        variant:
            'a region outside c:depot is refused and nothing is written; inside a depot is created (and removed again)',
        async run(probe) {
            const { subject, send, db } = probe;
            const region = regionOf(subject, 'c:depot');
            const { outside, inside } = pick(probe, region);
            if (outside) {
                const before = await depotTotal(probe);
                const response = await send<{ code?: string }>(
                    'POST',
                    '/tenant-admin/v1/depots',
                    createBody(outside.path),
                );
                expect
                    .soft(response.status, `${outside.path}: ${JSON.stringify(response.body)}`)
                    .toBe(403);
                expect.soft(await depotTotal(probe), 'nothing written').toBe(before);
            }
            if (inside) {
                const response = await send<{ internalDepotId?: string }>(
                    'POST',
                    '/tenant-admin/v1/depots',
                    createBody(inside.path),
                );
                expect.soft(response.status, JSON.stringify(response.body)).toBe(201);
                if (response.body.internalDepotId)
                    await db
                        .delete(depots)
                        .where(eq(depots.internalDepotId, response.body.internalDepotId));
            }
        },
    },
    {
        route: 'PUT /tenant-admin/v1/depots/:internalDepotId',
        variant:
            'a depot outside u:depot answers 404 unchanged (403 without u:depot anywhere); inside it is saved',
        async run(probe) {
            const { subject, send, db } = probe;
            const region = regionOf(subject, 'u:depot');
            const { outside, inside } = pick(probe, region);
            const load = async (id: string) =>
                (await db.select().from(depots).where(eq(depots.internalDepotId, id)))[0];
            const bodyOf = (row: typeof depots.$inferSelect) => ({
                groupId: row.groupId,
                externalDepotId: row.externalDepotId,
                name: row.name,
                street: row.street,
                houseNo: row.houseNo,
                postcode: row.postcode,
                locality: row.locality,
                countryCode: row.countryCode,
                latitude: row.latitude,
                longitude: row.longitude,
                timeZone: row.timeZone,
                deviceMappings: [] as string[],
                manualJobUploadEnabled: row.manualJobUploadEnabled,
                version: row.version,
            });
            if (outside) {
                const row = await load(outside.id);
                if (row) {
                    const response = await send<{ message?: string }>(
                        'PUT',
                        `/tenant-admin/v1/depots/${outside.id}`,
                        { ...bodyOf(row), name: 'Hijacked' },
                    );
                    expect
                        .soft(
                            nothing(region)
                                ? response.status
                                : { status: response.status, message: response.body.message },
                        )
                        .toEqual(
                            nothing(region)
                                ? 403
                                : { status: 404, message: `Depot ${outside.id} was not found.` },
                        );
                    expect.soft((await load(outside.id))?.version, 'unchanged').toBe(row.version);
                }
            }
            if (inside) {
                const row = await load(inside.id);
                if (row) {
                    const response = await send(
                        'PUT',
                        `/tenant-admin/v1/depots/${inside.id}`,
                        bodyOf(row),
                    );
                    expect.soft(response.status, JSON.stringify(response.body)).toBe(200);
                    // Put the mappings back (the body sent none: twins share their original's mappings).
                    await db
                        .update(depots)
                        .set({ deviceMappings: row.deviceMappings })
                        .where(eq(depots.internalDepotId, inside.id));
                }
            }
        },
    },
    {
        route: 'POST /tenant-admin/v1/depots/upload',
        variant:
            'a row of an organisation or region outside c:depot fails the whole file (nothing written); inside it imports (and is removed again)',
        async run(probe) {
            const { subject, send, db } = probe;
            const region = regionOf(subject, 'c:depot');
            const { outside, inside } = pick(probe, region);
            // The probe's `send` writes JSON: a JSON string body is the same CSV text to the route (its body schema is a string).
            const upload = (text: string) =>
                send<{
                    code?: string;
                    created?: number;
                    details?: { field?: string; message: string }[];
                }>('POST', '/tenant-admin/v1/depots/upload', new String(text));
            if (outside) {
                const before = await depotTotal(probe);
                const response = await upload(csvOf(outside.path));
                if (nothing(region)) expect.soft(response.status).toBe(403);
                else
                    expect
                        .soft(
                            {
                                status: response.status,
                                code: response.body.code,
                                field: response.body.details?.[0]?.field,
                            },
                            outside.path,
                        )
                        .toEqual({ status: 400, code: 'DEPOT_UPLOAD_INVALID', field: 'row 2' });
                expect.soft(await depotTotal(probe), 'nothing written').toBe(before);
            }
            if (inside) {
                const before = new Set(
                    (await db.select({ id: depots.internalDepotId }).from(depots)).map(
                        (row) => row.id,
                    ),
                );
                const response = await upload(csvOf(inside.path));
                expect.soft(response.status, JSON.stringify(response.body)).toBe(201);
                const added = (await db.select({ id: depots.internalDepotId }).from(depots))
                    .map((row) => row.id)
                    .filter((id) => !before.has(id));
                if (added.length > 0)
                    await db.delete(depots).where(inArray(depots.internalDepotId, added));
            }
        },
    },
];
