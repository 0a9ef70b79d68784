/**
 * One driven tour of the history as the rows the live path would have left (tour commander
 * processing, domain/tourProgress.ts, and the data gateway's import): the tour with its outcome,
 * its waypoints, jobs, parcels, assignments and job statuses, the driver's logins, and the raw
 * events and positions. Pure: no database.
 */
import type { DriverAppEvent } from '../../../domain/contracts/driver-app-ingestion.js';
import type { ImportJob } from '../../../domain/contracts/job-import.js';
import { stopKeyOf } from '../../../domain/jobImport.js';
import type { AnalyticsJob, AnalyticsWaypoint } from '../../../domain/tourAnalytics.js';
import { isFailedOutcome } from '../../../domain/tours.js';
import { addAnalyticsRecords } from './backfill-analytics.js';
import { etaPredictor, type DayLevel } from './backfill-model.js';
import type { BackfillTable, Row } from './backfill-tables.js';
import { pushJob, type Place, type StatusEvent } from './backfill-jobs.js';
import { driveTourTraced, type TourIds } from './drive.js';
import { isoTime as iso } from './local-time.js';
import { summariseTour } from './summarise.js';
import type { PlannedTour } from './types.js';

/** The `source_key` of every event, position and login the backfill writes. */
export const BACKFILL_SOURCE_KEY = 'demo-backfill';
const MINUTE_MS = 60_000;
const RECEIVED_DELAY_MS = 3_000;

export interface TourContext {
    tenantId: string;
    depotId: string;
    /** The depot's scope path (assignments), and the vehicle's (everything else). */
    depotScopePath: string;
    vehicleScopePath: string;
    vehicleId: string;
    subcontractorId: string;
    driverId: string | null;
    seed: string;
    level: DayLevel;
    /** The tour's jobs as the import sent them (with their assignment), by external id; for `level.jobs`. */
    importJobs: ReadonlyMap<string, ImportJob>;
    /** Ids for the tour's rows (`tourIdFactory`). */
    newId: () => string;
    /** The vehicle's usual ETA error in minutes (`etaErrorMinutes`). */
    etaErrorMinutes: number;
}

export type TourRecords = Record<BackfillTable, Row[]>;

