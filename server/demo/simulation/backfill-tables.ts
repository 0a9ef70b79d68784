/**
 * The tables the history backfill writes, their columns in the order of its rows, and the way to
 * send a batch of rows to PostgreSQL: one JSON parameter that `jsonb_to_recordset` turns into a
 * table (PGlite takes COPY's binary format instead: backfill-binary.ts).
 */

/** A cell: text, number, boolean, null, a text array (`text[]`) or a JSON value (`jsonb`). */
type Cell = string | number | boolean | null | readonly unknown[] | Record<string, unknown>;
export type Row = Cell[];

export interface TableSpec {
    name: BackfillTable;
    /** `[column, PostgreSQL type]` in the order of the rows' cells. */
    columns: readonly (readonly [string, string])[];
}

/** Every table the backfill writes, in the order a depot day's rows go in. */
export const backfillTables = [
    'driver_app_logins',
    'jobs',
    'parcels',
    'job_assignments',
    'job_statuses',
    'driver_app_events',
    'positions',
    'tours',
    'waypoints',
    'tour_analytics',
    'consignee_reviews',
] as const;
export type BackfillTable = (typeof backfillTables)[number];

const text = (...names: string[]) => names.map((name) => [name, 'text'] as const);
const times = (...names: string[]) => names.map((name) => [name, 'timestamptz'] as const);
const ints = (...names: string[]) => names.map((name) => [name, 'int'] as const);
const floats = (...names: string[]) => names.map((name) => [name, 'float8'] as const);

