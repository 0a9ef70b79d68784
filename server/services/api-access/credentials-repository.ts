import {
    and,
    asc,
    count,
    desc,
    eq,
    gt,
    ilike,
    inArray,
    isNotNull,
    isNull,
    lte,
    or,
    sql,
    type SQL,
} from 'drizzle-orm';
import { credentialStatus, normaliseScopes } from '../../../domain/apiAccess.js';
import type { ApiCredential } from '../../../domain/contracts/api-access.js';
import { escapeLike } from '../../access/scope-filter.js';
import type { Queryable } from '../../db/client.js';
import { apiCredentials, users } from '../../db/schema/index.js';
import type { ListParams } from '../../shared/simple-rest.js';
import type {
    ApiCredentialFilter,
    CredentialSortField,
} from '../../../domain/contracts/api-access.js';

/** The organisations whose credentials a caller may read: every one, or these tenant ids. */
export type CredentialTenants = 'ALL' | string[];

export type CredentialRow = typeof apiCredentials.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The answer shape of a stored credential (no hash), with its creator's name. */
function toApiCredential(
    row: CredentialRow,
    creator: { id: string; firstName: string; lastName: string } | null,
    now = new Date(),
): ApiCredential {
    return {
        id: row.id,
        tenantId: row.tenantId,
        clientId: row.clientId,
        name: row.name,
        scopes: normaliseScopes(row.scopes),
        expiresAt: iso(row.expiresAt),
        revokedAt: iso(row.revokedAt),
        lastUsedAt: iso(row.lastUsedAt),
        rotatedAt: iso(row.rotatedAt),
        createdAt: row.createdAt.toISOString(),
        createdBy: creator
            ? { id: creator.id, name: `${creator.firstName} ${creator.lastName}`.trim() }
            : null,
        status: credentialStatus(row, now),
        version: row.version,
    };
}

function tenantCondition(tenants: CredentialTenants): SQL | undefined {
    if (tenants === 'ALL') return undefined;
    if (tenants.length === 0) return sql`false`;
    return inArray(apiCredentials.tenantId, tenants);
}

function statusCondition(status: ApiCredentialFilter['status'], now: Date): SQL | undefined {
    if (status === 'REVOKED') return isNotNull(apiCredentials.revokedAt);
    if (status === 'EXPIRED')
        return and(isNull(apiCredentials.revokedAt), lte(apiCredentials.expiresAt, now));
    if (status === 'ACTIVE')
        return and(
            isNull(apiCredentials.revokedAt),
            or(isNull(apiCredentials.expiresAt), gt(apiCredentials.expiresAt, now)),
        );
    return undefined;
}

const sortColumns = {
    name: sql`lower(${apiCredentials.name})`,
    clientId: apiCredentials.clientId,
    createdAt: apiCredentials.createdAt,
    expiresAt: apiCredentials.expiresAt,
    lastUsedAt: apiCredentials.lastUsedAt,
} as const;

const creatorColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName };

/** One page of the credentials of `tenants`, filtered and sorted, with the total. */
export async function listCredentials(
    db: Queryable,
    tenants: CredentialTenants,
    params: ListParams<CredentialSortField, ApiCredentialFilter>,
): Promise<{ rows: ApiCredential[]; total: number }> {
    const now = new Date();
    const { filter } = params;
    const ids =
        filter.id === undefined ? undefined : Array.isArray(filter.id) ? filter.id : [filter.id];
    const where = and(
        tenantCondition(tenants),
        filter.tenantId ? eq(apiCredentials.tenantId, filter.tenantId) : undefined,
        filter.q
            ? or(
                  ilike(apiCredentials.name, `%${escapeLike(filter.q)}%`),
                  ilike(apiCredentials.clientId, `%${escapeLike(filter.q)}%`),
              )
            : undefined,
        statusCondition(filter.status, now),
        ids ? (ids.length === 0 ? sql`false` : inArray(apiCredentials.id, ids)) : undefined,
    );
    const column = sortColumns[params.sort.field];
    const order = params.sort.order === 'ASC' ? asc(column) : desc(column);
    const [rows, totals] = await Promise.all([
        db
            .select({ credential: apiCredentials, creator: creatorColumns })
            .from(apiCredentials)
            .leftJoin(users, eq(users.id, apiCredentials.createdBy))
            .where(where)
            .orderBy(order, asc(apiCredentials.id))
            .limit(params.limit)
            .offset(params.offset),
        db.select({ total: count() }).from(apiCredentials).where(where),
    ]);
    return {
        rows: rows.map((row) => toApiCredential(row.credential, row.creator, now)),
        total: totals[0]?.total ?? 0,
    };
}

/** The stored row of a credential of `tenants`, or undefined (unknown or another organisation's). */
export async function findCredentialRow(
    db: Queryable,
    tenants: CredentialTenants,
    id: string,
    lock = false,
): Promise<CredentialRow | undefined> {
    const query = db
        .select()
        .from(apiCredentials)
        .where(and(eq(apiCredentials.id, id), tenantCondition(tenants)));
    const [row] = lock ? await query.for('update') : await query;
    return row;
}

/** A credential of `tenants` in the answer shape, or undefined. */
export async function findCredential(
    db: Queryable,
    tenants: CredentialTenants,
    id: string,
): Promise<ApiCredential | undefined> {
    const [row] = await db
        .select({ credential: apiCredentials, creator: creatorColumns })
        .from(apiCredentials)
        .leftJoin(users, eq(users.id, apiCredentials.createdBy))
        .where(and(eq(apiCredentials.id, id), tenantCondition(tenants)));
    return row ? toApiCredential(row.credential, row.creator) : undefined;
}

/** The credential a client id names (any organisation): the token endpoint's lookup. */
export async function credentialByClientId(
    db: Queryable,
    clientId: string,
): Promise<CredentialRow | undefined> {
    const [row] = await db
        .select()
        .from(apiCredentials)
        .where(eq(apiCredentials.clientId, clientId));
    return row;
}

/** Notes that a credential was just exchanged for a token. */
export async function markCredentialUsed(db: Queryable, id: string): Promise<void> {
    await db
        .update(apiCredentials)
        .set({ lastUsedAt: new Date() })
        .where(eq(apiCredentials.id, id));
}
