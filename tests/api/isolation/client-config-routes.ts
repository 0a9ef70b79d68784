import { expect } from 'vitest';
import {
    depotConfigRevisions,
    tenantConfigRevisions,
    tourCommanderConfigRevisions,
} from '../../../server/db/schema/index.js';
import type { DemoResponse } from '../helpers/demo-app.js';
import {
    covers,
    isAdminSubject,
    probeDepotIds,
    sameRefusal,
    tenantGrantPaths,
    type Probe,
    type RouteCase,
    type Subject,
} from './matrix.js';

/**
 * Matrix rows of issue 6: tenant, depot and tour commander client configurations, history and
 * restore. Tenant and tour commander configurations are for admins only (everyone else 403, an
 * unknown organisation 404 for admins). Depot configurations: read where r:depot-mgmt-list is
 * held in the tenant context, written where u:depot is (with r:depot-mgmt-list); a depot outside
 * answers exactly like an unknown id. Writes are sent with a stale base revision, so nothing changes.
 */

type Reply = { code?: string; message?: string; revision?: number };
const UNKNOWN_TENANT = 'zz-unknown';
const UNKNOWN_DEPOT = 'nope-unknown';
const STALE = 999_999;

/** Where `code` is held in the tenant context (with r:depot-mgmt-list, which c:/u:depot require). */
function depotRegion(subject: Subject, code: string): 'ALL' | string[] {
    if (isAdminSubject(subject)) return 'ALL';
    const held = tenantGrantPaths(subject, code);
    if (code === 'r:depot-mgmt-list') return held;
    const reading = tenantGrantPaths(subject, 'r:depot-mgmt-list');
    return held.filter((path) => reading.some((scope) => covers(scope, path)));
}

const inRegion = (region: 'ALL' | string[], path: string) =>
    region === 'ALL' || region.some((scope) => covers(scope, path));

async function snapshot({ db }: Probe) {
    const [tenant, depot, tour] = await Promise.all([
        db.select().from(tenantConfigRevisions),
        db.select().from(depotConfigRevisions),
        db.select().from(tourCommanderConfigRevisions),
    ]);
    return tenant.length + depot.length * 1_000 + tour.length * 1_000_000;
}

/**
 * A tenant-level route, tried on every organisation and an unknown one: answered for admins and
 * for holders of `reachCode` (tenant context) covering the organisation, 403 for everyone else
 * (CHANGE_SCOPE for a holder elsewhere, NO_PERMISSION otherwise), 404 for an unknown organisation
 * where it could be reached. Writes carry a stale base revision, so nothing changes.
 */
function tenantLevelRoute(
    route: string,
    variant: string,
    call: (probe: Probe, tenantId: string) => Promise<DemoResponse<Reply>>,
    answered: (status: number) => boolean,
    reachCode?: string,
): RouteCase {
    return {
        route,
        variant,
        async run(probe) {
            const before = await snapshot(probe);
            const admin = isAdminSubject(probe.subject);
            const reach = reachCode ? tenantGrantPaths(probe.subject, reachCode) : [];
            for (const tenantId of [...probe.world.tenantIds, UNKNOWN_TENANT]) {
                const allowed = admin || reach.some((scope) => covers(scope, tenantId));
                const { status, body } = await call(probe, tenantId);
                if (!allowed)
                    expect.soft({ status, code: body.code }, tenantId).toEqual({
                        status: 403,
                        code: reach.length > 0 ? 'CHANGE_SCOPE' : 'NO_PERMISSION',
                    });
                else if (tenantId === UNKNOWN_TENANT) expect.soft(status, tenantId).toBe(404);
                else
                    expect
                        .soft(answered(status), `${tenantId}: ${status} ${body.code ?? ''}`)
                        .toBe(true);
            }
            expect(await snapshot(probe)).toBe(before);
        },
    };
}

/** Admins only (the organisation's whole client configuration, the tour commander's). */
const adminOnly = (
    route: string,
    call: (probe: Probe, tenantId: string) => Promise<DemoResponse<Reply>>,
    success: number,
) =>
    tenantLevelRoute(
        route,
        'admins only; others 403 for every organisation; writes with a stale base change nothing',
        call,
        (status) => status === success || status === 404,
    );

/** The MFA requirement of an organisation (issue 13 point 13): admins and its organisation admins. */
const organisationAdminRoute = (
    route: string,
    call: (probe: Probe, tenantId: string) => Promise<DemoResponse<Reply>>,
    success: number,
) =>
    tenantLevelRoute(
        route,
        'admins and organisation admins of that organisation; others 403; writes with a stale base change nothing',
        call,
        (status) => status === success,
        'tenant-admin',
    );

