import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type {
    ImportJob,
    ImportRejection,
    JobImportBatch,
    JobImportResult,
} from '../../../domain/contracts/job-import.js';
import {
    importJobErrors,
    importTourErrors,
    stopKeyOf,
    TOUR_ASSIGNMENT_KEY,
} from '../../../domain/jobImport.js';
import type { JobType } from '../../../domain/tours.js';
import type { Database, Queryable } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import {
    depots,
    jobAssignments,
    jobs,
    jobStatuses,
    parcels,
    tours,
    vehicles,
} from '../../db/schema/index.js';
import { recountTours, upsertWaypoints, type StopInput } from './tour-placement.js';

/** Who sends the batch: an API credential of an organisation. */
export interface ImportSender {
    tenantId: string;
    credentialId: string;
}

interface DepotRow {
    internalDepotId: string;
    externalDepotId: string;
    scopePath: string;
}
interface VehicleRow {
    id: string;
    number: string;
    depotId: string;
    subcontractorId: string;
    scopePath: string;
}

/** A tour a batch names: its depot, date and number, and the vehicle that drives it. */
interface TourRef {
    key: string;
    depot: DepotRow;
    date: string;
    tourNumber: string;
    vehicle?: VehicleRow;
    entry?: NonNullable<JobImportBatch['tours']>[number];
}

const tourKey = (depotId: string, date: string, tourNumber: string) =>
    `${depotId}|${date}|${tourNumber}`;

/** The TOUR assignment a job is placed by: the one of the latest date. */
function tourAssignmentOf(job: ImportJob) {
    return job.assignments
        .filter((a) => a.key.trim().toUpperCase() === TOUR_ASSIGNMENT_KEY)
        .sort((a, b) => b.date.localeCompare(a.date))[0];
}

const contentHash = (job: ImportJob) =>
    createHash('sha256').update(JSON.stringify(job)).digest('base64url');

async function lookUp(db: Queryable, tenantId: string, batch: JobImportBatch) {
    const externalIds = new Set<string>();
    for (const tour of batch.tours ?? []) externalIds.add(tour.externalDepotId.trim());
    for (const job of batch.jobs)
        for (const assignment of job.assignments)
            externalIds.add(assignment.externalDepotId.trim());
    const depotRows: DepotRow[] =
        externalIds.size === 0
            ? []
            : await db
                  .select({
                      internalDepotId: depots.internalDepotId,
                      externalDepotId: depots.externalDepotId,
                      scopePath: depots.scopePath,
                  })
                  .from(depots)
                  .where(
                      and(
                          eq(depots.tenantId, tenantId),
                          inArray(depots.externalDepotId, [...externalIds]),
                      ),
                  );
    const vehicleRows: VehicleRow[] =
        depotRows.length === 0
            ? []
            : await db
                  .select({
                      id: vehicles.id,
                      number: vehicles.number,
                      depotId: vehicles.depotId,
                      subcontractorId: vehicles.subcontractorId,
                      scopePath: vehicles.scopePath,
                  })
                  .from(vehicles)
                  .where(
                      inArray(
                          vehicles.depotId,
                          depotRows.map((d) => d.internalDepotId),
                      ),
                  );
    return {
        depotByExternalId: new Map(depotRows.map((d) => [d.externalDepotId, d])),
        vehicleByNumber: new Map(vehicleRows.map((v) => [`${v.depotId}|${v.number}`, v])),
    };
}

/**
 * The data gateway's job import (issue 14 part 2): every job and tour of the batch is checked on
 * its own; the rejected ones are answered with their index, field and reason, the others stored
 * in one transaction. A job is known by the sender's external id within the organisation: sent
 * again it is updated (never duplicated, never deleted), and sent again unchanged it is left
 * alone. Jobs with a TOUR assignment are placed on that tour (created when new), grouped into
 * stops by their coordinates or address.
 */
