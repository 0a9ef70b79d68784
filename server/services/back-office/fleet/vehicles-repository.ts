import {
    and,
    asc,
    count,
    desc,
    eq,
    ilike,
    inArray,
    ne,
    or,
    sql,
    type AnyColumn,
    type SQL,
    type SQLWrapper,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Vehicle } from '../../../../domain/contracts/fleet.js';
import type { ScopeSet } from '../../../access/scopes.js';
import { escapeLike, scopeCondition } from '../../../access/scope-filter.js';
import type { Queryable } from '../../../db/client.js';
import { subcontractors, users, vehicles } from '../../../db/schema/index.js';
import type { ListParams } from '../../../shared/simple-rest.js';
import type { VehicleFilter, VehicleSortField } from '../../../../domain/contracts/fleet.js';

const baseDriver = alias(users, 'base_driver');
const baseDriverName = sql<
    string | null
>`case when ${baseDriver.id} is null then null else ${baseDriver.firstName} || ' ' || ${baseDriver.lastName} end`;

const columns = {
    id: vehicles.id,
    tenantId: vehicles.tenantId,
    depotId: vehicles.depotId,
    subcontractorId: vehicles.subcontractorId,
    subcontractorName: subcontractors.name,
    number: vehicles.number,
    baseDriverId: vehicles.baseDriverId,
    baseDriverName,
    scopePath: vehicles.scopePath,
    version: vehicles.version,
};

const sortExpressions: Record<VehicleSortField, AnyColumn | SQLWrapper> = {
    number: vehicles.number,
    subcontractorName: sql`${subcontractors.name}`,
    baseDriverName: sql`${baseDriverName}`,
};

function whereClause(scopes: ScopeSet, filter: VehicleFilter): SQL | undefined {
    const search = filter.q?.trim();
    const pattern = search ? `%${escapeLike(search)}%` : undefined;
    return and(
        scopeCondition(vehicles.scopePath, scopes),
        filter.depotId ? eq(vehicles.depotId, filter.depotId) : undefined,
        filter.subcontractorId ? eq(vehicles.subcontractorId, filter.subcontractorId) : undefined,
        filter.id
            ? filter.id.length === 0
                ? sql`false`
                : inArray(vehicles.id, filter.id)
            : undefined,
        pattern
            ? or(
                  ilike(vehicles.number, pattern),
                  ilike(subcontractors.name, pattern),
                  sql`${baseDriverName} ilike ${pattern}`,
              )
            : undefined,
    );
}

const joined = (db: Queryable) =>
    db
        .select(columns)
        .from(vehicles)
        .innerJoin(subcontractors, eq(subcontractors.id, vehicles.subcontractorId))
        .leftJoin(baseDriver, eq(baseDriver.id, vehicles.baseDriverId));

/** One page of the vehicles under `scopes` and how many match. */
export async function listVehicles(
    db: Queryable,
    scopes: ScopeSet,
    params: ListParams<VehicleSortField, VehicleFilter>,
) {
    const where = whereClause(scopes, params.filter);
    const direction = params.sort.order === 'ASC' ? asc : desc;
    const [rows, totals] = await Promise.all([
        joined(db)
            .where(where)
            .orderBy(direction(sortExpressions[params.sort.field]), asc(vehicles.id))
            .limit(params.limit)
            .offset(params.offset),
        db
            .select({ total: count() })
            .from(vehicles)
            .innerJoin(subcontractors, eq(subcontractors.id, vehicles.subcontractorId))
            .leftJoin(baseDriver, eq(baseDriver.id, vehicles.baseDriverId))
            .where(where),
    ]);
    return { rows: rows satisfies Vehicle[], total: totals[0]?.total ?? 0 };
}

/** One vehicle if it lies under `scopes`. */
export async function findVehicle(
    db: Queryable,
    scopes: ScopeSet,
    id: string,
): Promise<Vehicle | undefined> {
    const [row] = await joined(db)
        .where(and(eq(vehicles.id, id), scopeCondition(vehicles.scopePath, scopes)))
        .limit(1);
    return row;
}

/** True when another vehicle of the depot has this number. */
export async function numberTaken(
    db: Queryable,
    depotId: string,
    number: string,
    exceptId?: string,
): Promise<boolean> {
    const [row] = await db
        .select({ id: vehicles.id })
        .from(vehicles)
        .where(
            and(
                eq(vehicles.depotId, depotId),
                eq(vehicles.number, number),
                exceptId ? ne(vehicles.id, exceptId) : undefined,
            ),
        )
        .limit(1);
    return row !== undefined;
}

/** True when `userId` is a driver app account (type Driver) of the subcontractor. */
export async function isDriverOf(
    db: Queryable,
    subcontractorId: string,
    userId: string,
): Promise<boolean> {
    const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(
            and(
                eq(users.id, userId),
                eq(users.type, 'Driver'),
                eq(users.subcontractorId, subcontractorId),
            ),
        )
        .limit(1);
    return row !== undefined;
}
