import { inArray, sql } from 'drizzle-orm';
import type { ImportJob } from '../../../domain/contracts/job-import.js';
import type { Queryable } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { waypoints } from '../../db/schema/index.js';

/** A job to place on a stop of a tour. */
export interface StopInput {
    tourId: string;
    stopKey: string;
    /** The stop's position in the planned sequence, when the sender gives one. */
    sequence?: number;
    job: ImportJob;
}

const keyOf = (tourId: string, stopKey: string) => `${tourId}|${stopKey}`;

/**
 * Makes sure every stop exists as a waypoint of its tour and answers the waypoint ids by
 * `tourId|stopKey`. A new stop takes the planned position its jobs give (the smallest), else the
 * next one after the tour's last; a stored stop keeps its own unless the batch gives one. The
 * stop's address, coordinates and time frame come from its first job.
 */
export async function upsertWaypoints(
    tx: Queryable,
    tenantId: string,
    stops: StopInput[],
): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    if (stops.length === 0) return ids;
    const tourIds = [...new Set(stops.map((s) => s.tourId))];
    const stored = await tx
        .select({
            id: waypoints.id,
            tourId: waypoints.tourId,
            stopKey: waypoints.stopKey,
            planned: waypoints.plannedSequence,
        })
        .from(waypoints)
        .where(inArray(waypoints.tourId, tourIds));
    const last = new Map<string, number>();
    for (const row of stored) {
        ids.set(keyOf(row.tourId, row.stopKey), row.id);
        last.set(row.tourId, Math.max(last.get(row.tourId) ?? 0, row.planned));
    }
    const grouped = new Map<string, StopInput & { sequence?: number }>();
    for (const stop of stops) {
        const key = keyOf(stop.tourId, stop.stopKey);
        const seen = grouped.get(key);
        if (!seen) grouped.set(key, { ...stop });
        else if (stop.sequence !== undefined)
            seen.sequence = Math.min(seen.sequence ?? stop.sequence, stop.sequence);
    }
    for (const stop of grouped.values())
        if (stop.sequence !== undefined)
            last.set(stop.tourId, Math.max(last.get(stop.tourId) ?? 0, stop.sequence));
    const rows = [...grouped.values()].map((stop) => {
        const key = keyOf(stop.tourId, stop.stopKey);
        let sequence = stop.sequence;
        if (sequence === undefined && !ids.has(key)) {
            sequence = (last.get(stop.tourId) ?? 0) + 1;
            last.set(stop.tourId, sequence);
        }
        const { address, timeFrame } = stop.job;
        return {
            id: ids.get(key) ?? newId(),
            tenantId,
            tourId: stop.tourId,
            stopKey: stop.stopKey,
            // A stored stop without a new position keeps its own (see the conflict clause).
            plannedSequence: sequence ?? 0,
            givesSequence: sequence !== undefined,
            latitude: address.latitude ?? null,
            longitude: address.longitude ?? null,
            coordinateType: address.coordinateType ?? null,
            street: address.street.trim(),
            houseNo: address.houseNo?.trim() || null,
            postcode: address.postcode.trim(),
            locality: address.locality?.trim() || null,
            countryCode: address.countryCode,
            timeFrameFrom: timeFrame ? new Date(timeFrame.from) : null,
            timeFrameTo: timeFrame ? new Date(timeFrame.to) : null,
            timeFrameSource: timeFrame ? ('ASSIGNMENT' as const) : null,
        };
    });
    for (let start = 0; start < rows.length; start += 500) {
        const chunk = rows.slice(start, start + 500);
        await tx
            .insert(waypoints)
            .values(chunk.map(({ givesSequence: _, ...row }) => row))
            .onConflictDoUpdate({
                target: [waypoints.tourId, waypoints.stopKey],
                set: {
                    plannedSequence: sql`case when excluded.planned_sequence > 0 then excluded.planned_sequence else ${waypoints.plannedSequence} end`,
                    timeFrameFrom: sql`coalesce(excluded.time_frame_from, ${waypoints.timeFrameFrom})`,
                    timeFrameTo: sql`coalesce(excluded.time_frame_to, ${waypoints.timeFrameTo})`,
                    timeFrameSource: sql`coalesce(excluded.time_frame_source, ${waypoints.timeFrameSource})`,
                    updatedAt: sql`now()`,
                },
            });
    }
    for (const row of rows) ids.set(keyOf(row.tourId, row.stopKey), row.id);
    return ids;
}

/**
 * Recounts the jobs of each waypoint and the waypoints and jobs of each tour (set-based), and
 * removes the open stops that no job is on any more (jobs moved to another stop or tour); stops
 * added by depot staff stay.
 */
export async function recountTours(tx: Queryable, tourIds: string[]): Promise<void> {
    if (tourIds.length === 0) return;
    const ids = sql.param(tourIds);
    await tx.execute(sql`
        update waypoints w set
            jobs_total = coalesce(j.total, 0),
            jobs_successful = coalesce(j.successful, 0),
            jobs_failed = coalesce(j.failed, 0)
        from waypoints w2 left join (
            select waypoint_id,
                count(*)::int as total,
                count(*) filter (where state = 'DONE' and outcome not in ('DELIVERY_FAILED', 'PICKUP_FAILED', 'COLLECTION_FAILED'))::int as successful,
                count(*) filter (where outcome in ('DELIVERY_FAILED', 'PICKUP_FAILED', 'COLLECTION_FAILED'))::int as failed
            from jobs where tour_id = any(${ids}::text[]) group by waypoint_id
        ) j on j.waypoint_id = w2.id
        where w.id = w2.id and w2.tour_id = any(${ids}::text[])`);
    await tx.execute(
        sql`delete from waypoints where tour_id = any(${ids}::text[]) and jobs_total = 0 and state = 'OPEN' and custom_waypoint_id is null`,
    );
    await tx.execute(sql`
        update tours t set
            waypoints_total = coalesce(w.total, 0),
            waypoints_done = coalesce(w.done, 0),
            jobs_total = coalesce(w.jobs, 0),
            jobs_successful = coalesce(w.successful, 0),
            jobs_failed = coalesce(w.failed, 0),
            updated_at = now()
        from tours t2 left join (
            select tour_id, count(*)::int as total, count(*) filter (where state = 'DONE')::int as done,
                sum(jobs_total)::int as jobs, sum(jobs_successful)::int as successful, sum(jobs_failed)::int as failed
            from waypoints where tour_id = any(${ids}::text[]) group by tour_id
        ) w on w.tour_id = t2.id
        where t.id = t2.id and t2.id = any(${ids}::text[])`);
}