export async function importJobs(
    db: Database,
    sender: ImportSender,
    batch: JobImportBatch,
): Promise<JobImportResult> {
    const rejected: ImportRejection[] = [];
    const reject = (
        list: 'jobs' | 'tours',
        index: number,
        r: Omit<ImportRejection, 'list' | 'index'>,
    ) => rejected.push({ list, index, ...r });
    const { depotByExternalId, vehicleByNumber } = await lookUp(db, sender.tenantId, batch);
    const unknownDepot = (field: string) => ({
        field,
        code: 'DEPOT_NOT_FOUND',
        message: 'No depot of the organisation has this external id.',
    });

    // Tours named by the batch: its entries first, then the TOUR assignments of its jobs.
    const toursByKey = new Map<string, TourRef>();
    (batch.tours ?? []).forEach((entry, index) => {
        const errors = importTourErrors(entry);
        const depot = depotByExternalId.get(entry.externalDepotId.trim());
        if (errors.length === 0 && !depot) errors.push(unknownDepot('/externalDepotId'));
        if (!depot || errors.length > 0) return errors.forEach((e) => reject('tours', index, e));
        const number = entry.tourNumber.trim();
        const vehicle = vehicleByNumber.get(
            `${depot.internalDepotId}|${entry.vehicleNumber?.trim() ?? number}`,
        );
        if (!vehicle)
            return reject('tours', index, {
                field: entry.vehicleNumber ? '/vehicleNumber' : '/tourNumber',
                code: 'VEHICLE_NOT_FOUND',
                message:
                    'No vehicle of the depot has this number: name the vehicle that drives the tour (vehicleNumber).',
            });
        const key = tourKey(depot.internalDepotId, entry.date, number);
        toursByKey.set(key, { key, depot, date: entry.date, tourNumber: number, vehicle, entry });
    });

    // Each job: its own rules, then its depots and tour.
    const seenIds = new Set<string>();
    const accepted: {
        job: ImportJob;
        index: number;
        depot: DepotRow;
        tour?: TourRef;
        sequence?: number;
    }[] = [];
    batch.jobs.forEach((job, index) => {
        const errors = importJobErrors(job);
        const externalId = job.externalJobId.trim();
        if (errors.length === 0 && seenIds.has(externalId))
            errors.push({
                field: '/externalJobId',
                code: 'DUPLICATE_IN_BATCH',
                message: 'An earlier job of the batch has this external id.',
            });
        job.assignments.forEach((assignment, n) => {
            if (!depotByExternalId.has(assignment.externalDepotId.trim()) && errors.length === 0)
                errors.push(unknownDepot(`/assignments/${n}/externalDepotId`));
        });
        if (errors.length > 0) return errors.forEach((e) => reject('jobs', index, e));
        seenIds.add(externalId);
        const placement = tourAssignmentOf(job);
        const latest = [...job.assignments].sort((a, b) => b.date.localeCompare(a.date))[0];
        const depot = depotByExternalId.get(
            (placement ?? latest)?.externalDepotId.trim() ?? '',
        ) as DepotRow;
        let tour: TourRef | undefined;
        if (placement) {
            const number = placement.value.trim();
            const key = tourKey(depot.internalDepotId, placement.date, number);
            tour = toursByKey.get(key) ?? {
                key,
                depot,
                date: placement.date,
                tourNumber: number,
                vehicle: vehicleByNumber.get(`${depot.internalDepotId}|${number}`),
            };
            toursByKey.set(key, tour);
        }
        accepted.push({ job, index, depot, tour, sequence: placement?.sequence });
    });

    return db.transaction(async (tx) => {
        const tourIds = await saveTours(tx, sender.tenantId, [...toursByKey.values()]);
        // A job on a tour without a vehicle (none named, none by the tour number, none stored) is refused.
        const placeable = accepted.filter(({ job, index, tour }) => {
            if (!tour || tourIds.has(tour.key)) return true;
            const at = job.assignments.indexOf(
                tourAssignmentOf(job) as ImportJob['assignments'][number],
            );
            reject('jobs', index, {
                field: `/assignments/${at}/value`,
                code: 'VEHICLE_NOT_FOUND',
                message:
                    'The tour number names no vehicle of the depot: send the tour in `tours` with its vehicleNumber.',
            });
            return false;
        });
        const result = await saveJobs(tx, sender, placeable, tourIds, depotByExternalId);
        rejected.sort((a, b) => a.list.localeCompare(b.list) || a.index - b.index);
        return { ...result, tours: tourIds.size, rejected };
    });
}

