import { sql } from 'drizzle-orm';
import type { ProgressCarry } from '../../../domain/tourProgress.js';
import type { TourState, WaypointState } from '../../../domain/tours.js';
import type { Queryable } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { rowsOf } from '../../db/raw-results.js';

/**
 * The processing's part for custom waypoints (domain §9 "new custom waypoints may take a few
 * minutes to appear"): the changes depot staff made since the last cycle (custom waypoints with
 * `processed_at` null) become changes of the tour's waypoints, inside the processing's
 * transaction, on tours it holds locked.
 *
 * - A new one becomes an OPEN waypoint (`custom_waypoint_id` set, stop key `custom:<id>`, no
 *   jobs) before the planned position it asks for: the waypoints from that position on move one
 *   back; without a position, or past the last, it goes last. On a tour that has finished
 *   meanwhile it becomes nothing (DISCARDED).
 * - A deleted one loses its waypoint, unless the waypoint is DONE already (it is then part of
 *   what happened on the tour). Planned positions after it are left as they are.
 * Each is then marked processed. The tour's waypoint count follows; its ETAs are estimated
 * again by the same cycle (`carryAfterCustomChanges`).
 */

type PendingRow = {
    id: string;
    tour_id: string;
    tenant_id: string;
    name: string;
    latitude: number;
    longitude: number;
    street: string | null;
    house_no: string | null;
    postcode: string | null;
    locality: string | null;
    country_code: string | null;
    position: number | null;
    deleted_at: Date | string | null;
    waypoint_id: string | null;
    tour_state: TourState;
    depot_country: string;
};

async function addWaypoint(tx: Queryable, row: PendingRow): Promise<string> {
    const [last] = rowsOf<{ max: number | null }>(
        await tx.execute(
            sql`select max(planned_sequence)::int as max from waypoints where tour_id = ${row.tour_id}`,
        ),
    );
    const end = (last?.max ?? 0) + 1;
    const sequence = row.position !== null && row.position < end ? row.position : end;
    if (sequence < end)
        await tx.execute(sql`
            update waypoints set planned_sequence = planned_sequence + 1, updated_at = now()
            where tour_id = ${row.tour_id} and planned_sequence >= ${sequence}`);
    const id = newId();
    await tx.execute(sql`
        insert into waypoints (id, tenant_id, tour_id, stop_key, planned_sequence, state,
            latitude, longitude, street, house_no, postcode, locality, country_code, custom_waypoint_id)
        values (${id}, ${row.tenant_id}, ${row.tour_id}, ${`custom:${row.id}`}, ${sequence}, 'OPEN',
            ${row.latitude}, ${row.longitude}, ${row.street ?? ''}, ${row.house_no},
            ${row.postcode ?? ''}, ${row.locality}, ${row.country_code ?? row.depot_country}, ${row.id})`);
    return id;
}

async function removeWaypoint(tx: Queryable, waypointId: string): Promise<boolean> {
    const removed = rowsOf<{ id: string }>(
        await tx.execute(
            sql`delete from waypoints where id = ${waypointId} and state <> 'DONE' returning id`,
        ),
    );
    return removed.length > 0;
}

/**
 * Applies the pending custom waypoint changes of `tourIds` (locked by the caller); answers the
 * tours whose waypoints changed.
 */
export async function applyCustomWaypointChanges(
    tx: Queryable,
    tourIds: readonly string[],
): Promise<Set<string>> {
    const changed = new Set<string>();
    if (tourIds.length === 0) return changed;
    const pending = rowsOf<PendingRow>(
        await tx.execute(sql`
            select c.id, c.tour_id, c.tenant_id, c.name, c.latitude, c.longitude, c.street,
                c.house_no, c.postcode, c.locality, c.country_code, c.position, c.deleted_at,
                c.waypoint_id, t.state as tour_state, d.country_code as depot_country
            from custom_waypoints c
                join tours t on t.id = c.tour_id
                join depots d on d.internal_depot_id = t.depot_id
            where c.tour_id = any(${sql.param([...tourIds])}::text[]) and c.processed_at is null
            order by c.created_at, c.id`),
    );
    for (const row of pending) {
        let waypointId = row.waypoint_id;
        if (row.deleted_at !== null) {
            if (waypointId !== null && (await removeWaypoint(tx, waypointId)))
                changed.add(row.tour_id);
        } else if (row.tour_state !== 'FINISHED') {
            waypointId = await addWaypoint(tx, row);
            changed.add(row.tour_id);
        }
        await tx.execute(sql`
            update custom_waypoints set processed_at = now(), waypoint_id = ${waypointId}
            where id = ${row.id}`);
    }
    if (changed.size > 0)
        await tx.execute(sql`
            update tours t set waypoints_total = (select count(*)::int from waypoints w where w.tour_id = t.id),
                updated_at = now()
            where t.id = any(${sql.param([...changed])}::text[])`);
    return changed;
}

/**
 * The carry of a tour whose waypoints changed: its ETAs are due at once, and a stay at a stop
 * that is gone is forgotten (else no other stay could start).
 */
export function carryAfterCustomChanges(
    carry: ProgressCarry,
    waypoints: readonly { id: string; state: WaypointState }[],
): ProgressCarry {
    const { etaAt: _due, dwell, ...rest } = carry;
    return dwell && waypoints.some((w) => w.id === dwell.waypointId) ? { ...rest, dwell } : rest;
}
