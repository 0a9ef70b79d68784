import type { Database } from '../../db/client.js';
import { executeNamed } from '../../db/prepared.js';

/**
 * The batch write of ingestion, outside the ORM: one statement for the whole batch (positions,
 * events, logins, the vehicles' latest state, the processing queue and its NOTIFY), its rows
 * travelling as JSON parameters that `jsonb_to_recordset` turns into tables, its parts as
 * data-modifying CTEs, which run once each and commit together. One round trip instead of one per
 * table and BEGIN/COMMIT: at thousands of events a second the round trips were what cost most.
 * A row whose sender, event id and time are stored already is skipped (`on conflict do nothing`),
 * so a retried batch stores nothing twice; the statement answers the keys it stored.
 */

export interface PositionRow {
    tenantId: string;
    vehicleId: string;
    tourId: string | null;
    occurredAt: string;
    latitude: number;
    longitude: number;
    accuracy: number | null;
    speed: number | null;
    heading: number | null;
    altitude: number | null;
    battery: number | null;
    sourceKey: string;
    eventId: string;
}

export interface EventRow {
    tenantId: string;
    depotId: string;
    scopePath: string;
    vehicleId: string | null;
    userId: string | null;
    tourId: string | null;
    jobId: string | null;
    type: string;
    occurredAt: string;
    sourceKey: string;
    eventId: string;
    payload: Record<string, unknown>;
}

/** A login kept beside its LOGIN event (the event's row without job, type and payload). */
type LoginRow = Omit<EventRow, 'jobId' | 'type' | 'payload'> & { id: string };

/** `sourceKey eventId` of a stored row. */
export const storedKey = (sourceKey: string, eventId: string) => `${sourceKey} ${eventId}`;

/** The newest state a batch reports for a vehicle. */
export interface VehicleStateRow {
    vehicleId: string;
    tenantId: string;
    depotId: string;
    scopePath: string;
    tourId: string | null;
    latitude: number | null;
    longitude: number | null;
    accuracy: number | null;
    speed: number | null;
    heading: number | null;
    battery: number | null;
    positionAt: string | null;
    appState: string | null;
    lastEventAt: string;
    lastEventType: string;
}

const NEWER_POSITION =
    'excluded.position_at is not null and (vehicle_states.position_at is null or excluded.position_at > vehicle_states.position_at)';
const NEWER_EVENT = 'excluded.last_event_at >= vehicle_states.last_event_at';
const pick = (column: string, when: string) =>
    `${column} = case when ${when} then excluded.${column} else vehicle_states.${column} end`;
const VEHICLE_STATE_UPDATE = [
    ...['latitude', 'longitude', 'accuracy', 'speed', 'heading', 'position_at'].map((column) =>
        pick(column, NEWER_POSITION),
    ),
    ...['tour_id', 'last_event_type'].map((column) => pick(column, NEWER_EVENT)),
    `battery = coalesce(case when ${NEWER_EVENT} then excluded.battery end, vehicle_states.battery)`,
    `app_state = coalesce(case when ${NEWER_EVENT} then excluded.app_state end, vehicle_states.app_state)`,
    'last_event_at = greatest(excluded.last_event_at, vehicle_states.last_event_at)',
    'tenant_id = excluded.tenant_id',
    'depot_id = excluded.depot_id',
    'scope_path = excluded.scope_path',
    'updated_at = now()',
].join(', ');

export interface BatchRows {
    positions: PositionRow[];
    events: EventRow[];
    /** Logins of `events`: stored only with their event. */
    logins: LoginRow[];
    /**
     * The newest state per vehicle of the batch's events. Applied even when every event was a
     * duplicate: a position replaces the stored one only when it is newer on the device (batches
     * may arrive out of order), and likewise the last event, so a retried batch changes nothing.
     */
    vehicleStates: VehicleStateRow[];
}

/**
 * The batch statement: positions, events, logins, vehicle states and the processing queue as
 * data-modifying CTEs of one statement, answering the stored
 * events' keys and telling every app server (NOTIFY `tour_events`) when anything was stored.
 * Positions, the bulk, travel as one array per column ($1–$13: no key names repeated per row,
 * no JSON to parse); events, logins and vehicle states as JSON arrays of rows ($14–$16).
 */
