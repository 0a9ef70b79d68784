import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DepotGroup, Organisation } from '../../../domain/contracts/organisations.js';
import type { Database } from '../../../server/db/client.js';
import { depotGroups, tenants } from '../../../server/db/schema/index.js';
import {
    covers,
    encode,
    heldPaths,
    isAdminSubject,
    segmentsOf,
    sorted,
    type Probe,
    type RouteCase,
    type Subject,
} from './matrix.js';

/**
 * Organisations and regions (`/tenant-admin/v1/tenants`, `/depotGroups`): listing, creating and
 * changing organisations is for admins only; an organisation is read by admins and by users
 * holding any scope in it; regions are read by admins and by holders of depot management
 * (r:depot-mgmt-list, or tenant-admin) on the whole organisation. Written out here from the
 * grants, independently of the server's permission code.
 */

type Refusal = { code?: string; message?: string };

/** Holds any scope in the organisation (tenant, depot or five-part subcontractor role there, or '' in the tenant context). */
const memberOf = (subject: Subject, tenantId: string) =>
    isAdminSubject(subject) ||
    heldPaths(subject).some((path) => path === '' || segmentsOf(path)[0] === tenantId);

/** Tenant grants with depot management (or tenant-admin). */
const regionPaths = (subject: Subject) =>
    subject.grants
        .filter(
            (grant) =>
                grant.contexts.includes('TENANT') &&
                (grant.actions.includes('r:depot-mgmt-list') ||
                    grant.actions.includes('tenant-admin')),
        )
        .map((grant) => grant.path);
const readsRegionsOf = (subject: Subject, tenantId: string) =>
    isAdminSubject(subject) || regionPaths(subject).some((path) => covers(path, tenantId));
const readsRegionsAnywhere = (subject: Subject) =>
    isAdminSubject(subject) || regionPaths(subject).length > 0;

const groupsOf = async (db: Database, tenantId?: string) =>
    (
        await db
            .select({ id: depotGroups.id, tenantId: depotGroups.tenantId })
            .from(depotGroups)
            .where(tenantId ? eq(depotGroups.tenantId, tenantId) : undefined)
            .orderBy(asc(depotGroups.id))
    ).map((group) => group);

const storedTenant = async (db: Database, id: string) =>
    (await db.select().from(tenants).where(eq(tenants.id, id)))[0];

