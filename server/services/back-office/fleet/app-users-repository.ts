import {
    and,
    asc,
    count,
    desc,
    eq,
    ilike,
    or,
    sql,
    type AnyColumn,
    type SQL,
    type SQLWrapper,
} from 'drizzle-orm';
import type {
    AppUser,
    AppUserPage,
    AppUserSortField,
    DriverType,
} from '../../../../domain/contracts/fleet.js';
import type { ScopeSet } from '../../../access/scopes.js';
import { escapeLike, scopeCondition } from '../../../access/scope-filter.js';
import type { Queryable } from '../../../db/client.js';
import { nameSortKey, type NameCollation } from '../../../db/name-collation.js';
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

/** Each sort field's order, names in the collation of the user's language; the id breaks ties. */
const sortExpressions = (
    collation: NameCollation,
): Record<AppUserSortField, (AnyColumn | SQLWrapper)[]> => ({
    lastName: [nameSortKey(users.lastName, collation), nameSortKey(users.firstName, collation)],
    firstName: [nameSortKey(users.firstName, collation), nameSortKey(users.lastName, collation)],
    username: [sql`upper(${users.username})`],
    subcontractorName: [nameSortKey(subcontractors.name, collation)],
    vehicleNumber: [vehicles.number],
    lastLogin: [users.lastLoginAt],
    created: [users.createdAt],
    active: [users.active],
});

/** Driver accounts under `scopes.drivers` and courier accounts under `scopes.couriers`. */
function visibleAppUsers(scopes: AppUserScopes): SQL | undefined {
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
    /** Names are ordered in the collation of the user's language (root when absent). */
    collation?: NameCollation;
}

/** One page of the visible driver and courier accounts (0-based), with how many match. */
export async function listAppUsers(
    db: Queryable,
    scopes: AppUserScopes,
    params: AppUserListParams,
): Promise<AppUserPage> {
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
            .orderBy(
                ...sortExpressions(params.collation ?? 'root')[params.sort.field].map((key) =>
                    direction(key),
                ),
                asc(users.id),
            )
            .limit(params.size)
            .offset(params.page * params.size),
        db
            .select({ total: count() })
            .from(users)
            .innerJoin(subcontractors, eq(subcontractors.id, users.subcontractorId))
            .where(where),
    ]);
    const total = totals[0]?.total ?? 0;
    return {
        content: rows.map(toAppUser),
        totalElements: total,
        totalPages: Math.ceil(total / params.size),
        size: params.size,
        number: params.page,
    };
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
