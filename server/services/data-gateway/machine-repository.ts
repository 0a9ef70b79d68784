import { and, asc, count, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { depots, jobAssignments } from '../../db/schema/index.js';
import type {
    ExternalAssignmentPage,
    ExternalDepotPage,
} from '../../../domain/contracts/data-gateway.js';

const pageFrom = <T>(content: T[], total: number, page: number, size: number) => ({
    content,
    totalElements: total,
    totalPages: Math.ceil(total / size),
    size,
    number: page,
});

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The organisation's depots, by external id. */
export async function organisationDepots(
    db: Queryable,
    tenantId: string,
    page: number,
    size: number,
): Promise<ExternalDepotPage> {
    const where = eq(depots.tenantId, tenantId);
    const [rows, totals] = await Promise.all([
        db
            .select()
            .from(depots)
            .where(where)
            .orderBy(asc(depots.externalDepotId), asc(depots.internalDepotId))
            .limit(size)
            .offset(page * size),
        db.select({ total: count() }).from(depots).where(where),
    ]);
    const content = rows.map((depot) => ({
        externalDepotId: depot.externalDepotId,
        name: depot.name,
        address: {
            street: depot.street,
            houseNo: depot.houseNo,
            postcode: depot.postcode,
            locality: depot.locality,
            countryCode: depot.countryCode,
        },
        coordinates: { latitude: depot.latitude, longitude: depot.longitude },
        timeZone: depot.timeZone,
    }));
    return pageFrom(content, totals[0]?.total ?? 0, page, size);
}

/** The organisation's job assignments of a day, optionally of one depot (by external id), oldest import first. */
export async function organisationAssignments(
    db: Queryable,
    tenantId: string,
    query: { date: string; externalDepotId?: string },
    page: number,
    size: number,
): Promise<ExternalAssignmentPage> {
    const where = and(
        eq(jobAssignments.tenantId, tenantId),
        eq(jobAssignments.assignmentDate, query.date),
        query.externalDepotId === undefined
            ? undefined
            : eq(depots.externalDepotId, query.externalDepotId),
    );
    const [rows, totals] = await Promise.all([
        db
            .select({ assignment: jobAssignments, externalDepotId: depots.externalDepotId })
            .from(jobAssignments)
            .innerJoin(
                depots,
                and(
                    eq(depots.internalDepotId, jobAssignments.depotId),
                    eq(depots.tenantId, jobAssignments.tenantId),
                ),
            )
            .where(where)
            .orderBy(asc(jobAssignments.importedAt), asc(jobAssignments.id))
            .limit(size)
            .offset(page * size),
        db
            .select({ total: count() })
            .from(jobAssignments)
            .innerJoin(
                depots,
                and(
                    eq(depots.internalDepotId, jobAssignments.depotId),
                    eq(depots.tenantId, jobAssignments.tenantId),
                ),
            )
            .where(where),
    ]);
    const content = rows.map(({ assignment, externalDepotId }) => ({
        id: assignment.id,
        jobId: assignment.jobId,
        externalDepotId,
        assignmentDate: assignment.assignmentDate,
        assignmentKey: assignment.assignmentKey,
        assignmentValue: assignment.assignmentValue,
        priorityGroup: assignment.priorityGroup,
        scanTime: iso(assignment.scanTime),
        source: assignment.source,
        createdExtAt: iso(assignment.createdExtAt),
        importedAt: assignment.importedAt.toISOString(),
        expiredAt: iso(assignment.expiredAt),
    }));
    return pageFrom(content, totals[0]?.total ?? 0, page, size);
}
