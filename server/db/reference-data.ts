import { asc } from 'drizzle-orm';
import type { Database, Queryable } from './client.js';
import { depotGroups, depots, subcontractors, tenants } from './schema/index.js';

type TenantRow = typeof tenants.$inferSelect;
type DepotGroupRow = typeof depotGroups.$inferSelect;
type DepotRow = typeof depots.$inferSelect;
type SubcontractorRow = typeof subcontractors.$inferSelect;

/**
 * The organisation model's master data, whole: organisations, depot groups, depots and
 * subcontractors. Small (hundreds to a few thousand rows), read by nearly every answer (names
 * of scopes, the scope tree, the organisation list) and rarely written.
 */
export interface ReferenceData {
    /** Ordered by name. */
    tenants: readonly TenantRow[];
    tenantById: ReadonlyMap<string, TenantRow>;
    depotGroupById: ReadonlyMap<string, DepotGroupRow>;
    /** By internal depot id. */
    depotById: ReadonlyMap<string, DepotRow>;
    subcontractorById: ReadonlyMap<string, SubcontractorRow>;
}

/** The tables `ReferenceData` holds; a write to any of them makes the cached copy stale. */
export const REFERENCE_TABLES = ['tenants', 'depot_groups', 'depots', 'subcontractors'] as const;

/** Reads the four tables (four queries, in parallel). */
async function loadReferenceData(db: Queryable): Promise<ReferenceData> {
    const [tenantRows, groupRows, depotRows, subcontractorRows] = await Promise.all([
        db.select().from(tenants).orderBy(asc(tenants.name)),
        db.select().from(depotGroups),
        db.select().from(depots),
        db.select().from(subcontractors),
    ]);
    return {
        tenants: tenantRows,
        tenantById: new Map(tenantRows.map((row) => [row.id, row])),
        depotGroupById: new Map(groupRows.map((row) => [row.id, row])),
        depotById: new Map(depotRows.map((row) => [row.internalDepotId, row])),
        subcontractorById: new Map(subcontractorRows.map((row) => [row.id, row])),
    };
}

/**
 * One server's copy of `ReferenceData`, loaded on first use and dropped by `clear()` whenever
 * one of its tables changes (database triggers notify channel `reference_changed`, migration
 * 0008; see `server/plugins/reference-data.ts`). While notifications are not
 * received (`setEnabled(false)`), nothing is kept and every read goes to the database.
 */
export class ReferenceCache {
    #current: Promise<ReferenceData> | undefined;
    #enabled = true;
    #epoch = 0;

    /**
     * Counts the drops: a copy of anything derived from the master data, taken at one epoch, is
     * current while the epoch is the same. Null while nothing may be kept.
     */
    get epoch(): number | null {
        return this.#enabled ? this.#epoch : null;
    }

    constructor(
        private readonly db: Database,
        private readonly load: (db: Queryable) => Promise<ReferenceData> = loadReferenceData,
    ) {}

    get(): Promise<ReferenceData> {
        if (!this.#enabled) return this.load(this.db);
        if (this.#current) return this.#current;
        const loading = this.load(this.db);
        this.#current = loading;
        loading.catch(() => {
            if (this.#current === loading) this.#current = undefined;
        });
        return loading;
    }

    /**
     * Drops the copy. A copy still loading is dropped too: it may have read the tables before
     * the change, so it answers only the reads that were already waiting for it.
     */
    clear(): void {
        this.#current = undefined;
        this.#epoch += 1;
    }

    setEnabled(enabled: boolean): void {
        this.#enabled = enabled;
        this.clear();
    }
}

const caches = new WeakMap<object, ReferenceCache>();

/** Makes `referenceData(db)` answer from `cache` for this database handle (not its transactions). */
export function shareReferenceCache(db: Database, cache: ReferenceCache): void {
    caches.set(db, cache);
}

/**
 * Drops this server's copy right after a committed write to one of `REFERENCE_TABLES`, so that
 * the writer's own answer (read after the commit) shows the write: the database's notification
 * reaches the listener a moment later, and the write request's `onSend` clear comes after the
 * handler has already read.
 */
export function referenceDataChanged(db: Queryable): void {
    caches.get(db)?.clear();
}

/**
 * The epoch of this server's copy of the master data (`ReferenceCache.epoch`) for caches of
 * what derives from it; null where nothing may be kept (no cache, or notifications not received).
 */
export function referenceEpoch(db: Queryable): number | null {
    return caches.get(db)?.epoch ?? null;
}

/**
 * The master data as `db` sees it: from the server's cache when `db` is the server's database
 * handle, read afresh inside a transaction (which must see its own writes) or where no cache is
 * set up (tools, tests).
 */
export function referenceData(db: Queryable): Promise<ReferenceData> {
    return caches.get(db)?.get() ?? loadReferenceData(db);
}