export const organisationRoutes: RouteCase[] = [
    {
        route: 'GET /tenant-admin/v1/tenants',
        variant: 'admins only: every organisation and twin',
        async run({ subject, world, get }: Probe) {
            const url = `/tenant-admin/v1/tenants?range=${encode([0, 499])}`;
            const { status, body } = await get<Organisation[] & Refusal>(url);
            if (isAdminSubject(subject)) {
                expect.soft(status, url).toBe(200);
                expect
                    .soft(
                        sorted(status === 200 ? body.map((organisation) => organisation.id) : []),
                        url,
                    )
                    .toEqual(sorted(world.tenantIds));
            } else {
                expect
                    .soft({ status, code: body.code }, url)
                    .toEqual({ status: 403, code: 'NO_PERMISSION' });
            }
        },
    },
    {
        route: 'GET /tenant-admin/v1/tenants/:tenantId',
        variant: 'every organisation and twin, guesses and an unknown id',
        async run({ subject, world, get }: Probe) {
            const guesses = subject.grants.flatMap((grant) => {
                const tenantId = segmentsOf(grant.path)[0];
                return tenantId
                    ? [`${tenantId}z`, tenantId.toUpperCase(), tenantId.replaceAll('-', '_')]
                    : [];
            });
            for (const id of new Set([...world.tenantIds, ...guesses, 'nope'])) {
                const url = `/tenant-admin/v1/tenants/${id}`;
                const { status, body } = await get<Organisation & Refusal>(url);
                if (world.tenantIds.includes(id) && memberOf(subject, id)) {
                    expect.soft({ status, id: body.id }, url).toEqual({ status: 200, id });
                } else {
                    // Another organisation answers exactly like one that does not exist.
                    expect.soft({ status, code: body.code, message: body.message }, url).toEqual({
                        status: 404,
                        code: 'NOT_FOUND',
                        message: `Organisation ${id} was not found.`,
                    });
                }
            }
        },
    },
    {
        route: 'POST /tenant-admin/v1/tenants',
        variant: 'admins only: a new organisation with two regions',
        async run({ subject, db, send }: Probe) {
            const id = `iso-${randomUUID().slice(0, 8)}`;
            const payload = {
                id,
                name: `Matrix ${id}`,
                countryCode: 'DE',
                timeZone: 'Europe/Berlin',
                businessHours: { from: '06:00', to: '20:00' },
                regions: [{ name: 'One' }, { name: 'Two' }],
            };
            const { status, body } = await send<Organisation & Refusal>(
                'POST',
                '/tenant-admin/v1/tenants',
                payload,
            );
            const written = await storedTenant(db, id);
            const regions = await groupsOf(db, id);
            if (isAdminSubject(subject)) {
                expect
                    .soft({ status, id: body.id, regions: regions.length }, id)
                    .toEqual({ status: 201, id, regions: 2 });
            } else {
                expect
                    .soft({ status, code: body.code, written, regions: regions.length }, id)
                    .toEqual({
                        status: 403,
                        code: 'NO_PERMISSION',
                        written: undefined,
                        regions: 0,
                    });
            }
            // Leave the world as it was for the other rows.
            await db.delete(depotGroups).where(eq(depotGroups.tenantId, id));
            await db.delete(tenants).where(eq(tenants.id, id));
        },
    },
    {
        route: 'PUT /tenant-admin/v1/tenants/:tenantId',
        variant: 'admins only: every organisation and twin, saved unchanged',
        async run({ subject, world, db, send }: Probe) {
            for (const tenantId of world.tenantIds) {
                const before = await storedTenant(db, tenantId);
                if (!before) throw new Error(`no organisation ${tenantId}`);
                const regions = await db
                    .select({ id: depotGroups.id, name: depotGroups.name })
                    .from(depotGroups)
                    .where(eq(depotGroups.tenantId, tenantId));
                const url = `/tenant-admin/v1/tenants/${tenantId}`;
                const { status, body } = await send<Organisation & Refusal>('PUT', url, {
                    name: before.name,
                    countryCode: before.countryCode,
                    timeZone: before.timeZone,
                    businessHours: { from: before.businessHoursFrom, to: before.businessHoursTo },
                    regions,
                    version: before.version,
                });
                const after = await storedTenant(db, tenantId);
                if (isAdminSubject(subject)) {
                    expect
                        .soft({ status, version: body.version }, url)
                        .toEqual({ status: 200, version: before.version + 1 });
                } else {
                    expect
                        .soft({ status, code: body.code }, url)
                        .toEqual({ status: 403, code: 'NO_PERMISSION' });
                    expect.soft(after, url).toEqual(before);
                }
            }
        },
    },
    {
        route: 'GET /tenant-admin/v1/depotGroups',
        variant: 'filtered by every organisation and twin, and unfiltered',
        async run({ subject, world, db, get }: Probe) {
            for (const tenantId of world.tenantIds) {
                const url = `/tenant-admin/v1/depotGroups?filter=${encode({ tenantId })}&range=${encode([0, 499])}`;
                const { status, body } = await get<DepotGroup[] & Refusal>(url);
                if (readsRegionsOf(subject, tenantId)) {
                    expect.soft(status, url).toBe(200);
                    expect
                        .soft(sorted(status === 200 ? body.map((group) => group.id) : []), url)
                        .toEqual(sorted((await groupsOf(db, tenantId)).map((group) => group.id)));
                } else {
                    expect.soft({ status, code: body.code }, url).toEqual({
                        status: 403,
                        code: readsRegionsAnywhere(subject)
                            ? expect.stringMatching(/^(CHANGE_SCOPE|NO_DATA_PERMISSION)$/)
                            : 'NO_PERMISSION',
                    });
                }
            }
            const url = `/tenant-admin/v1/depotGroups?range=${encode([0, 499])}`;
            const { status, body } = await get<DepotGroup[] & Refusal>(url);
            if (isAdminSubject(subject) || regionPaths(subject).includes('')) {
                expect.soft(status, url).toBe(200);
                expect
                    .soft(sorted(status === 200 ? body.map((group) => group.id) : []), url)
                    .toEqual(sorted((await groupsOf(db)).map((group) => group.id)));
            } else {
                expect
                    .soft({ status, code: body.code }, url)
                    .toEqual(
                        readsRegionsAnywhere(subject)
                            ? { status: 400, code: 'BAD_REQUEST' }
                            : { status: 403, code: 'NO_PERMISSION' },
                    );
            }
        },
    },
    {
        route: 'GET /tenant-admin/v1/depotGroups/:id',
        variant: 'every region of every organisation and twin, and an unknown id',
        async run({ subject, db, get }: Probe) {
            for (const group of [...(await groupsOf(db)), { id: 'nope', tenantId: '' }]) {
                const url = `/tenant-admin/v1/depotGroups/${group.id}`;
                const { status, body } = await get<DepotGroup & Refusal>(url);
                if (!readsRegionsAnywhere(subject)) {
                    expect
                        .soft({ status, code: body.code }, url)
                        .toEqual({ status: 403, code: 'NO_PERMISSION' });
                } else if (group.tenantId !== '' && readsRegionsOf(subject, group.tenantId)) {
                    expect
                        .soft({ status, id: body.id, tenantId: body.tenantId }, url)
                        .toEqual({ status: 200, id: group.id, tenantId: group.tenantId });
                } else {
                    expect.soft({ status, code: body.code, message: body.message }, url).toEqual({
                        status: 404,
                        code: 'NOT_FOUND',
                        message: `Region ${group.id} was not found.`,
                    });
                }
            }
        },
    },
];
