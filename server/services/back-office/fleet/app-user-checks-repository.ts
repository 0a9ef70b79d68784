/** What the app-account writes check and lock: values other users hold, vehicles, courier-account counts. */
import { and, asc, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { ScopeSet } from '../../../access/scopes.js';
import { scopeCondition } from '../../../access/scope-filter.js';
import type { Queryable } from '../../../db/client.js';
import { subcontractors, users, vehicles } from '../../../db/schema/index.js';

/** Which unique values other users already hold: username (case-insensitive), e-mail, and the mobile as anyone's mobile or landline. */
export async function takenValues(
    db: Queryable,
    values: { username?: string; email: string | null; mobilePhone: string },
    exceptId?: string,
) {
    const conditions = [
        values.username === undefined
            ? undefined
            : sql`upper(${users.username}) = upper(${values.username})`,
        values.email === null ? undefined : sql`lower(${users.email}) = lower(${values.email})`,
        eq(users.mobilePhone, values.mobilePhone),
        eq(users.landLine, values.mobilePhone),
    ];
    const rows = await db
        .select({
            username: users.username,
            email: users.email,
            mobilePhone: users.mobilePhone,
            landLine: users.landLine,
        })
        .from(users)
        .where(and(exceptId ? ne(users.id, exceptId) : undefined, or(...conditions)));
    return {
        username:
            values.username !== undefined &&
            rows.some((row) => row.username?.toUpperCase() === values.username?.toUpperCase()),
        email:
            values.email !== null &&
            rows.some((row) => row.email?.toLowerCase() === values.email?.toLowerCase()),
        mobilePhone: rows.some(
            (row) => row.mobilePhone === values.mobilePhone || row.landLine === values.mobilePhone,
        ),
    };
}

/** A vehicle of the subcontractor, or undefined. */
export async function vehicleOf(db: Queryable, subcontractorId: string, vehicleId: string) {
    const [row] = await db
        .select({ id: vehicles.id })
        .from(vehicles)
        .where(and(eq(vehicles.id, vehicleId), eq(vehicles.subcontractorId, subcontractorId)))
        .limit(1);
    return row;
}

/** Courier accounts (active or not) of the depot. */
export async function courierAccountCount(db: Queryable, depotId: string): Promise<number> {
    const [row] = await db
        .select({ total: count() })
        .from(users)
        .innerJoin(subcontractors, eq(subcontractors.id, users.subcontractorId))
        .where(and(eq(users.type, 'TempDriver'), eq(subcontractors.depotId, depotId)));
    return row?.total ?? 0;
}

/** Locks the depot's subcontractors, so concurrent courier-account creations in one depot count one after the other. */
export async function lockDepotSubcontractors(db: Queryable, depotId: string): Promise<void> {
    await db
        .select({ id: subcontractors.id })
        .from(subcontractors)
        .where(eq(subcontractors.depotId, depotId))
        .orderBy(asc(subcontractors.id))
        .for('update');
}

/** Courier accounts of `ids` under `scopes` (ids outside answer nothing). */
export async function findCourierAccounts(db: Queryable, scopes: ScopeSet, ids: readonly string[]) {
    if (ids.length === 0) return [];
    return db
        .select({
            id: users.id,
            email: users.email,
            username: users.username,
            active: users.active,
        })
        .from(users)
        .where(
            and(
                inArray(users.id, [...ids]),
                eq(users.type, 'TempDriver'),
                scopeCondition(users.scopePath, scopes),
            ),
        );
}
