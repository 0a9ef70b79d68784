import { sql } from 'drizzle-orm';
import type {
    DriverAppEvent,
    EventRejection,
    IngestionResult,
} from '../../../domain/contracts/driver-app-ingestion.js';
import { driverAppUserTypes } from '../../../domain/enums.js';
import { validCoordinates } from '../../../domain/geo.js';
import { isFailedOutcome, outcomesByJobType, type JobType } from '../../../domain/tours.js';
import type { Database, Queryable } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { referenceEpoch } from '../../db/reference-data.js';
import { rowsOf } from '../../db/raw-results.js';
import {
    storedKey,
    writeBatch,
    type EventRow,
    type PositionRow,
    type VehicleStateRow,
} from './event-writer.js';
import { makeDayPartitions, utcDay } from './partitions.js';

/** Who posts a batch: a driver (their own vehicle's tours only) or an integrator (their organisation's tours). */
export type EventSender =
    | { kind: 'driver'; userId: string; tenantId: string; vehicleId: string | null }
    | { kind: 'integrator'; credentialId: string; tenantId: string };

/** Events more than this far in the future (device clock ahead) are refused. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

const sourceKeyOf = (sender: EventSender) =>
    sender.kind === 'driver' ? `u:${sender.userId}` : `c:${sender.credentialId}`;

interface TourRow {
    id: string;
    tenant_id: string;
    depot_id: string;
    scope_path: string;
    vehicle_id: string;
}
interface JobRow {
    id: string;
    external_job_id: string;
    tour_id: string | null;
    type: JobType;
}

/** How long this server trusts what it read of a tour, and how many tours it keeps. */
const TOUR_FACTS_TTL_MS = 60_000;
const TOUR_FACTS_MAX = 20_000;

/**
 * What ingestion reads of tours (organisation, depot, scope path, vehicle), per database handle:
 * every batch names its tours, and a driving vehicle sends one every few seconds. A tour's
 * organisation and vehicle never change; its depot and scope path change only with a depot's
 * move, which drops every copy derived from the master data (`referenceEpoch`). Kept a minute
 * at most, and nothing is kept while change notifications are not received.
 */
const tourFacts = new WeakMap<object, Map<string, { row: TourRow; epoch: number; at: number }>>();

async function loadTours(db: Database, ids: string[]): Promise<Map<string, TourRow>> {
    const found = new Map<string, TourRow>();
    const epoch = referenceEpoch(db);
    let known = tourFacts.get(db);
    if (!known) {
        known = new Map();
        tourFacts.set(db, known);
    }
    const now = Date.now();
    const missing: string[] = [];
    for (const id of ids) {
        const entry = known.get(id);
        if (entry && entry.epoch === epoch && now - entry.at < TOUR_FACTS_TTL_MS)
            found.set(id, entry.row);
        else missing.push(id);
    }
    if (missing.length === 0) return found;
    const result = await db.execute(
        sql`select id, tenant_id, depot_id, scope_path, vehicle_id from tours where id = any(${sql.param(missing)}::text[])`,
    );
    if (known.size > TOUR_FACTS_MAX) known.clear();
    for (const row of rowsOf<TourRow & Record<string, unknown>>(result)) {
        found.set(row.id, row);
        if (epoch !== null) known.set(row.id, { row, epoch, at: now });
    }
    return found;
}

/** Jobs named by internal or external id, of the tours' organisations. */
async function loadJobs(db: Queryable, tenantIds: string[], ids: string[]): Promise<JobRow[]> {
    if (ids.length === 0) return [];
    const result = await db.execute(sql`
        select id, external_job_id, tour_id, type from jobs
        where tenant_id = any(${sql.param(tenantIds)}::text[])
          and (id = any(${sql.param(ids)}::text[]) or external_job_id = any(${sql.param(ids)}::text[]))`);
    return rowsOf<JobRow & Record<string, unknown>>(result);
}

/** Driver-app accounts (drivers and temporary drivers) of the organisation among `ids`. */
async function loadDrivers(db: Queryable, tenantId: string, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const result = await db.execute(sql`
        select id from users
        where tenant_id = ${tenantId} and id = any(${sql.param(ids)}::text[])
          and type = any(${sql.param([...driverAppUserTypes])}::text[]::user_type[])`);
    return new Set(rowsOf<{ id: string }>(result).map((row) => row.id));
}

type Checked = { event: DriverAppEvent; index: number; tour: TourRow; job?: JobRow };