const WRITE_BATCH = `
    with stored_positions as (
        insert into positions (tenant_id, vehicle_id, tour_id, occurred_at, latitude,
            longitude, accuracy, speed, heading, altitude, battery, source_key, event_id)
        select "tenantId", "vehicleId", "tourId", "occurredAt", latitude, longitude,
            accuracy, speed, heading, altitude, battery, "sourceKey", "eventId"
        from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::float8[],
            $6::float8[], $7::real[], $8::real[], $9::real[], $10::real[], $11::real[],
            $12::text[], $13::text[]) as r(
            "tenantId", "vehicleId", "tourId", "occurredAt", latitude, longitude, accuracy,
            speed, heading, altitude, battery, "sourceKey", "eventId")
        on conflict do nothing
        returning source_key, event_id, tour_id
    ), stored_events as (
        insert into driver_app_events (tenant_id, depot_id, scope_path, vehicle_id, user_id,
            tour_id, job_id, type, occurred_at, source_key, event_id, payload)
        select "tenantId", "depotId", "scopePath", "vehicleId", "userId", "tourId", "jobId",
            type, "occurredAt", "sourceKey", "eventId", payload
        from jsonb_to_recordset($14::jsonb) as r(
            "tenantId" text, "depotId" text, "scopePath" text, "vehicleId" text,
            "userId" text, "tourId" text, "jobId" text, type text,
            "occurredAt" timestamptz, "sourceKey" text, "eventId" text, payload jsonb)
        on conflict do nothing
        returning source_key, event_id, tour_id
    ), stored as (
        select * from stored_positions union all select * from stored_events
    ), logins as (
        -- Kept beyond the events' retention (app licences); only those whose event is new.
        insert into driver_app_logins (id, tenant_id, depot_id, scope_path, vehicle_id,
            user_id, tour_id, source_key, event_id, occurred_at)
        select id, "tenantId", "depotId", "scopePath", "vehicleId", "userId", "tourId",
            "sourceKey", "eventId", "occurredAt"
        from jsonb_to_recordset($15::jsonb) as r(
            id text, "tenantId" text, "depotId" text, "scopePath" text, "vehicleId" text,
            "userId" text, "tourId" text, "sourceKey" text, "eventId" text,
            "occurredAt" timestamptz)
        where exists (select 1 from stored_events e
            where e.source_key = r."sourceKey" and e.event_id = r."eventId")
        on conflict do nothing
    ), states as (
        insert into vehicle_states (vehicle_id, tenant_id, depot_id, scope_path, tour_id,
            latitude, longitude, accuracy, speed, heading, battery, position_at, app_state,
            last_event_at, last_event_type, updated_at)
        select "vehicleId", "tenantId", "depotId", "scopePath", "tourId", latitude,
            longitude, accuracy, speed, heading, battery, "positionAt", "appState",
            "lastEventAt", "lastEventType", now()
        from jsonb_to_recordset($16::jsonb) as r(
            "vehicleId" text, "tenantId" text, "depotId" text, "scopePath" text,
            "tourId" text, latitude float8, longitude float8, accuracy real, speed real,
            heading real, battery real, "positionAt" timestamptz, "appState" text,
            "lastEventAt" timestamptz, "lastEventType" text)
        -- In one order, so concurrent batches of the same vehicles cannot deadlock.
        order by "vehicleId"
        on conflict (vehicle_id) do update set ${VEHICLE_STATE_UPDATE}
    ), queued as (
        insert into tour_processing_queue (tour_id)
        select distinct tour_id from stored where tour_id is not null order by tour_id
        on conflict do nothing
    )
    select source_key, event_id from stored
    union all
    select null, null from (
        select pg_notify('tour_events', '') from (select 1 from stored limit 1) as any_stored
    ) as told`;

/** At most this many rows go into one coalesced statement. */
const MAX_ROWS_PER_STATEMENT = 2_500;
/** Statements of coalesced batches running at once per database handle. */
const STATEMENTS_AT_ONCE = 2;

/** Per vehicle, one state of several batches': the newest position, the newest event's fields. */
function mergeStates(states: readonly VehicleStateRow[]): VehicleStateRow[] {
    const merged = new Map<string, VehicleStateRow>();
    for (const state of states) {
        const before = merged.get(state.vehicleId);
        if (!before) {
            merged.set(state.vehicleId, { ...state });
            continue;
        }
        const newer = state.lastEventAt >= before.lastEventAt ? state : before;
        const positioned =
            state.positionAt !== null &&
            (before.positionAt === null || state.positionAt > before.positionAt)
                ? state
                : before;
        merged.set(state.vehicleId, {
            ...newer,
            battery: newer.battery ?? (newer === state ? before.battery : state.battery),
            appState: newer.appState ?? (newer === state ? before.appState : state.appState),
            latitude: positioned.latitude,
            longitude: positioned.longitude,
            accuracy: positioned.accuracy,
            speed: positioned.speed,
            heading: positioned.heading,
            positionAt: positioned.positionAt,
        });
    }
    return [...merged.values()];
}