/** A depot route: inside the region answers, outside exactly like an unknown depot. */
function depotRoute(
    route: string,
    code: string,
    call: (probe: Probe, depotId: string) => Promise<DemoResponse<Reply>>,
    inside: (status: number, body: Reply) => boolean,
): RouteCase {
    return {
        route,
        variant: `${code} covering the depot; every other depot answers like an unknown id`,
        async run(probe) {
            const before = await snapshot(probe);
            const region = depotRegion(probe.subject, code);
            const reference = await call(probe, UNKNOWN_DEPOT);
            if (region !== 'ALL' && region.length === 0) {
                expect
                    .soft(
                        { status: reference.status, code: reference.body.code },
                        'no grant anywhere',
                    )
                    .toEqual({ status: 403, code: 'NO_PERMISSION' });
                return;
            }
            expect.soft(reference.status).toBe(404);
            const known = new Map(probe.world.depots.map((depot) => [depot.id, depot.path]));
            for (const id of probeDepotIds(probe)) {
                const path = known.get(id);
                const { status, body } = await call(probe, id);
                if (path !== undefined && inRegion(region, path)) {
                    expect
                        .soft(inside(status, body), `${id}: ${status} ${body.code ?? ''}`)
                        .toBe(true);
                } else {
                    const refusal = sameRefusal(body, status, id, reference, UNKNOWN_DEPOT);
                    expect
                        .soft(
                            {
                                status: refusal.status,
                                code: refusal.code,
                                message: refusal.message,
                            },
                            id,
                        )
                        .toEqual(refusal.expected);
                }
            }
            expect(await snapshot(probe)).toBe(before);
        },
    };
}

const notDepotMissing = (status: number, body: Reply) =>
    status === 409 || (status === 404 && !/Depot/.test(body.message ?? ''));

export const clientConfigRoutes: RouteCase[] = [
    adminOnly(
        'GET /tenant-admin/v1/tenants/:tenantId/clientConfigs',
        (probe, tenantId) => probe.get(`/tenant-admin/v1/tenants/${tenantId}/clientConfigs`),
        200,
    ),
    adminOnly(
        'POST /tenant-admin/v1/tenants/:tenantId/clientConfigs',
        (probe, tenantId) =>
            probe.send('POST', `/tenant-admin/v1/tenants/${tenantId}/clientConfigs`, {
                document: {},
                baseRevision: STALE,
            }),
        400,
    ),
    adminOnly(
        'GET /tenant-admin/v1/tenants/:tenantId/clientConfigsHistory',
        (probe, tenantId) => probe.get(`/tenant-admin/v1/tenants/${tenantId}/clientConfigsHistory`),
        200,
    ),
    adminOnly(
        'POST /tenant-admin/v1/tenants/:tenantId/clientConfigsHistory/:revision/restore',
        (probe, tenantId) =>
            probe.send(
                'POST',
                `/tenant-admin/v1/tenants/${tenantId}/clientConfigsHistory/1/restore`,
                { baseRevision: STALE },
            ),
        409,
    ),
    organisationAdminRoute(
        'GET /tenant-admin/v1/tenants/:tenantId/mfaRequirement',
        (probe, tenantId) => probe.get(`/tenant-admin/v1/tenants/${tenantId}/mfaRequirement`),
        200,
    ),
    organisationAdminRoute(
        'PUT /tenant-admin/v1/tenants/:tenantId/mfaRequirement',
        (probe, tenantId) =>
            probe.send('PUT', `/tenant-admin/v1/tenants/${tenantId}/mfaRequirement`, {
                required: true,
                baseRevision: STALE,
            }),
        409,
    ),
    adminOnly(
        'GET /tour-commander/v1/tenants/:tenantId/config',
        (probe, tenantId) => probe.get(`/tour-commander/v1/tenants/${tenantId}/config`),
        200,
    ),
    adminOnly(
        'POST /tour-commander/v1/tenants/:tenantId/config',
        (probe, tenantId) =>
            probe.send('POST', `/tour-commander/v1/tenants/${tenantId}/config`, {
                document: {},
                baseRevision: STALE,
            }),
        400,
    ),
    adminOnly(
        'GET /tour-commander/v1/tenants/:tenantId/configHistory',
        (probe, tenantId) => probe.get(`/tour-commander/v1/tenants/${tenantId}/configHistory`),
        200,
    ),
    adminOnly(
        'POST /tour-commander/v1/tenants/:tenantId/configHistory/:revision/restore',
        (probe, tenantId) =>
            probe.send('POST', `/tour-commander/v1/tenants/${tenantId}/configHistory/1/restore`, {
                baseRevision: STALE,
            }),
        409,
    ),
    depotRoute(
        'GET /tenant-admin/v1/depots/:internalDepotId/clientConfigs',
        'r:depot-mgmt-list',
        (probe, id) => probe.get(`/tenant-admin/v1/depots/${id}/clientConfigs`),
        (status, body) => status === 200 && typeof body.revision === 'number',
    ),
    depotRoute(
        'GET /tenant-admin/v1/depots/:internalDepotId/clientConfigsHistory',
        'r:depot-mgmt-list',
        (probe, id) => probe.get(`/tenant-admin/v1/depots/${id}/clientConfigsHistory`),
        (status) => status === 200,
    ),
    depotRoute(
        'POST /tenant-admin/v1/depots/:internalDepotId/clientConfigs',
        'u:depot',
        (probe, id) =>
            probe.send('POST', `/tenant-admin/v1/depots/${id}/clientConfigs`, {
                document: {},
                baseRevision: STALE,
            }),
        (status) => status === 409,
    ),
    depotRoute(
        'POST /tenant-admin/v1/depots/:internalDepotId/clientConfigsHistory/:revision/restore',
        'u:depot',
        (probe, id) =>
            probe.send('POST', `/tenant-admin/v1/depots/${id}/clientConfigsHistory/1/restore`, {
                baseRevision: STALE,
            }),
        notDepotMissing,
    ),
];