/** Creates the tours that are new and updates the attributes the batch's entries give; answers their ids by key. */
async function saveTours(tx: Queryable, tenantId: string, refs: TourRef[]) {
    const ids = new Map<string, string>();
    if (refs.length === 0) return ids;
    const withVehicle = refs.filter((ref) => ref.vehicle);
    for (let start = 0; start < withVehicle.length; start += 500) {
        const rows = withVehicle.slice(start, start + 500).map((ref) => ({
            id: newId(),
            tenantId,
            depotId: ref.depot.internalDepotId,
            scopePath: ref.vehicle?.scopePath ?? ref.depot.scopePath,
            tourDate: ref.date,
            tourNumber: ref.tourNumber,
            vehicleId: ref.vehicle?.id as string,
            subcontractorId: ref.vehicle?.subcontractorId ?? null,
            tourType: ref.entry?.tourType ?? 'NTC',
            sequenceOptimisation: ref.entry?.sequenceOptimisation ?? 'FREE',
            plannedStart: ref.entry?.plannedStart ? new Date(ref.entry.plannedStart) : null,
        }));
        await tx
            .insert(tours)
            .values(rows)
            .onConflictDoUpdate({
                target: [tours.depotId, tours.tourDate, tours.tourNumber],
                set: {
                    tourType: sql`excluded.tour_type`,
                    sequenceOptimisation: sql`excluded.sequence_optimisation`,
                    plannedStart: sql`coalesce(excluded.planned_start, ${tours.plannedStart})`,
                    updatedAt: sql`now()`,
                },
                // Tours only named by an assignment keep what their entry once said.
                setWhere: sql`excluded.id = any(${sql.param(
                    rows.filter((_, i) => withVehicle[start + i]?.entry).map((r) => r.id),
                )}::text[])`,
            });
    }
    // Every named tour that exists now, including stored ones the batch names without a vehicle.
    const stored = await tx
        .select({
            id: tours.id,
            depotId: tours.depotId,
            tourDate: tours.tourDate,
            tourNumber: tours.tourNumber,
        })
        .from(tours)
        .where(
            and(
                eq(tours.tenantId, tenantId),
                inArray(tours.depotId, [...new Set(refs.map((r) => r.depot.internalDepotId))]),
                inArray(tours.tourDate, [...new Set(refs.map((r) => r.date))]),
                inArray(tours.tourNumber, [...new Set(refs.map((r) => r.tourNumber))]),
            ),
        );
    const wanted = new Set(refs.map((r) => r.key));
    for (const row of stored) {
        const key = tourKey(row.depotId, row.tourDate, row.tourNumber);
        if (wanted.has(key)) ids.set(key, row.id);
    }
    return ids;
}

type Placed = { job: ImportJob; index: number; depot: DepotRow; tour?: TourRef; sequence?: number };

