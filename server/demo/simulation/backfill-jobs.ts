/**
 * A job of a backfilled tour as the data gateway's import and the tour commander's processing
 * would have left it: the job with its outcome, its parcels, its TOUR assignment, and its
 * statuses (OPEN at the import, ON_TOUR at the tour's start, DONE with the driver's outcome).
 */
import type { ImportJob } from '../../../domain/contracts/job-import.js';
import type { TourContext, TourRecords } from './backfill-records.js';
import { isoTime as iso } from './local-time.js';

const MINUTE_MS = 60_000;
/** A stable stand-in for the import's content hash: nobody sends these jobs again. */
const CONTENT_HASH = 'demo-backfill';

export type Place = { latitude: number; longitude: number } | null;
/** A job's (last) status event: its id and the vehicle's last position before it. */
export interface StatusEvent {
    eventId: string;
    place: Place;
}

export interface JobInput {
    tourId: string;
    waypointId: string;
    jobId: string;
    importJob: ImportJob | undefined;
    summary: { outcome: string | null; reason: string | null; at: string | null };
    startedAt: number;
    placeAtStart: Place;
    statusEvent: StatusEvent | undefined;
}

/** A job with its parcels, assignment and statuses: OPEN at import, ON_TOUR at the start, DONE with its outcome. */
export function pushJob(records: TourRecords, context: TourContext, input: JobInput): void {
    const job = input.importJob;
    if (!job) throw new Error(`no import job for ${input.jobId}`);
    const assignment = job.assignments[0] as ImportJob['assignments'][number];
    const created = Date.parse(assignment.createdExtAt ?? new Date(input.startedAt).toISOString());
    const imported = iso(created + 2 * MINUTE_MS);
    const { outcome, reason, at } = input.summary;
    const failed = outcome !== null && /FAILED$/.test(outcome);
    const statusAt = at ?? iso(input.startedAt);
    const { address } = job;
    records.jobs.push([
        input.jobId,
        context.tenantId,
        context.depotId,
        context.vehicleScopePath,
        job.externalJobId,
        job.type,
        job.description ?? null,
        job.quantity ?? null,
        job.weightKg ?? null,
        job.volumeM3 ?? null,
        job.heightCm ?? null,
        job.widthCm ?? null,
        job.lengthCm ?? null,
        job.services ?? [],
        job.shipperReference ?? null,
        job.betterTracking ?? false,
        address.street,
        address.houseNo ?? null,
        address.postcode,
        address.locality ?? null,
        address.countryCode,
        address.latitude ?? null,
        address.longitude ?? null,
        address.coordinateType ?? null,
        job.timeFrame?.from ?? null,
        job.timeFrame?.to ?? null,
        job.timeFrame ? 'ASSIGNMENT' : null,
        job.contacts ?? [],
        input.tourId,
        input.waypointId,
        outcome === null ? 'ON_TOUR' : 'DONE',
        outcome,
        failed ? reason : null,
        statusAt,
        outcome === null ? 'SYSTEM' : 'DRIVER_APP',
        CONTENT_HASH,
        null,
        imported,
        statusAt,
    ]);
    for (const parcel of job.parcels ?? [])
        records.parcels.push([
            context.newId(),
            context.tenantId,
            input.jobId,
            parcel.parcelNumber,
            parcel.trackingId ?? null,
        ]);
    records.job_assignments.push([
        context.newId(),
        context.tenantId,
        context.depotId,
        context.depotScopePath,
        input.jobId,
        assignment.date,
        'TOUR',
        assignment.value,
        assignment.priorityGroup ?? null,
        assignment.scanTime ?? null,
        assignment.source ?? null,
        assignment.createdExtAt ?? null,
        imported,
        assignment.expiredAt ?? null,
        assignment.sequence ?? null,
        null,
    ]);
    const status = (
        state: string,
        when: string,
        source: string,
        place: Place,
        done?: { eventId: string | null },
    ) =>
        records.job_statuses.push([
            context.newId(),
            context.tenantId,
            input.jobId,
            state,
            done ? outcome : null,
            done && failed ? reason : null,
            state === 'OPEN' ? 'imported' : null,
            when,
            source,
            place?.latitude ?? null,
            place?.longitude ?? null,
            done?.eventId ?? null,
        ]);
    status('OPEN', imported, 'DATA_GATEWAY', null);
    status('ON_TOUR', iso(input.startedAt), 'SYSTEM', input.placeAtStart);
    if (outcome !== null && at !== null) {
        const event = input.statusEvent;
        status('DONE', at, 'DRIVER_APP', event?.place ?? null, { eventId: event?.eventId ?? null });
    }
}
