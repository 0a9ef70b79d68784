import { count, sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Queryable } from '../db/client.js';
import {
    addressCorrections,
    auditLog,
    depotConfigRevisions,
    depotGroups,
    depots,
    driverAppLogins,
    permissionAssignments,
    subcontractors,
    tenantConfigRevisions,
    tenants,
    users,
    vehicles,
} from '../db/schema/index.js';
import { createIdentities } from '../identity/directory.js';
import type { DemoAddressCorrection, DemoDataSet, DemoDriverLogin } from './types.js';

const BATCH_SIZE = 500;
/** Serialises concurrent first starts of several app servers on one database. */
const SEED_LOCK_KEY = 7_305_117_001;

async function insertInBatches<TTable extends PgTable>(
    db: Queryable,
    table: TTable,
    rows: readonly PgInsertValue<TTable>[],
): Promise<void> {
    for (let start = 0; start < rows.length; start += BATCH_SIZE) {
        await db.insert(table).values(rows.slice(start, start + BATCH_SIZE));
    }
}

const minutesAgo = (minutes: number) => sql`now() - ${minutes}::int * interval '1 minute'`;

/** Corrections with their times relative to the moment of seeding. */
function correctionRows(
    rows: readonly DemoAddressCorrection[],
): PgInsertValue<typeof addressCorrections>[] {
    return rows.map(({ createdMinutesAgo, decidedMinutesAgo, ...row }) => ({
        ...row,
        createdAt: minutesAgo(createdMinutesAgo),
        decidedAt: decidedMinutesAgo === null ? null : minutesAgo(decidedMinutesAgo),
    }));
}

/** Driver-app logins with their times relative to the moment of seeding. */
function loginRows(rows: readonly DemoDriverLogin[]): PgInsertValue<typeof driverAppLogins>[] {
    return rows.map(({ minutesAgo: ago, ...row }) => ({
        ...row,
        sourceKey: 'demo',
        eventId: row.id,
        occurredAt: minutesAgo(ago),
        receivedAt: minutesAgo(ago),
    }));
}

/** True when the database holds no organisation yet. */
async function hasNoTenants(db: Queryable): Promise<boolean> {
    const [row] = await db.select({ total: count() }).from(tenants);
    return (row?.total ?? 0) === 0;
}

/**
 * Writes the data set in one transaction, in batches of at most 500 rows, parents before
 * children (users before the vehicles that name them as regular driver). Does nothing and
 * answers false when an organisation already exists when the transaction holds the lock.
 * The technical roles must exist already (ensureTechnicalRoles).
 */
export async function insertDemoDataIfEmpty(db: Database, data: DemoDataSet): Promise<boolean> {
    return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
        if (!(await hasNoTenants(tx))) return false;
        await insertInBatches(tx, tenants, data.tenants);
        await insertInBatches(tx, depotGroups, data.depotGroups);
        await insertInBatches(tx, depots, data.depots);
        await insertInBatches(tx, subcontractors, data.subcontractors);
        await createIdentities(tx, data.identities);
        await insertInBatches(tx, users, data.users);
        await insertInBatches(tx, vehicles, data.vehicles);
        await insertInBatches(tx, permissionAssignments, data.permissionAssignments);
        await insertInBatches(tx, tenantConfigRevisions, data.tenantConfigRevisions);
        await insertInBatches(tx, depotConfigRevisions, data.depotConfigRevisions);
        await insertInBatches(tx, addressCorrections, correctionRows(data.addressCorrections));
        await insertInBatches(tx, driverAppLogins, loginRows(data.driverLogins));
        // The accounts' last login is their latest app login.
        await tx.execute(
            sql`update users set last_login_at = latest.at from (select user_id, max(occurred_at) as at from driver_app_logins group by user_id) latest where latest.user_id = users.id`,
        );
        await insertInBatches(tx, auditLog, data.auditLog);
        return true;
    });
}
