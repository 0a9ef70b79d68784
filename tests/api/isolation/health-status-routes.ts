import { max } from 'drizzle-orm';
import { expect } from 'vitest';
import type { HealthStatus } from '../../../domain/contracts/health.js';
import { jobAssignments } from '../../../server/db/schema/index.js';
import {
    breaches,
    covers,
    isAdminSubject,
    overlaps,
    sameRefusal,
    sorted,
    tenantGrantPaths,
    type RouteCase,
} from './matrix.js';

/** Matrix rows of the organisation's health status page (issue 14 part 7). */

const UNKNOWN_TENANT = 'zz-unknown';

type Answer = HealthStatus & { code?: string; message?: string };

export const healthStatusRoutes: RouteCase[] = [
    {
        route: 'GET /api/tenants/:tenantId/health-status',
        variant: 'every organisation and twin, and an unknown id',
        async run({ subject, expected, world, db, get }) {
            const admin = isAdminSubject(subject);
            // r:health-status (or tenant-admin) held in the tenant context: the depots it covers are listed.
            const granted = tenantGrantPaths(subject, 'r:health-status');
            const reference = await get<{ code?: string; message?: string }>(
                `/api/tenants/${UNKNOWN_TENANT}/health-status`,
            );
            // Every assignment ever received per depot, read without the product's query.
            const lastImport = new Map(
                (
                    await db
                        .select({
                            depotId: jobAssignments.depotId,
                            at: max(jobAssignments.importedAt),
                        })
                        .from(jobAssignments)
                        .groupBy(jobAssignments.depotId)
                ).map((row) => [row.depotId, row.at ? new Date(row.at).toISOString() : null]),
            );
            const pathOf = new Map(world.depots.map((depot) => [depot.id, depot.path]));
            for (const tenantId of world.tenantIds) {
                const url = `/api/tenants/${tenantId}/health-status`;
                const { status, body } = await get<Answer>(url);
                if (admin || granted.some((path) => overlaps(path, tenantId))) {
                    const scopes = admin ? [tenantId] : granted;
                    const visible = world.depots.filter(
                        (depot) =>
                            depot.tenantId === tenantId &&
                            scopes.some((path) => covers(path, depot.path)),
                    );
                    expect.soft(status, url).toBe(200);
                    const rows = body.depots ?? [];
                    expect
                        .soft(sorted(rows.map((row) => row.internalDepotId)), url)
                        .toEqual(sorted(visible.map((depot) => depot.id)));
                    expect
                        .soft(
                            rows.map((row) => [row.internalDepotId, row.lastImportAt]),
                            `${url}: last import of each depot`,
                        )
                        .toEqual(
                            rows.map((row) => [
                                row.internalDepotId,
                                lastImport.get(row.internalDepotId) ?? null,
                            ]),
                        );
                    if (!admin)
                        expect
                            .soft(
                                breaches(
                                    expected,
                                    rows.map((row) => pathOf.get(row.internalDepotId) ?? '?'),
                                ),
                                url,
                            )
                            .toEqual([]);
                } else {
                    // Outside the grant answers exactly like an organisation that does not exist.
                    const refusal = sameRefusal(body, status, tenantId, reference, UNKNOWN_TENANT);
                    expect.soft(refusal.status, url).not.toBe(200);
                    expect
                        .soft(
                            {
                                status: refusal.status,
                                code: refusal.code,
                                message: refusal.message,
                            },
                            url,
                        )
                        .toEqual(refusal.expected);
                }
            }
        },
    },
];