/** The rule an event breaks, or undefined (its tour and job are found by the caller). */
function eventRule(
    event: DriverAppEvent,
    job: JobRow | undefined,
    now: number,
    oldest: number,
): Omit<EventRejection, 'index'> | undefined {
    const at = Date.parse(event.occurredAt);
    if (at > now + FUTURE_TOLERANCE_MS)
        return {
            field: '/occurredAt',
            code: 'TIMESTAMP_IN_FUTURE',
            message: 'The event is more than 5 minutes in the future: check the device clock.',
        };
    if (at < oldest)
        return {
            field: '/occurredAt',
            code: 'TIMESTAMP_TOO_OLD',
            message: 'The event is older than the events kept.',
        };
    if (event.position && !validCoordinates(event.position.latitude, event.position.longitude))
        return {
            field:
                Math.abs(event.position.latitude) > 90 || !Number.isFinite(event.position.latitude)
                    ? '/position/latitude'
                    : '/position/longitude',
            code: 'COORDINATES_OUT_OF_RANGE',
            message: 'Latitude must lie within −90…90 and longitude within −180…180.',
        };
    const missing = (field: string) => ({
        field: `/${field}`,
        code: 'MISSING_FIELD' as const,
        message: `A ${event.type} event needs ${field}.`,
    });
    switch (event.type) {
        case 'POSITION':
            if (!event.position) return missing('position');
            break;
        case 'APP_STATE':
            if (!event.appState) return missing('appState');
            break;
        case 'SEQUENCE':
            if (!event.sequence) return missing('sequence');
            break;
        case 'SCAN':
            if (!event.parcelNumber) return missing('parcelNumber');
            break;
        case 'STATUS_CHANGE': {
            if (!event.jobId) return missing('jobId');
            if (!event.outcome) return missing('outcome');
            if (job && !outcomesByJobType[job.type].includes(event.outcome))
                return {
                    field: '/outcome',
                    code: 'OUTCOME_NOT_FOR_JOB_TYPE',
                    message: `A ${job.type} job cannot have the outcome ${event.outcome}.`,
                };
            if (isFailedOutcome(event.outcome) && !event.reason) return missing('reason');
            if (!isFailedOutcome(event.outcome) && event.reason)
                return {
                    field: '/reason',
                    code: 'REASON_WITHOUT_FAILURE',
                    message: 'Only a failed attempt has a reason.',
                };
            break;
        }
        default:
            break;
    }
    return undefined;
}

/**
 * Stores a batch of driver-app events (issue 14 part 3). Each event is checked on its own and a
 * rejected one is answered with its index, field and reason; the accepted ones are written in
 * one transaction with the vehicles' latest state, and their tours are queued for processing,
 * which runs after the acknowledgement. An event already stored (same sender, event id and time)
 * is answered as DUPLICATE_EVENT and stored nothing.
 */
export async function ingestEvents(
    db: Database,
    sender: EventSender,
    events: DriverAppEvent[],
    options: { retentionDays: number; now?: Date },
): Promise<IngestionResult> {
    const now = (options.now ?? new Date()).getTime();
    const oldest = Date.parse(utcDay(new Date(now), 1 - options.retentionDays));
    const rejected: EventRejection[] = [];
    const toursById = await loadTours(db, [...new Set(events.map((e) => e.tourId))]);
    const jobIds = [...new Set(events.flatMap((e) => (e.jobId ? [e.jobId] : [])))];
    const jobs = await loadJobs(db, [sender.tenantId], jobIds);
    const jobByKey = new Map<string, JobRow>();
    for (const job of jobs) {
        jobByKey.set(`${job.tour_id} ${job.id}`, job);
        jobByKey.set(`${job.tour_id} ${job.external_job_id}`, job);
    }
    const drivers =
        sender.kind === 'integrator'
            ? await loadDrivers(db, sender.tenantId, [
                  ...new Set(events.flatMap((e) => (e.driverId ? [e.driverId] : []))),
              ])
            : new Set([sender.userId]);
    const accepted: Checked[] = [];
    const seen = new Set<string>();
    events.forEach((original, index) => {
        // One spelling of the time: the device's offset is kept by nothing downstream.
        const event = { ...original, occurredAt: new Date(original.occurredAt).toISOString() };
        if (seen.has(event.eventId))
            return rejected.push({
                index,
                field: '/eventId',
                code: 'DUPLICATE_EVENT',
                message: 'An earlier event of the batch has this id.',
            });
        seen.add(event.eventId);
        const tour = toursById.get(event.tourId);
        if (!tour || tour.tenant_id !== sender.tenantId)
            return rejected.push({
                index,
                field: '/tourId',
                code: 'UNKNOWN_TOUR',
                message: 'No tour of the organisation has this id.',
            });
        if (sender.kind === 'driver' && tour.vehicle_id !== sender.vehicleId)
            return rejected.push({
                index,
                field: '/tourId',
                code: 'NOT_YOUR_TOUR',
                message: "The tour is not driven by the driver's vehicle.",
            });
        if (event.driverId !== undefined && !drivers.has(event.driverId))
            return rejected.push({
                index,
                field: '/driverId',
                code: 'UNKNOWN_DRIVER',
                message:
                    sender.kind === 'driver'
                        ? 'A driver posts only as themselves.'
                        : 'No driver-app account of the organisation has this id.',
            });
        const job = event.jobId ? jobByKey.get(`${tour.id} ${event.jobId}`) : undefined;
        if (event.jobId && !job)
            return rejected.push({
                index,
                field: '/jobId',
                code: 'UNKNOWN_JOB',
                message: 'The tour has no job with this id.',
            });
        const broken = eventRule(event, job, now, oldest);
        if (broken) return rejected.push({ index, ...broken });
        accepted.push({ event, index, tour, job });
    });
    let duplicates = 0;
    if (accepted.length > 0) {
        const stored = await writeAccepted(db, sender, accepted, now);
        for (const item of accepted)
            if (!stored.has(storedKey(sourceKeyOf(sender), item.event.eventId))) {
                duplicates += 1;
                rejected.push({
                    index: item.index,
                    field: '/eventId',
                    code: 'DUPLICATE_EVENT',
                    message: 'This event was stored before; it was not stored again.',
                });
            }
        rejected.sort((a, b) => a.index - b.index);
    }
    return { accepted: accepted.length - duplicates, rejected };
}

