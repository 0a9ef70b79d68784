import {
    LOCATION_HISTORY_SECONDS,
    type LocationHistoryLogin,
    type LocationHistoryStop,
    type TourLocationHistory,
} from '../../../../domain/contracts/tour-activities.js';
import type { WaypointState } from '../../../../domain/tours.js';
import type { Database } from '../../../db/client.js';
import { executeNamed } from '../../../db/prepared.js';
import { firstKeptDay } from '../partitions.js';
import { tourEventWindow } from '../tour-detail-repository.js';
import type { OneActivityRow } from './activity-repository.js';
import { appStretches } from './app-stretches.js';

type Instant = Date | string | null;
const iso = (value: Instant) => (value === null ? null : new Date(value).toISOString());

// One position per 30-second slot of the clock: the first of each slot.
const POSITIONS_SQL = `
    select distinct on (floor(extract(epoch from occurred_at) / ${LOCATION_HISTORY_SECONDS}))
        occurred_at, latitude, longitude
    from positions
    where tour_id = $1 and occurred_at >= $2::timestamptz and occurred_at < $3::timestamptz
    order by floor(extract(epoch from occurred_at) / ${LOCATION_HISTORY_SECONDS}), occurred_at, seq`;

const STOPS_SQL = `
    select id, planned_sequence, driven_sequence, state::text as state, latitude, longitude,
        street, house_no, postcode, locality, ata, departed_at
    from waypoints where tour_id = $1
    order by planned_sequence, id`;

const EVENTS_SQL = `
    select type, occurred_at, payload
    from driver_app_events
    where tour_id = $1 and occurred_at >= $2::timestamptz and occurred_at < $3::timestamptz
        and type in ('LOGIN', 'LOGOUT', 'APP_STATE')
    order by occurred_at, seq`;

interface PositionRow extends Record<string, unknown> {
    occurred_at: Date | string;
    latitude: number;
    longitude: number;
}

interface StopRow extends Record<string, unknown> {
    id: string;
    planned_sequence: number;
    driven_sequence: number | null;
    state: WaypointState;
    latitude: number | null;
    longitude: number | null;
    street: string;
    house_no: string | null;
    postcode: string;
    locality: string | null;
    ata: Instant;
    departed_at: Instant;
}

interface EventRow extends Record<string, unknown> {
    type: string;
    occurred_at: Date | string;
    payload: { appState?: string; device?: { model?: unknown; appVersion?: unknown } } | null;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

const stopOf = (row: StopRow): LocationHistoryStop => ({
    id: row.id,
    plannedSequence: row.planned_sequence,
    drivenSequence: row.driven_sequence,
    state: row.state,
    latitude: row.latitude,
    longitude: row.longitude,
    street: row.street,
    houseNo: row.house_no,
    postcode: row.postcode,
    locality: row.locality,
    ata: iso(row.ata),
    departedAt: iso(row.departed_at),
});

/**
 * The tour's day on the map: its positions (at most one per LOCATION_HISTORY_SECONDS), its stops
 * with arrival and departure, the app's foreground and background stretches and its logins.
 * Undefined when the tour has no position: none sent, or its day is older than the retention
 * of the raw positions (then nothing is read).
 */
export async function readLocationHistory(
    db: Database,
    tour: OneActivityRow,
    retentionDays: number,
    now = new Date(),
): Promise<TourLocationHistory | undefined> {
    if (tour.tour_date < firstKeptDay(now, retentionDays)) return undefined;
    const window = tourEventWindow(tour.tour_date);
    const range = [tour.id, window.from.toISOString(), window.to.toISOString()];
    const positions = await executeNamed<PositionRow>(
        db,
        'tour_activities_positions',
        POSITIONS_SQL,
        range,
    );
    if (positions.length === 0) return undefined;
    const [stops, events] = await Promise.all([
        executeNamed<StopRow>(db, 'tour_activities_stops', STOPS_SQL, [tour.id]),
        executeNamed<EventRow>(db, 'tour_activities_app_events', EVENTS_SQL, range),
    ]);
    const appEvents = events.map((row) => ({
        type: row.type,
        at: new Date(row.occurred_at),
        appState: row.payload?.appState,
    }));
    const ends = [tour.finished_at, tour.last_event_at].flatMap((at) =>
        at === null ? [] : [new Date(at)],
    );
    const end = ends.length ? new Date(Math.max(...ends.map((at) => at.getTime()))) : null;
    const logins: LocationHistoryLogin[] = events
        .filter((row) => row.type === 'LOGIN')
        .map((row) => ({
            at: new Date(row.occurred_at).toISOString(),
            deviceModel: text(row.payload?.device?.model),
            appVersion: text(row.payload?.device?.appVersion),
        }));
    return {
        tourId: tour.id,
        tourNumber: tour.tour_number,
        tourDate: tour.tour_date,
        depotLocation: { latitude: tour.depot_latitude, longitude: tour.depot_longitude },
        positions: positions.map((row) => ({
            at: new Date(row.occurred_at).toISOString(),
            latitude: row.latitude,
            longitude: row.longitude,
        })),
        stops: stops.map(stopOf),
        appStretches: appStretches(appEvents, end),
        logins,
    };
}