interface Waiting {
    rows: BatchRows;
    /** The keys this batch stores if the statement stores them (not those an earlier batch of the statement has). */
    keys: Set<string>;
    resolve(stored: Set<string>): void;
    reject(error: unknown): void;
}

const rowCount = (rows: BatchRows) => rows.positions.length + rows.events.length;

/**
 * Batches written together: while statements run, the batches that arrive wait and go into the
 * next statement as one (group commit), so a busy server sends far fewer statements and commits
 * than it gets batches. Each batch learns which of its own rows were stored; a row that an
 * earlier batch of the same statement carries (a retry racing its original) counts as that
 * batch's, so the later one reports it as a duplicate.
 */
class BatchCoalescer {
    private waiting: Waiting[] = [];
    private running = 0;

    constructor(private readonly db: Database) {}

    write(rows: BatchRows): Promise<Set<string>> {
        return new Promise((resolve, reject) => {
            const keys = new Set(
                [...rows.positions, ...rows.events].map((row) =>
                    storedKey(row.sourceKey, row.eventId),
                ),
            );
            this.waiting.push({ rows, keys, resolve, reject });
            if (this.running < STATEMENTS_AT_ONCE) void this.drain();
        });
    }

    private async drain(): Promise<void> {
        this.running += 1;
        try {
            while (this.waiting.length > 0) {
                let size = 0;
                let take = 0;
                while (take < this.waiting.length) {
                    const next = rowCount((this.waiting[take] as Waiting).rows);
                    if (take > 0 && size + next > MAX_ROWS_PER_STATEMENT) break;
                    size += next;
                    take += 1;
                }
                const group = this.waiting.splice(0, take);
                await this.writeGroup(group);
            }
        } finally {
            this.running -= 1;
        }
    }

    private async writeGroup(group: Waiting[]): Promise<void> {
        const claimed = new Set<string>();
        const own = group.map((batch) => {
            const mine = new Set([...batch.keys].filter((key) => !claimed.has(key)));
            for (const key of mine) claimed.add(key);
            return mine;
        });
        const isNew = (index: number) => (row: { sourceKey: string; eventId: string }) =>
            own[index]?.has(storedKey(row.sourceKey, row.eventId)) === true;
        const rows: BatchRows = {
            positions: group.flatMap((batch, i) => batch.rows.positions.filter(isNew(i))),
            events: group.flatMap((batch, i) => batch.rows.events.filter(isNew(i))),
            logins: group.flatMap((batch, i) => batch.rows.logins.filter(isNew(i))),
            vehicleStates: mergeStates(group.flatMap((batch) => batch.rows.vehicleStates)),
        };
        try {
            const stored = await writeRows(this.db, rows);
            group.forEach((batch, i) =>
                batch.resolve(new Set([...(own[i] ?? [])].filter((key) => stored.has(key)))),
            );
        } catch (error) {
            for (const batch of group) batch.reject(error);
        }
    }
}

const coalescers = new WeakMap<Database, BatchCoalescer>();

/**
 * Writes a batch (`WRITE_BATCH`, prepared once per connection), together with the batches that
 * arrive meanwhile (`BatchCoalescer`); answers the keys stored (`storedKey`) of this batch. The
 * tours of stored rows are queued for processing.
 */
export function writeBatch(db: Database, rows: BatchRows): Promise<Set<string>> {
    let coalescer = coalescers.get(db);
    if (!coalescer) {
        coalescer = new BatchCoalescer(db);
        coalescers.set(db, coalescer);
    }
    return coalescer.write(rows);
}

/** The positions' columns in the order of the statement's parameters $1–$13. */
const POSITION_COLUMNS = [
    'tenantId',
    'vehicleId',
    'tourId',
    'occurredAt',
    'latitude',
    'longitude',
    'accuracy',
    'speed',
    'heading',
    'altitude',
    'battery',
    'sourceKey',
    'eventId',
] as const satisfies readonly (keyof PositionRow)[];

/** One statement for `rows`; answers the keys it stored. */
async function writeRows(db: Database, rows: BatchRows): Promise<Set<string>> {
    const stored = await executeNamed<{ source_key: string | null; event_id: string | null }>(
        db,
        'tour_commander_write_batch',
        WRITE_BATCH,
        [
            ...POSITION_COLUMNS.map((column) => rows.positions.map((row) => row[column])),
            ...[rows.events, rows.logins, rows.vehicleStates].map((part) => JSON.stringify(part)),
        ],
    );
    return new Set(
        stored.flatMap((row) =>
            row.source_key && row.event_id ? [storedKey(row.source_key, row.event_id)] : [],
        ),
    );
}