async function writeAccepted(db: Database, sender: EventSender, items: Checked[], now: number) {
    const sourceKey = sourceKeyOf(sender);
    const senderUserId = sender.kind === 'driver' ? sender.userId : null;
    const positions: PositionRow[] = [];
    const others: EventRow[] = [];
    for (const { event, tour, job } of items) {
        if (event.type === 'POSITION' && event.position)
            positions.push({
                tenantId: tour.tenant_id,
                vehicleId: tour.vehicle_id,
                tourId: tour.id,
                occurredAt: event.occurredAt,
                latitude: event.position.latitude,
                longitude: event.position.longitude,
                accuracy: event.position.accuracy ?? null,
                speed: event.position.speed ?? null,
                heading: event.position.heading ?? null,
                altitude: event.position.altitude ?? null,
                battery: event.battery ?? null,
                sourceKey,
                eventId: event.eventId,
            });
        else {
            const {
                eventId: _id,
                type,
                occurredAt,
                tourId: _tour,
                jobId: _job,
                driverId,
                ...payload
            } = event;
            others.push({
                tenantId: tour.tenant_id,
                depotId: tour.depot_id,
                scopePath: tour.scope_path,
                vehicleId: tour.vehicle_id,
                userId: senderUserId ?? driverId ?? null,
                tourId: tour.id,
                jobId: job?.id ?? null,
                type,
                occurredAt,
                sourceKey,
                eventId: event.eventId,
                payload,
            });
        }
    }
    // Days before yesterday (late uploads within the retention) may still lack their partition.
    const days = [...new Set(items.map((item) => utcDay(new Date(item.event.occurredAt))))].sort();
    if ((days[0] ?? '') < utcDay(new Date(now - DAY_MS)))
        await makeDayPartitions(db, days[0] as string, days[days.length - 1] as string);
    return writeBatch(db, {
        positions,
        events: others,
        logins: others
            .filter((row) => row.type === 'LOGIN')
            .map(({ jobId: _job, type: _type, payload: _payload, ...row }) => ({
                id: newId(),
                ...row,
            })),
        vehicleStates: latestStates(items),
    });
}

/** Per vehicle, the newest event and the newest position of the batch. */
function latestStates(items: Checked[]): VehicleStateRow[] {
    const states = new Map<string, VehicleStateRow>();
    for (const { event, tour } of [...items].sort((a, b) =>
        a.event.occurredAt.localeCompare(b.event.occurredAt),
    )) {
        const state = states.get(tour.vehicle_id) ?? {
            vehicleId: tour.vehicle_id,
            tenantId: tour.tenant_id,
            depotId: tour.depot_id,
            scopePath: tour.scope_path,
            tourId: tour.id,
            latitude: null,
            longitude: null,
            accuracy: null,
            speed: null,
            heading: null,
            battery: null,
            positionAt: null,
            appState: null,
            lastEventAt: event.occurredAt,
            lastEventType: event.type,
        };
        state.tourId = tour.id;
        state.lastEventAt = event.occurredAt;
        state.lastEventType = event.type;
        if (event.battery !== undefined) state.battery = event.battery;
        if (event.appState) state.appState = event.appState;
        if (event.position) {
            state.latitude = event.position.latitude;
            state.longitude = event.position.longitude;
            state.accuracy = event.position.accuracy ?? null;
            state.speed = event.position.speed ?? null;
            state.heading = event.position.heading ?? null;
            state.positionAt = event.occurredAt;
        }
        states.set(tour.vehicle_id, state);
    }
    return [...states.values()];
}