async function saveJobs(
    tx: Queryable,
    sender: ImportSender,
    placed: Placed[],
    tourIds: Map<string, string>,
    depotByExternalId: Map<string, DepotRow>,
): Promise<Omit<JobImportResult, 'tours' | 'rejected'>> {
    if (placed.length === 0) return { created: 0, updated: 0, unchanged: 0 };
    const externalIds = placed.map((p) => p.job.externalJobId.trim());
    const existing = new Map(
        (
            await tx
                .select({
                    id: jobs.id,
                    externalJobId: jobs.externalJobId,
                    contentHash: jobs.contentHash,
                    tourId: jobs.tourId,
                })
                .from(jobs)
                .where(
                    and(
                        eq(jobs.tenantId, sender.tenantId),
                        inArray(jobs.externalJobId, externalIds),
                    ),
                )
        ).map((row) => [row.externalJobId, row]),
    );
    const changed = placed
        .map((p) => ({
            ...p,
            hash: contentHash(p.job),
            before: existing.get(p.job.externalJobId.trim()),
        }))
        .filter((p) => p.before?.contentHash !== p.hash);
    const unchanged = placed.length - changed.length;
    if (changed.length === 0) return { created: 0, updated: 0, unchanged };

    const stops: StopInput[] = changed.flatMap((p) => {
        const tourId = p.tour ? tourIds.get(p.tour.key) : undefined;
        return tourId
            ? [{ tourId, stopKey: stopKeyOf(p.job.address), sequence: p.sequence, job: p.job }]
            : [];
    });
    const waypointIds = await upsertWaypoints(tx, sender.tenantId, stops);

    const jobRows = changed.map((p) => {
        const { job } = p;
        const tourId = p.tour ? (tourIds.get(p.tour.key) ?? null) : null;
        return {
            id: p.before?.id ?? newId(),
            tenantId: sender.tenantId,
            depotId: p.depot.internalDepotId,
            scopePath: p.tour?.vehicle?.scopePath ?? p.depot.scopePath,
            externalJobId: job.externalJobId.trim(),
            type: job.type as JobType,
            description: job.description ?? null,
            quantity: job.quantity ?? null,
            weightKg: job.weightKg ?? null,
            volumeM3: job.volumeM3 ?? null,
            heightCm: job.heightCm ?? null,
            widthCm: job.widthCm ?? null,
            lengthCm: job.lengthCm ?? null,
            services: job.services ?? [],
            shipperReference: job.shipperReference ?? null,
            betterTracking: job.betterTracking ?? false,
            street: job.address.street.trim(),
            houseNo: job.address.houseNo?.trim() || null,
            postcode: job.address.postcode.trim(),
            locality: job.address.locality?.trim() || null,
            countryCode: job.address.countryCode,
            latitude: job.address.latitude ?? null,
            longitude: job.address.longitude ?? null,
            coordinateType: job.address.coordinateType ?? null,
            timeFrameFrom: job.timeFrame ? new Date(job.timeFrame.from) : null,
            timeFrameTo: job.timeFrame ? new Date(job.timeFrame.to) : null,
            timeFrameSource: job.timeFrame ? ('ASSIGNMENT' as const) : null,
            contacts: job.contacts ?? [],
            tourId,
            waypointId: tourId
                ? (waypointIds.get(`${tourId}|${stopKeyOf(job.address)}`) ?? null)
                : null,
            contentHash: p.hash,
            senderId: sender.credentialId,
        };
    });
    let created = 0;
    for (let start = 0; start < jobRows.length; start += 500) {
        const written = await tx
            .insert(jobs)
            .values(jobRows.slice(start, start + 500))
            .onConflictDoUpdate({
                target: [jobs.tenantId, jobs.externalJobId],
                set: Object.fromEntries(
                    Object.keys(jobRows[0] as object)
                        .filter(
                            (key) => key !== 'id' && key !== 'tenantId' && key !== 'externalJobId',
                        )
                        .map((key) => [key, sql.raw(`excluded.${snake(key)}`)]),
                ),
            })
            .returning({ inserted: sql<boolean>`xmax = 0` });
        created += written.filter((row) => row.inserted).length;
    }
    const idOf = new Map(jobRows.map((row) => [row.externalJobId, row.id]));
    await saveParcels(
        tx,
        sender.tenantId,
        changed.map((p) => ({ jobId: idOf.get(p.job.externalJobId.trim()) as string, job: p.job })),
    );
    await saveAssignments(
        tx,
        sender,
        changed.map((p) => ({ jobId: idOf.get(p.job.externalJobId.trim()) as string, job: p.job })),
        depotByExternalId,
    );
    const newJobs = jobRows.filter((row) => !existing.has(row.externalJobId));
    if (newJobs.length > 0)
        await tx.insert(jobStatuses).values(
            newJobs.map((row) => ({
                id: newId(),
                tenantId: sender.tenantId,
                jobId: row.id,
                state: 'OPEN' as const,
                description: 'imported',
                occurredAt: new Date(),
                source: 'DATA_GATEWAY' as const,
            })),
        );
    const affectedTours = new Set<string>();
    for (const row of jobRows) if (row.tourId) affectedTours.add(row.tourId);
    for (const p of changed) if (p.before?.tourId) affectedTours.add(p.before.tourId);
    await recountTours(tx, [...affectedTours]);
    return { created, updated: changed.length - created, unchanged };
}

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