export const tableSpecs: Record<BackfillTable, TableSpec> = {
    driver_app_logins: {
        name: 'driver_app_logins',
        columns: [
            ...text('id', 'tenant_id', 'depot_id', 'scope_path', 'vehicle_id', 'user_id'),
            ...text('tour_id', 'source_key', 'event_id'),
            ...times('occurred_at', 'received_at'),
        ],
    },
    jobs: {
        name: 'jobs',
        columns: [
            ...text('id', 'tenant_id', 'depot_id', 'scope_path', 'external_job_id'),
            ['type', 'job_type'],
            ['description', 'text'],
            ['quantity', 'int'],
            ...floats('weight_kg', 'volume_m3', 'height_cm', 'width_cm', 'length_cm'),
            ['services', 'text[]'],
            ['shipper_reference', 'text'],
            ['better_tracking', 'boolean'],
            ...text('street', 'house_no', 'postcode', 'locality', 'country_code'),
            ...floats('latitude', 'longitude'),
            ['coordinate_type', 'coordinate_type'],
            ...times('time_frame_from', 'time_frame_to'),
            ['time_frame_source', 'time_frame_source'],
            ['contacts', 'jsonb'],
            ...text('tour_id', 'waypoint_id'),
            ['state', 'job_state'],
            ['outcome', 'job_outcome'],
            ['reason', 'failure_reason'],
            ['status_at', 'timestamptz'],
            ['status_source', 'status_source'],
            ...text('content_hash', 'sender_id'),
            ...times('imported_at', 'updated_at'),
        ],
    },
    parcels: {
        name: 'parcels',
        columns: text('id', 'tenant_id', 'job_id', 'parcel_number', 'tracking_id'),
    },
    job_assignments: {
        name: 'job_assignments',
        columns: [
            ...text('id', 'tenant_id', 'depot_id', 'scope_path', 'job_id'),
            ['assignment_date', 'date'],
            ...text('assignment_key', 'assignment_value', 'priority_group'),
            ['scan_time', 'timestamptz'],
            ['source', 'text'],
            ...times('created_ext_at', 'imported_at', 'expired_at'),
            ['sequence', 'int'],
            ['sender_id', 'text'],
        ],
    },
    job_statuses: {
        name: 'job_statuses',
        columns: [
            ...text('id', 'tenant_id', 'job_id'),
            ['state', 'job_state'],
            ['outcome', 'job_outcome'],
            ['reason', 'failure_reason'],
            ['description', 'text'],
            ['occurred_at', 'timestamptz'],
            ['source', 'status_source'],
            ...floats('latitude', 'longitude'),
            ['event_id', 'text'],
        ],
    },
    driver_app_events: {
        name: 'driver_app_events',
        columns: [
            ...text('tenant_id', 'depot_id', 'scope_path', 'vehicle_id', 'user_id', 'tour_id'),
            ...text('job_id', 'type'),
            ...times('occurred_at', 'received_at'),
            ...text('source_key', 'event_id'),
            ['payload', 'jsonb'],
        ],
    },
    positions: {
        name: 'positions',
        columns: [
            ...text('tenant_id', 'vehicle_id', 'tour_id'),
            ...times('occurred_at', 'received_at'),
            ...floats('latitude', 'longitude'),
            ...['accuracy', 'speed', 'heading', 'altitude', 'battery'].map(
                (name) => [name, 'real'] as const,
            ),
            ...text('source_key', 'event_id'),
        ],
    },
    tours: {
        name: 'tours',
        columns: [
            ...text('id', 'tenant_id', 'depot_id', 'scope_path'),
            ['tour_date', 'date'],
            ...text('tour_number', 'vehicle_id', 'subcontractor_id', 'driver_id'),
            ['tour_type', 'tour_type'],
            ['sequence_optimisation', 'sequence_optimisation'],
            ...times('planned_start', 'started_at', 'finished_at'),
            ['state', 'tour_state'],
            ...ints('waypoints_total', 'waypoints_done', 'jobs_total'),
            ...ints('jobs_successful', 'jobs_failed'),
            ['distance_metres', 'float8'],
            ['sequence_fidelity', 'real'],
            ...times('projected_finish_at', 'last_event_at'),
            ['processed_seq', 'bigint'],
            ...times('created_at', 'updated_at'),
        ],
    },
    waypoints: {
        name: 'waypoints',
        columns: [
            ...text('id', 'tenant_id', 'tour_id', 'stop_key'),
            ...ints('planned_sequence', 'suggested_sequence', 'driven_sequence'),
            ['state', 'waypoint_state'],
            ['confirmation', 'confirmation_source'],
            ...times('time_frame_from', 'time_frame_to'),
            ['time_frame_source', 'time_frame_source'],
            ...times('eta', 'first_eta', 'ata'),
            ...floats('latitude', 'longitude'),
            ['coordinate_type', 'coordinate_type'],
            ...text('street', 'house_no', 'postcode', 'locality', 'country_code'),
            ...ints('jobs_total', 'jobs_successful', 'jobs_failed'),
            ['updated_at', 'timestamptz'],
            ['departed_at', 'timestamptz'],
            ...text('not_considered_reason', 'window_miss', 'missed_window_cause'),
        ],
    },
    tour_analytics: {
        name: 'tour_analytics',
        columns: [
            ...text('tour_id', 'tenant_id', 'depot_id'),
            ['tour_date', 'date'],
            ['processed_seq', 'bigint'],
            ['computed_at', 'timestamptz'],
            ['app_usage', 'text'],
            ['app_foreground_minutes', 'int'],
            ['eta_deviation_minutes', 'real'],
            ...ints('eta_stops', 'night_etas', 'service_minutes', 'driving_minutes'),
            ['sequence_adherence', 'real'],
            ['missed_windows', 'int'],
            ['recommendation_codes', 'text[]'],
            ['figures', 'jsonb'],
        ],
    },
    consignee_reviews: {
        name: 'consignee_reviews',
        columns: [
            ...text('id', 'tenant_id', 'depot_id', 'scope_path', 'tour_id', 'waypoint_id'),
            ...text('job_id', 'parcel_number'),
            ['stars', 'int'],
            ['comment', 'text'],
            ['created_at', 'timestamptz'],
        ],
    },
};

export const columnList = (spec: TableSpec) => spec.columns.map(([name]) => name).join(', ');

/** The rows as the JSON records `recordsetStatement` reads (one object per row, by column name). */
export function recordsJson(spec: TableSpec, rows: readonly Row[]): string {
    const names = spec.columns.map(([name]) => name);
    return JSON.stringify(
        rows.map((row) => Object.fromEntries(names.map((name, index) => [name, row[index]]))),
    );
}

/** `INSERT … SELECT … FROM jsonb_to_recordset($1)`: one statement to parse and plan per batch. */
export const recordsetStatement = (spec: TableSpec) =>
    `insert into ${spec.name} (${columnList(spec)}) select ${columnList(spec)} ` +
    `from jsonb_to_recordset($1::jsonb) as r(${spec.columns.map(([name, type]) => `${name} ${type}`).join(', ')})`;