/** Drives `tour` with the simulator (coarse detail) and answers its rows. */
export function tourRecords(tour: PlannedTour, context: TourContext): TourRecords {
    const { tenantId, vehicleScopePath: scopePath, vehicleId, driverId, level } = context;
    const tourKey = `${tour.externalDepotId}:${tour.date}:${tour.tourNumber}`;
    const tourId = context.newId();
    const jobIds = new Map<string, string>();
    const waypointIds = tour.stops.map((stop) => {
        const id = context.newId();
        for (const job of stop.jobs) jobIds.set(job.externalJobId, context.newId());
        return id;
    });
    const ids: TourIds = { tourId, jobIds, waypointIds };
    const driven = driveTourTraced(tour, ids, { seed: context.seed, detail: 'coarse' });
    const { events, times } = driven;
    const summary = summariseTour(tour, ids, events, driven);
    const records: TourRecords = {
        driver_app_logins: [],
        jobs: [],
        parcels: [],
        job_assignments: [],
        job_statuses: [],
        driver_app_events: [],
        positions: [],
        tours: [],
        waypoints: [],
        tour_analytics: [],
        consignee_reviews: [],
    };
    const planned = Date.parse(tour.plannedStart);
    const startedAt = summary.startedAt ? Date.parse(summary.startedAt) : planned;
    const finishedAt = summary.finishedAt ? Date.parse(summary.finishedAt) : startedAt;
    const finishedIso = iso(finishedAt);

    // One pass over the events: logins, the app's suggested order, where each status was given.
    const suggested = new Map<string, number>();
    const statusEvents = new Map<string, StatusEvent>();
    let place: Place = null;
    let placeAtStart: Place = null;
    let lastEventAt = planned;
    for (let index = 0; index < events.length; index++) {
        const event = events[index] as DriverAppEvent;
        const at = times[index] as number;
        lastEventAt = Math.max(lastEventAt, at);
        if (event.position && at <= startedAt) placeAtStart = event.position;
        if (event.type === 'SEQUENCE')
            (event.sequence ?? []).forEach((id, index) => suggested.set(id, index + 1));
        if (event.type === 'STATUS_CHANGE' && event.jobId)
            statusEvents.set(event.jobId, { eventId: event.eventId, place });
        if (event.type === 'LOGIN')
            records.driver_app_logins.push([
                context.newId(),
                tenantId,
                context.depotId,
                scopePath,
                vehicleId,
                driverId,
                tourId,
                BACKFILL_SOURCE_KEY,
                event.eventId,
                event.occurredAt,
                iso(at + RECEIVED_DELAY_MS),
            ]);
        if (event.type === 'POSITION' ? level.positions : level.events)
            records[event.type === 'POSITION' ? 'positions' : 'driver_app_events'].push(
                rawRow(event, at, context, tourId),
            );
        if (event.position) place = event.position;
    }

    // Jobs and their outcomes, counted per waypoint and for the tour as the processing does.
    const eta = etaPredictor(context.seed, tourKey, context.etaErrorMinutes, startedAt);
    const stopKeys = new Set<string>();
    const counts = { waypointsDone: 0, jobs: 0, successful: 0, failed: 0 };
    const analyticsWaypoints: AnalyticsWaypoint[] = [];
    const analyticsJobs: AnalyticsJob[] = [];
    summary.waypoints.forEach((waypoint, index) => {
        const stop = tour.stops[index] as PlannedTour['stops'][number];
        const first = stop.jobs[0] as PlannedTour['stops'][number]['jobs'][number];
        let successful = 0;
        let failed = 0;
        for (const job of waypoint.jobs) {
            if (job.outcome === null) continue;
            if (isFailedOutcome(job.outcome)) failed += 1;
            else successful += 1;
        }
        counts.jobs += waypoint.jobs.length;
        counts.successful += successful;
        counts.failed += failed;
        if (waypoint.state === 'DONE') counts.waypointsDone += 1;
        stop.jobs.forEach((job, jobIndex) => {
            const done = waypoint.jobs[jobIndex];
            analyticsJobs.push({
                id: jobIds.get(job.externalJobId) as string,
                waypointId: waypoint.waypointId,
                type: job.type,
                outcome: done?.outcome ?? null,
                reason: done?.reason ?? null,
                statusAt: done?.at ? new Date(done.at) : null,
            });
        });
        if (level.jobs)
            stop.jobs.forEach((job, jobIndex) =>
                pushJob(records, context, {
                    tourId,
                    waypointId: waypoint.waypointId,
                    jobId: jobIds.get(job.externalJobId) as string,
                    importJob: context.importJobs.get(job.externalJobId),
                    summary: waypoint.jobs[jobIndex] as (typeof waypoint.jobs)[number],
                    startedAt,
                    placeAtStart,
                    statusEvent: statusEvents.get(jobIds.get(job.externalJobId) as string),
                }),
            );
        const ata = waypoint.ata ? Date.parse(waypoint.ata) : null;
        const n = tour.stops.length;
        const progress = (waypoint.drivenSequence ?? waypoint.plannedSequence) / n;
        const expected =
            ata ?? startedAt + ((finishedAt - startedAt) * waypoint.plannedSequence) / (n + 1);
        const firstEta = eta(expected, progress);
        analyticsWaypoints.push({
            id: waypoint.waypointId,
            plannedSequence: waypoint.plannedSequence,
            suggestedSequence: suggested.get(waypoint.waypointId) ?? null,
            drivenSequence: waypoint.drivenSequence,
            state: waypoint.state,
            confirmation: waypoint.state === 'DONE' ? waypoint.confirmation : null,
            timeFrameFrom: first.timeFrame ? new Date(first.timeFrame.from) : null,
            timeFrameTo: first.timeFrame ? new Date(first.timeFrame.to) : null,
            timeFrameSource: first.timeFrame ? 'ASSIGNMENT' : null,
            eta: ata === null ? null : new Date(ata),
            firstEta: new Date(firstEta),
            ata: ata === null ? null : new Date(ata),
            latitude: first.address.latitude ?? null,
            longitude: first.address.longitude ?? null,
            coordinateType: first.address.coordinateType ?? null,
        });
        if (!level.waypoints) return;
        // Two stops rounding to the same coordinates would be one stop for the import: kept apart.
        let stopKey = stopKeyOf(first.address);
        while (stopKeys.has(stopKey)) stopKey += '+';
        stopKeys.add(stopKey);
        records.waypoints.push([
            waypoint.waypointId,
            tenantId,
            tourId,
            stopKey,
            waypoint.plannedSequence,
            suggested.get(waypoint.waypointId) ?? null,
            waypoint.drivenSequence,
            waypoint.state,
            waypoint.state === 'DONE' ? waypoint.confirmation : null,
            first.timeFrame?.from ?? null,
            first.timeFrame?.to ?? null,
            first.timeFrame ? 'ASSIGNMENT' : null,
            // The last estimate before the arrival was about right; the morning's one (first) was not.
            waypoint.ata,
            iso(firstEta),
            waypoint.ata,
            first.address.latitude ?? null,
            first.address.longitude ?? null,
            first.address.coordinateType ?? null,
            first.address.street,
            first.address.houseNo ?? null,
            first.address.postcode,
            first.address.locality ?? null,
            first.address.countryCode,
            waypoint.jobs.length,
            successful,
            failed,
            waypoint.ata ?? finishedIso,
        ]);
    });

    // The day's figures from the events in memory, as the analytics worker would from stored ones.
    addAnalyticsRecords(
        records,
        { tour, plannedStart: planned, startedAt, finishedAt, events, times },
        { waypoints: analyticsWaypoints, jobs: analyticsJobs },
        {
            tenantId,
            depotId: context.depotId,
            scopePath,
            tourId,
            driverId,
            seed: context.seed,
            newId: context.newId,
        },
    );

    records.tours.push([
        tourId,
        tenantId,
        context.depotId,
        scopePath,
        tour.date,
        tour.tourNumber,
        vehicleId,
        context.subcontractorId,
        driverId,
        tour.tourType,
        tour.sequenceOptimisation,
        tour.plannedStart,
        iso(startedAt),
        finishedIso,
        'FINISHED',
        tour.stops.length,
        counts.waypointsDone,
        counts.jobs,
        counts.successful,
        counts.failed,
        Math.round(summary.distanceKm * 1000),
        summary.sequenceFidelity,
        iso(finishedAt),
        iso(lastEventAt),
        0,
        iso(planned - 12 * 60 * MINUTE_MS),
        iso(lastEventAt),
    ]);
    return records;
}

/** An event as ingestion stores it: positions in `positions`, the rest with their payload. */
function rawRow(event: DriverAppEvent, at: number, context: TourContext, tourId: string): Row {
    const received = iso(at + RECEIVED_DELAY_MS);
    if (event.type === 'POSITION') {
        const p = event.position as NonNullable<DriverAppEvent['position']>;
        return [
            context.tenantId,
            context.vehicleId,
            tourId,
            event.occurredAt,
            received,
            p.latitude,
            p.longitude,
            p.accuracy ?? null,
            p.speed ?? null,
            p.heading ?? null,
            p.altitude ?? null,
            event.battery ?? null,
            BACKFILL_SOURCE_KEY,
            event.eventId,
        ];
    }
    const { eventId, type, occurredAt, tourId: _tour, jobId, ...payload } = event;
    return [
        context.tenantId,
        context.depotId,
        context.vehicleScopePath,
        context.vehicleId,
        context.driverId,
        tourId,
        jobId ?? null,
        type,
        occurredAt,
        received,
        BACKFILL_SOURCE_KEY,
        eventId,
        payload,
    ];
}