async function saveParcels(
    tx: Queryable,
    tenantId: string,
    items: { jobId: string; job: ImportJob }[],
) {
    const jobIds = items.map((item) => item.jobId);
    const keep = items.flatMap((item) =>
        (item.job.parcels ?? []).map((p) => `${item.jobId}|${p.parcelNumber.trim()}`),
    );
    await tx.execute(
        sql`delete from ${parcels} where ${parcels.jobId} = any(${sql.param(jobIds)}::text[]) and (${parcels.jobId} || '|' || ${parcels.parcelNumber}) <> all(${sql.param(keep)}::text[])`,
    );
    const rows = items.flatMap((item) =>
        (item.job.parcels ?? []).map((p) => ({
            id: newId(),
            tenantId,
            jobId: item.jobId,
            parcelNumber: p.parcelNumber.trim(),
            trackingId: p.trackingId?.trim() || null,
        })),
    );
    for (let start = 0; start < rows.length; start += 1000)
        await tx
            .insert(parcels)
            .values(rows.slice(start, start + 1000))
            .onConflictDoUpdate({
                target: [parcels.jobId, parcels.parcelNumber],
                set: { trackingId: sql`excluded.tracking_id` },
            });
}

async function saveAssignments(
    tx: Queryable,
    sender: ImportSender,
    items: { jobId: string; job: ImportJob }[],
    depotByExternalId: Map<string, DepotRow>,
) {
    const rows = items.flatMap(({ jobId, job }) =>
        job.assignments.map((a) => {
            const depot = depotByExternalId.get(a.externalDepotId.trim());
            return {
                id: newId(),
                tenantId: sender.tenantId,
                depotId: depot?.internalDepotId as string,
                scopePath: depot?.scopePath as string,
                jobId,
                assignmentDate: a.date,
                assignmentKey: a.key.trim().toUpperCase(),
                assignmentValue: a.value.trim(),
                priorityGroup: a.priorityGroup ?? null,
                scanTime: a.scanTime ? new Date(a.scanTime) : null,
                source: a.source ?? null,
                createdExtAt: a.createdExtAt ? new Date(a.createdExtAt) : null,
                expiredAt: a.expiredAt ? new Date(a.expiredAt) : null,
                sequence: a.sequence ?? null,
                senderId: sender.credentialId,
            };
        }),
    );
    for (let start = 0; start < rows.length; start += 500)
        await tx
            .insert(jobAssignments)
            .values(rows.slice(start, start + 500))
            .onConflictDoUpdate({
                target: [
                    jobAssignments.jobId,
                    jobAssignments.assignmentKey,
                    jobAssignments.assignmentDate,
                ],
                set: {
                    depotId: sql`excluded.depot_id`,
                    scopePath: sql`excluded.scope_path`,
                    assignmentValue: sql`excluded.assignment_value`,
                    priorityGroup: sql`excluded.priority_group`,
                    scanTime: sql`excluded.scan_time`,
                    source: sql`excluded.source`,
                    createdExtAt: sql`excluded.created_ext_at`,
                    expiredAt: sql`excluded.expired_at`,
                    sequence: sql`excluded.sequence`,
                    senderId: sql`excluded.sender_id`,
                    importedAt: sql`now()`,
                },
            });
}
