/**
 * A depot day's jobs as the data gateway's import batches: every job assigned (key TOUR) to its
 * tour with the planned position of its stop, each tour described in the first batch that
 * names it, at most `maxJobs` (JOB_IMPORT_MAX_JOBS) jobs per batch. Deterministic for a plan.
 */
import {
    JOB_IMPORT_MAX_JOBS,
    type ImportJob,
    type ImportTour,
    type JobImportBatch,
} from '../../../domain/contracts/job-import.js';
import { createRandom } from '../random.js';
import { isoTime } from './local-time.js';
import type { DepotDayPlan, PlannedTour } from './types.js';

/** The `source` of the simulator's assignments. */
const SIMULATOR_SOURCE = 'SIMULATOR';

const MINUTE_MS = 60_000;

function importTour(tour: PlannedTour): ImportTour {
    return {
        externalDepotId: tour.externalDepotId,
        date: tour.date,
        tourNumber: tour.tourNumber,
        vehicleNumber: tour.vehicleNumber,
        tourType: tour.tourType,
        sequenceOptimisation: tour.sequenceOptimisation,
        plannedStart: tour.plannedStart,
    };
}

/** The tour's jobs with their TOUR assignment: created the evening or night before, scanned at loading. */
function tourJobs(plan: DepotDayPlan, tour: PlannedTour): ImportJob[] {
    const random = createRandom(
        plan.seed,
        `import:${tour.externalDepotId}:${tour.date}:${tour.tourNumber}`,
    );
    const start = Date.parse(tour.plannedStart);
    return tour.stops.flatMap((stop) =>
        stop.jobs.map((job): ImportJob => {
            const assignment: ImportJob['assignments'][number] = {
                externalDepotId: tour.externalDepotId,
                date: tour.date,
                key: 'TOUR',
                value: tour.tourNumber,
                sequence: stop.sequence,
                scanTime: isoTime(start - random.int(20, 90) * MINUTE_MS),
                source: SIMULATOR_SOURCE,
                createdExtAt: isoTime(start - random.int(3 * 60, 14 * 60) * MINUTE_MS),
            };
            if (job.services?.includes('PREMIUM')) assignment.priorityGroup = 'PREMIUM';
            else if (job.timeFrame) assignment.priorityGroup = 'TIME_FRAME';
            return { ...job, assignments: [assignment] };
        }),
    );
}

/** The import batches of a depot day, in tour order. */
export function importBatches(
    plan: DepotDayPlan,
    maxJobs: number = JOB_IMPORT_MAX_JOBS,
): JobImportBatch[] {
    const batches: JobImportBatch[] = [];
    let current: { tours: ImportTour[]; jobs: ImportJob[] } = { tours: [], jobs: [] };
    const close = () => {
        if (current.jobs.length === 0 && current.tours.length === 0) return;
        batches.push(current.tours.length > 0 ? current : { jobs: current.jobs });
        current = { tours: [], jobs: [] };
    };
    for (const tour of plan.tours) {
        let named = false;
        for (const job of tourJobs(plan, tour)) {
            if (current.jobs.length >= maxJobs) close();
            if (!named) {
                current.tours.push(importTour(tour));
                named = true;
            }
            current.jobs.push(job);
        }
    }
    close();
    return batches;
}
