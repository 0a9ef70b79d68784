import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
    addressKeyOf,
    type AddressInfoEntry,
    type AddressKeyParts,
} from '../../../domain/addressDeliveryInfo.js';
import type {
    AddressDeliveryInfo,
    AddressDeliveryInfoFilter,
    AddressDeliveryInfoSortField,
} from '../../../domain/contracts/address-delivery-info.js';
import { splitScopePath } from '../../../domain/scopePath.js';
import { escapeLike, scopeCondition } from '../../access/scope-filter.js';
import type { ScopeSet } from '../../access/scopes.js';
import type { Queryable } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { addressDeliveryInfos, depots } from '../../db/schema/index.js';
import type { ListParams } from '../../shared/simple-rest.js';

/** Rows written per statement (about 20 parameters each, far below PostgreSQL's 65,535). */
const ROWS_PER_STATEMENT = 1_000;

/** The depot a request's `?path=` names, as the routes need it. */
export interface DepotAtPath {
    id: string;
    tenantId: string;
    scopePath: string;
}

/**
 * The depot whose scope path is exactly `path` (its internal id is the last segment), if it lies
 * under `scopes`; undefined for an unknown depot, a wrong path to a real one, or one outside.
 */
export async function findDepotAtPath(
    db: Queryable,
    scopes: ScopeSet,
    path: string,
): Promise<DepotAtPath | undefined> {
    const internalDepotId = splitScopePath(path).at(-1) ?? '';
    const [row] = await db
        .select({
            id: depots.internalDepotId,
            tenantId: depots.tenantId,
            scopePath: depots.scopePath,
        })
        .from(depots)
        .where(
            and(
                eq(depots.internalDepotId, internalDepotId),
                eq(depots.scopePath, path),
                scopeCondition(depots.scopePath, scopes),
            ),
        )
        .limit(1);
    return row;
}

const columns = {
    id: addressDeliveryInfos.id,
    depotId: addressDeliveryInfos.depotId,
    street: addressDeliveryInfos.street,
    houseNo: addressDeliveryInfos.houseNo,
    postcode: addressDeliveryInfos.postcode,
    locality: addressDeliveryInfos.locality,
    countryCode: addressDeliveryInfos.countryCode,
    addressKey: addressDeliveryInfos.addressKey,
    latitude: addressDeliveryInfos.latitude,
    longitude: addressDeliveryInfos.longitude,
    coordinateType: addressDeliveryInfos.coordinateType,
    deliveryNote: addressDeliveryInfos.deliveryNote,
    accessCode: addressDeliveryInfos.accessCode,
    safePlace: addressDeliveryInfos.safePlace,
    openingHours: addressDeliveryInfos.openingHours,
    createdAt: addressDeliveryInfos.createdAt,
    updatedAt: addressDeliveryInfos.updatedAt,
};

type Row = Omit<AddressDeliveryInfo, 'createdAt' | 'updatedAt'> & {
    createdAt: Date;
    updatedAt: Date;
};

const toInfo = (row: Row): AddressDeliveryInfo => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
});

const sortColumns = {
    street: addressDeliveryInfos.street,
    postcode: addressDeliveryInfos.postcode,
    locality: addressDeliveryInfos.locality,
    updatedAt: addressDeliveryInfos.updatedAt,
} as const satisfies Record<AddressDeliveryInfoSortField, unknown>;

function searchCondition(filter: AddressDeliveryInfoFilter): SQL | undefined {
    const search = filter.q?.trim();
    if (!search) return undefined;
    const pattern = `%${escapeLike(search)}%`;
    return or(
        ilike(addressDeliveryInfos.street, pattern),
        ilike(addressDeliveryInfos.houseNo, pattern),
        ilike(addressDeliveryInfos.postcode, pattern),
        ilike(addressDeliveryInfos.locality, pattern),
        ilike(addressDeliveryInfos.deliveryNote, pattern),
        ilike(addressDeliveryInfos.safePlace, pattern),
        ilike(addressDeliveryInfos.openingHours, pattern),
    );
}

