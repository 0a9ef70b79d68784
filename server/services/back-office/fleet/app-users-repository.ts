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
import type { AppUser, AppUserSortField, DriverType } from '../../../../domain/people.js';
import type { ScopeSet } from '../../../access/scopes.js';
import { escapeLike, scopeCondition } from '../../../access/scope-filter.js';
import type { Queryable } from '../../../db/client.js';
import { depots, subcontractors, users, vehicles } from '../../../db/schema/index.js';

/** Where the caller may see (or change) each kind of account. */
export interface AppUserScopes {
    drivers: ScopeSet;
    couriers: ScopeSet;
}

const columns = {
    id: users.id,
    type: users.type,
    driverType: users.driverType,
    username: users.username,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    mobilePhone: users.mobilePhone,
    tenantId: subcontractors.tenantId,
    depotId: subcontractors.depotId,
    externalDepotId: depots.externalDepotId,
    subcontractorId: subcontractors.id,
    subcontractorName: subcontractors.name,
    vehicleId: users.vehicleId,
    vehicleNumber: vehicles.number,
    active: users.active,
    wantsSecondScreenNews: users.wantsSecondScreenNews,
    lastLoginAt: users.lastLoginAt,
    createdAt: users.createdAt,
    version: users.version,
    scopePath: users.scopePath,
};

const joined = (db: Queryable) =>
    db
        .select(columns)
        .from(users)
        .innerJoin(subcontractors, eq(subcontractors.id, users.subcontractorId))
        .innerJoin(depots, eq(depots.internalDepotId, subcontractors.depotId))
        .leftJoin(
            vehicles,
            and(
                eq(vehicles.id, users.vehicleId),
                eq(vehicles.subcontractorId, users.subcontractorId),
            ),
        );

type Row = Awaited<ReturnType<typeof joined>>[number];

function toAppUser(row: Row): AppUser {
    const type = row.type === 'TempDriver' ? 'TempDriver' : 'Driver';
    return {
        id: row.id,
        type,
        driverType: type === 'TempDriver' ? 'TEMP_DRIVER' : 'DRIVER',
        username: row.username ?? '',
        email: row.email,
        firstName: row.firstName,
        lastName: row.lastName,
        mobilePhone: row.mobilePhone ?? '',
        tenantId: row.tenantId,
        depotId: row.depotId,
        externalDepotId: row.externalDepotId,
        subcontractorId: row.subcontractorId,
        subcontractorName: row.subcontractorName,
        vehicleId: row.vehicleNumber === null ? null : row.vehicleId,
        vehicleNumber: row.vehicleNumber,
        active: row.active,
        wantsSecondScreenNews: row.wantsSecondScreenNews,
        lastLogin: row.lastLoginAt?.toISOString() ?? null,
        created: row.createdAt.toISOString(),
        version: row.version,
        scopePath: row.scopePath ?? '',
    };
}

const sortExpressions: Record<AppUserSortField, AnyColumn | SQLWrapper> = {
    lastName: sql`lower(${users.lastName})`,
    firstName: sql`lower(${users.firstName})`,
    username: sql`upper(${users.username})`,
    subcontractorName: sql`lower(${subcontractors.name})`,
    vehicleNumber: vehicles.number,
    lastLogin: users.lastLoginAt,
    created: users.createdAt,
    active: users.active,
};

/** Driver accounts under `scopes.drivers` and courier accounts under `scopes.couriers`. */
export function visibleAppUsers(scopes: AppUserScopes): SQL | undefined {
    return or(
        and(eq(users.type, 'Driver'), scopeCondition(users.scopePath, scopes.drivers)),
        and(eq(users.type, 'TempDriver'), scopeCondition(users.scopePath, scopes.couriers)),
    );
}

export interface AppUserListParams {
    driverType?: DriverType;
    active?: boolean;
    subcontractorId?: string;
    search?: string;
    page: number;
    size: number;
    sort: { field: AppUserSortField; order: 'asc' | 'desc' };
}

/** One page of the visible driver and courier accounts, and how many match. */
export async function listAppUsers(
    db: Queryable,
    scopes: AppUserScopes,
    params: AppUserListParams,
) {
    const search = params.search?.trim();
    const pattern = search ? `%${escapeLike(search)}%` : undefined;
    const where = and(
        visibleAppUsers(scopes),
        params.driverType
            ? eq(users.type, params.driverType === 'TEMP_DRIVER' ? 'TempDriver' : 'Driver')
            : undefined,
        params.active === undefined ? undefined : eq(users.active, params.active),
        params.subcontractorId ? eq(users.subcontractorId, params.subcontractorId) : undefined,
        pattern
            ? or(
                  ilike(users.firstName, pattern),
                  ilike(users.lastName, pattern),
                  sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
                  ilike(users.username, pattern),
                  ilike(users.mobilePhone, pattern),
              )
            : undefined,
    );
    const direction = params.sort.order === 'asc' ? asc : desc;
    const [rows, totals] = await Promise.all([
        joined(db)
            .where(where)
            .orderBy(direction(sortExpressions[params.sort.field]), asc(users.id))
            .limit(params.size)
            .offset(params.page * params.size),
        db
            .select({ total: count() })
            .from(users)
            .innerJoin(subcontractors, eq(subcontractors.id, users.subcontractorId))
            .where(where),
    ]);
    return { rows: rows.map(toAppUser), total: totals[0]?.total ?? 0 };
}

/** One account of `type` under `scopes`, with its identity link. */
export async function findAppUser(
    db: Queryable,
    scopes: ScopeSet,
    type: 'Driver' | 'TempDriver',
    id: string,
) {
    const [row] = await db
        .select({ ...columns, identitySub: users.identitySub })
        .from(users)
        .innerJoin(subcontractors, eq(subcontractors.id, users.subcontractorId))
        .innerJoin(depots, eq(depots.internalDepotId, subcontractors.depotId))
        .leftJoin(
            vehicles,
            and(
                eq(vehicles.id, users.vehicleId),
                eq(vehicles.subcontractorId, users.subcontractorId),
            ),
        )
        .where(and(eq(users.id, id), eq(users.type, type), scopeCondition(users.scopePath, scopes)))
        .limit(1);
    return row ? { user: toAppUser(row), identitySub: row.identitySub } : undefined;
}

/** The account as the answer shows it, whatever the caller's scopes (after a write the caller was allowed to make). */
export async function loadAppUser(db: Queryable, id: string): Promise<AppUser> {
    const [row] = await joined(db).where(eq(users.id, id)).limit(1);
    if (!row) throw new Error(`app user ${id} vanished`);
    return toAppUser(row);
}

/** The identity username of a driver or courier account: the e-mail when it has one, else the username (lower-case). */
export const identityUsernameOf = (account: { email: string | null; username: string }) =>
    (account.email ?? account.username).trim().toLowerCase();

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
