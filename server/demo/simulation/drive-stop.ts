/**
 * What a driver does at a stop: walks to the door, scans each parcel, reports each job's outcome
 * (valid for its type; failures with a reason), and leaves after the service time.
 */
import type { DriverAppEvent } from '../../../domain/contracts/driver-app-ingestion.js';
import type { FailureReason, JobOutcome } from '../../../domain/tours.js';
import type { Random } from '../random.js';
import { weighted } from './stops.js';
import type { PlannedJob, PlannedStop } from './types.js';

/** An event before the simulator gives it its id, time and tour. */
export type EventBody = Omit<DriverAppEvent, 'eventId' | 'occurredAt' | 'tourId'>;
export type PushEvent = (at: number, body: EventBody) => void;

export interface StopBehaviour {
    /** Chance that the whole stop fails (nobody there, refused, address problem, traffic). */
    failure: number;
    /** Chance that the driver reports no status at the stop (the system confirms it). */
    missingStatus: number;
}

const SECOND = 1_000;

const failedOutcome: Record<PlannedJob['type'], JobOutcome> = {
    DELIVERY: 'DELIVERY_FAILED',
    PICKUP: 'PICKUP_FAILED',
    COLLECTION: 'COLLECTION_FAILED',
};

function deliveredOutcome(random: Random, job: PlannedJob): JobOutcome {
    const services = job.services ?? [];
    return weighted<JobOutcome>(random, [
        ['DELIVERED_TO_CONSIGNEE', 80],
        ['DELIVERED_TO_NEIGHBOUR', services.includes('NO_NEIGHBOUR') ? 0 : 11],
        ['DELIVERED_TO_PARCEL_SHOP', 3],
        ['DEPOSITED', services.includes('DEPOSIT_PERMISSION') ? 30 : 6],
    ]);
}

function successOutcome(random: Random, job: PlannedJob): JobOutcome {
    if (job.type === 'PICKUP') return 'PICKED_UP';
    if (job.type === 'COLLECTION') return 'COLLECTED';
    return deliveredOutcome(random, job);
}

/**
 * The events of one stop from `arrival` (ms); answers when the vehicle leaves. `jobIdOf` maps
 * a job's external id to the id the events carry.
 */
export function serveStop(
    random: Random,
    stop: PlannedStop,
    arrival: number,
    behaviour: StopBehaviour,
    jobIdOf: (externalJobId: string) => string,
    push: PushEvent,
): number {
    // A stop without a reported status is one the driver served and forgot to confirm.
    const reportsStatus = !random.chance(behaviour.missingStatus);
    const failed = reportsStatus && random.chance(behaviour.failure);
    const reason = weighted<FailureReason>(random, [
        ['ABSENT', 60],
        ['ADDRESS_PROBLEM', 15],
        ['REFUSED', 10],
        ['TRAFFIC', 15],
    ]);
    let at = arrival + random.int(20, 60) * SECOND;
    let parcels = 0;
    for (const job of stop.jobs) {
        const jobId = jobIdOf(job.externalJobId);
        // A failed pickup or collection has nothing to scan; a failed delivery was taken to the door.
        if (!failed || job.type === 'DELIVERY') {
            for (const parcel of job.parcels) {
                at += random.int(4, 12) * SECOND;
                push(at, { type: 'SCAN', jobId, parcelNumber: parcel.parcelNumber });
                parcels += 1;
            }
        }
        at += random.int(10, 40) * SECOND;
        if (!reportsStatus) continue;
        push(
            at,
            failed
                ? { type: 'STATUS_CHANGE', jobId, outcome: failedOutcome[job.type], reason }
                : { type: 'STATUS_CHANGE', jobId, outcome: successOutcome(random, job) },
        );
    }
    const service = arrival + (random.int(60, 120) + parcels * random.int(15, 30)) * SECOND;
    return Math.max(service, at + random.int(5, 20) * SECOND);
}