/** One page of a depot's entries and how many match. */
export async function listAddressDeliveryInfos(
    db: Queryable,
    depotId: string,
    params: ListParams<AddressDeliveryInfoSortField, AddressDeliveryInfoFilter>,
): Promise<{ rows: AddressDeliveryInfo[]; total: number }> {
    const where = and(eq(addressDeliveryInfos.depotId, depotId), searchCondition(params.filter));
    const direction = params.sort.order === 'ASC' ? asc : desc;
    const [rows, totals] = await Promise.all([
        db
            .select(columns)
            .from(addressDeliveryInfos)
            .where(where)
            .orderBy(direction(sortColumns[params.sort.field]), asc(addressDeliveryInfos.id))
            .limit(params.limit)
            .offset(params.offset),
        db.select({ total: count() }).from(addressDeliveryInfos).where(where),
    ]);
    return { rows: rows.map(toInfo), total: totals[0]?.total ?? 0 };
}

/**
 * The delivery information of a depot for each of `addresses` that has an entry, keyed by the
 * normalised address key (`addressKeyOf` of domain/addressDeliveryInfo.ts): what a tour's
 * waypoints at those addresses carry. One indexed read for any number of addresses.
 */
export async function findAddressDeliveryInfo(
    db: Queryable,
    depotId: string,
    addresses: readonly AddressKeyParts[],
): Promise<Map<string, AddressDeliveryInfo>> {
    const keys = [...new Set(addresses.map(addressKeyOf))];
    if (keys.length === 0) return new Map();
    const rows = await db
        .select(columns)
        .from(addressDeliveryInfos)
        .where(
            and(
                eq(addressDeliveryInfos.depotId, depotId),
                inArray(addressDeliveryInfos.addressKey, keys),
            ),
        );
    return new Map(rows.map((row) => [row.addressKey, toInfo(row)]));
}

/**
 * Writes the entries of an upload into a depot: a new address is inserted, a known one (same
 * key) replaced field by field. Answers how many were created and how many replaced.
 */
export async function upsertAddressDeliveryInfos(
    db: Queryable,
    depot: DepotAtPath,
    entries: readonly AddressInfoEntry[],
    userId: string | null,
): Promise<{ created: number; updated: number }> {
    let created = 0;
    for (let start = 0; start < entries.length; start += ROWS_PER_STATEMENT) {
        const chunk = entries.slice(start, start + ROWS_PER_STATEMENT);
        const rows = await db
            .insert(addressDeliveryInfos)
            .values(
                chunk.map((entry) => ({
                    id: newId(),
                    tenantId: depot.tenantId,
                    depotId: depot.id,
                    scopePath: depot.scopePath,
                    addressKey: entry.key,
                    ...entry.values,
                    createdBy: userId,
                    updatedBy: userId,
                })),
            )
            .onConflictDoUpdate({
                target: [addressDeliveryInfos.depotId, addressDeliveryInfos.addressKey],
                set: {
                    street: sql`excluded.street`,
                    houseNo: sql`excluded.house_no`,
                    postcode: sql`excluded.postcode`,
                    locality: sql`excluded.locality`,
                    countryCode: sql`excluded.country_code`,
                    latitude: sql`excluded.latitude`,
                    longitude: sql`excluded.longitude`,
                    coordinateType: sql`excluded.coordinate_type`,
                    deliveryNote: sql`excluded.delivery_note`,
                    accessCode: sql`excluded.access_code`,
                    safePlace: sql`excluded.safe_place`,
                    openingHours: sql`excluded.opening_hours`,
                    updatedBy: sql`excluded.updated_by`,
                    updatedAt: sql`now()`,
                },
            })
            // xmax is 0 on a freshly inserted row version, set on one that replaced a conflicting row.
            .returning({ inserted: sql<boolean>`(xmax = 0)` });
        created += rows.filter((row) => row.inserted).length;
    }
    return { created, updated: entries.length - created };
}

/** How many entries a depot holds. */
export async function countAddressDeliveryInfos(db: Queryable, depotId: string): Promise<number> {
    const [row] = await db
        .select({ total: count() })
        .from(addressDeliveryInfos)
        .where(eq(addressDeliveryInfos.depotId, depotId));
    return row?.total ?? 0;
}

/** Deletes one entry of a depot; answers it, or undefined when the depot has no such entry. */
export async function deleteAddressDeliveryInfo(
    db: Queryable,
    depotId: string,
    id: string,
): Promise<AddressDeliveryInfo | undefined> {
    const [row] = await db
        .delete(addressDeliveryInfos)
        .where(and(eq(addressDeliveryInfos.id, id), eq(addressDeliveryInfos.depotId, depotId)))
        .returning(columns);
    return row && toInfo(row);
}
