import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { rowsOf } from '../../db/raw-results.js';

/**
 * Batch writes of the append-only tables, outside the ORM: one statement per table and batch,
 * the rows travelling as one JSON parameter that `jsonb_to_recordset` turns into a table (one
 * statement to parse and plan, on PostgreSQL and PGlite alike). A row whose sender, event id
 * and time are stored already is skipped (`on conflict do nothing`), so a retried batch stores
 * nothing twice; each writer answers the keys it stored.
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

export interface LoginRow {
    id: string;
    tenantId: string;
    depotId: string;
    scopePath: string;
    vehicleId: string | null;
    userId: string | null;
    tourId: string | null;
    sourceKey: string;
    eventId: string;
    occurredAt: string;
}

/** `sourceKey eventId` of a stored row. */
export const storedKey = (sourceKey: string, eventId: string) => `${sourceKey} ${eventId}`;

type Stored = { source_key: string; event_id: string };
const keysOf = (result: unknown) =>
    new Set(rowsOf<Stored>(result).map((row) => storedKey(row.source_key, row.event_id)));

/** Inserts positions; answers the keys stored (duplicates are left out). */
export async function insertPositions(tx: Queryable, rows: PositionRow[]): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    const result = await tx.execute(sql`
        insert into positions (tenant_id, vehicle_id, tour_id, occurred_at, latitude, longitude,
            accuracy, speed, heading, altitude, battery, source_key, event_id)
        select "tenantId", "vehicleId", "tourId", "occurredAt", latitude, longitude,
            accuracy, speed, heading, altitude, battery, "sourceKey", "eventId"
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
            "tenantId" text, "vehicleId" text, "tourId" text, "occurredAt" timestamptz,
            latitude float8, longitude float8, accuracy real, speed real, heading real,
            altitude real, battery real, "sourceKey" text, "eventId" text)
        on conflict do nothing
        returning source_key, event_id`);
    return keysOf(result);
}

/** Inserts driver-app events other than positions; answers the keys stored. */
export async function insertEvents(tx: Queryable, rows: EventRow[]): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    const result = await tx.execute(sql`
        insert into driver_app_events (tenant_id, depot_id, scope_path, vehicle_id, user_id,
            tour_id, job_id, type, occurred_at, source_key, event_id, payload)
        select "tenantId", "depotId", "scopePath", "vehicleId", "userId", "tourId", "jobId",
            type, "occurredAt", "sourceKey", "eventId", payload
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
            "tenantId" text, "depotId" text, "scopePath" text, "vehicleId" text, "userId" text,
            "tourId" text, "jobId" text, type text, "occurredAt" timestamptz, "sourceKey" text,
            "eventId" text, payload jsonb)
        on conflict do nothing
        returning source_key, event_id`);
    return keysOf(result);
}

/** Inserts logins (kept beyond the events' retention for app licences); duplicates are skipped. */
export async function insertLogins(tx: Queryable, rows: LoginRow[]): Promise<void> {
    if (rows.length === 0) return;
    await tx.execute(sql`
        insert into driver_app_logins (id, tenant_id, depot_id, scope_path, vehicle_id, user_id,
            tour_id, source_key, event_id, occurred_at)
        select id, "tenantId", "depotId", "scopePath", "vehicleId", "userId", "tourId",
            "sourceKey", "eventId", "occurredAt"
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
            id text, "tenantId" text, "depotId" text, "scopePath" text, "vehicleId" text,
            "userId" text, "tourId" text, "sourceKey" text, "eventId" text, "occurredAt" timestamptz)
        on conflict do nothing`);
}

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

/**
 * Upserts the latest state of each vehicle: a position replaces the stored one only when it is
 * newer on the device (batches may arrive out of order), and likewise the last event.
 */
export async function upsertVehicleStates(tx: Queryable, rows: VehicleStateRow[]): Promise<void> {
    if (rows.length === 0) return;
    await tx.execute(sql`
        insert into vehicle_states (vehicle_id, tenant_id, depot_id, scope_path, tour_id, latitude,
            longitude, accuracy, speed, heading, battery, position_at, app_state, last_event_at,
            last_event_type, updated_at)
        select "vehicleId", "tenantId", "depotId", "scopePath", "tourId", latitude, longitude,
            accuracy, speed, heading, battery, "positionAt", "appState", "lastEventAt",
            "lastEventType", now()
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
            "vehicleId" text, "tenantId" text, "depotId" text, "scopePath" text, "tourId" text,
            latitude float8, longitude float8, accuracy real, speed real, heading real,
            battery real, "positionAt" timestamptz, "appState" text, "lastEventAt" timestamptz,
            "lastEventType" text)
        on conflict (vehicle_id) do update set ${sql.raw(VEHICLE_STATE_UPDATE)}`);
}

/** Marks tours as having unapplied events (any app server's processing takes them). */
export async function queueTours(tx: Queryable, tourIds: string[]): Promise<void> {
    if (tourIds.length === 0) return;
    await tx.execute(sql`
        insert into tour_processing_queue (tour_id)
        select unnest(${sql.param(tourIds)}::text[])
        on conflict do nothing`);
}
