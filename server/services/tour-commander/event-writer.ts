import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { rowsOf } from '../../db/raw-results.js';

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
 * Writes a batch in one statement; answers the keys stored (`storedKey`). The tours of stored
 * rows are queued for processing and every app server is told (NOTIFY `tour_events`).
 */
export async function writeBatch(db: Queryable, rows: BatchRows): Promise<Set<string>> {
    const json = (value: unknown[]) => sql`${JSON.stringify(value)}::jsonb`;
    const result = await db.execute(sql`
        with stored_positions as (
            insert into positions (tenant_id, vehicle_id, tour_id, occurred_at, latitude,
                longitude, accuracy, speed, heading, altitude, battery, source_key, event_id)
            select "tenantId", "vehicleId", "tourId", "occurredAt", latitude, longitude,
                accuracy, speed, heading, altitude, battery, "sourceKey", "eventId"
            from jsonb_to_recordset(${json(rows.positions)}) as r(
                "tenantId" text, "vehicleId" text, "tourId" text, "occurredAt" timestamptz,
                latitude float8, longitude float8, accuracy real, speed real, heading real,
                altitude real, battery real, "sourceKey" text, "eventId" text)
            on conflict do nothing
            returning source_key, event_id, tour_id
        ), stored_events as (
            insert into driver_app_events (tenant_id, depot_id, scope_path, vehicle_id, user_id,
                tour_id, job_id, type, occurred_at, source_key, event_id, payload)
            select "tenantId", "depotId", "scopePath", "vehicleId", "userId", "tourId", "jobId",
                type, "occurredAt", "sourceKey", "eventId", payload
            from jsonb_to_recordset(${json(rows.events)}) as r(
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
            from jsonb_to_recordset(${json(rows.logins)}) as r(
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
            from jsonb_to_recordset(${json(rows.vehicleStates)}) as r(
                "vehicleId" text, "tenantId" text, "depotId" text, "scopePath" text,
                "tourId" text, latitude float8, longitude float8, accuracy real, speed real,
                heading real, battery real, "positionAt" timestamptz, "appState" text,
                "lastEventAt" timestamptz, "lastEventType" text)
            -- In one order, so concurrent batches of the same vehicles cannot deadlock.
            order by "vehicleId"
            on conflict (vehicle_id) do update set ${sql.raw(VEHICLE_STATE_UPDATE)}
        ), queued as (
            insert into tour_processing_queue (tour_id)
            select distinct tour_id from stored where tour_id is not null order by tour_id
            on conflict do nothing
        )
        select source_key, event_id from stored
        union all
        select null, null from (
            select pg_notify('tour_events', '') from (select 1 from stored limit 1) as any_stored
        ) as told`);
    return new Set(
        rowsOf<{ source_key: string | null; event_id: string | null }>(result).flatMap((row) =>
            row.source_key && row.event_id ? [storedKey(row.source_key, row.event_id)] : [],
        ),
    );
}
