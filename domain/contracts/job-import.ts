/**
 * The data gateway's job import (`POST /data-gateway/api/v1/external/jobs`, scope `jobs:write`):
 * a batch of jobs with their assignments and, optionally, the tours they name. The schema checks
 * the shape only (a malformed body is a 400 naming the field); the rules of each job (lengths,
 * known depots, dates, coordinates) are checked per job, so one bad job is reported by its index
 * and field and the others are stored.
 */
import { Type, type Static } from 'typebox';
import { coordinateTypes, sequenceOptimisations, tourTypes } from '../tours.js';

/** Generous caps on free text: the rules (e.g. external id ≤ 64) are checked per job. */
const Text = (maxLength = 1_000) => Type.String({ maxLength });
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const Time = Type.String({ format: 'date-time' });

/** The largest batch: bigger imports send several batches. */
export const JOB_IMPORT_MAX_JOBS = 1_000;

const ImportAddress = Type.Object(
    {
        street: Text(200),
        houseNo: Type.Optional(Text(40)),
        postcode: Text(40),
        locality: Type.Optional(Text(200)),
        countryCode: Text(10),
        latitude: Type.Optional(Type.Number()),
        longitude: Type.Optional(Type.Number()),
        coordinateType: Type.Optional(Type.Enum(coordinateTypes)),
    },
    { additionalProperties: false },
);

const ImportContact = Type.Object(
    {
        kind: Type.Union([
            Type.Literal('CONSIGNEE'),
            Type.Literal('SHIPPER'),
            Type.Literal('OTHER'),
        ]),
        name: Type.Optional(Text(200)),
        phone: Type.Optional(Text(40)),
        email: Type.Optional(Text(254)),
    },
    { additionalProperties: false },
);

const ImportParcel = Type.Object(
    { parcelNumber: Text(100), trackingId: Type.Optional(Text(100)) },
    { additionalProperties: false },
);

const ImportAssignment = Type.Object(
    {
        externalDepotId: Text(64),
        date: Day,
        /** What the job is assigned to: `TOUR` (the value is the tour number) or another key of the sender's. */
        key: Text(64),
        value: Text(64),
        /** Position of the job's stop in the planned sequence of the tour (1-based). */
        sequence: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
        priorityGroup: Type.Optional(Text(64)),
        scanTime: Type.Optional(Time),
        source: Type.Optional(Text(64)),
        createdExtAt: Type.Optional(Time),
        expiredAt: Type.Optional(Time),
    },
    { additionalProperties: false },
);

export const ImportJob = Type.Object(
    {
        /** The sender's id: a job sent again with the same id is updated, never duplicated. */
        externalJobId: Text(200),
        /** DELIVERY, PICKUP or COLLECTION. */
        type: Text(40),
        description: Type.Optional(Text(1_000)),
        quantity: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
        weightKg: Type.Optional(Type.Number({ minimum: 0 })),
        volumeM3: Type.Optional(Type.Number({ minimum: 0 })),
        heightCm: Type.Optional(Type.Number({ minimum: 0 })),
        widthCm: Type.Optional(Type.Number({ minimum: 0 })),
        lengthCm: Type.Optional(Type.Number({ minimum: 0 })),
        services: Type.Optional(Type.Array(Text(64), { maxItems: 20 })),
        shipperReference: Type.Optional(Text(100)),
        betterTracking: Type.Optional(Type.Boolean()),
        address: ImportAddress,
        /** The consignee's or shipper's time window. */
        timeFrame: Type.Optional(
            Type.Object({ from: Time, to: Time }, { additionalProperties: false }),
        ),
        contacts: Type.Optional(Type.Array(ImportContact, { maxItems: 10 })),
        parcels: Type.Optional(Type.Array(ImportParcel, { maxItems: 100 })),
        assignments: Type.Array(ImportAssignment, { minItems: 1, maxItems: 10 }),
    },
    { additionalProperties: false },
);
export type ImportJob = Static<typeof ImportJob>;

/** A tour the batch's assignments name (key TOUR): its type, sequence optimisation and planned start. */
export const ImportTour = Type.Object(
    {
        externalDepotId: Text(64),
        date: Day,
        tourNumber: Text(64),
        /** The depot's 4-digit vehicle number that drives the tour. */
        vehicleNumber: Type.Optional(Text(10)),
        tourType: Type.Optional(Type.Enum(tourTypes)),
        sequenceOptimisation: Type.Optional(Type.Enum(sequenceOptimisations)),
        plannedStart: Type.Optional(Time),
    },
    { additionalProperties: false },
);
export type ImportTour = Static<typeof ImportTour>;

export const JobImportBatch = Type.Object(
    {
        tours: Type.Optional(Type.Array(ImportTour, { maxItems: 500 })),
        jobs: Type.Array(ImportJob, { maxItems: JOB_IMPORT_MAX_JOBS }),
    },
    { additionalProperties: false },
);
export type JobImportBatch = Static<typeof JobImportBatch>;

/** One rejected job or tour: where it is in the batch, which field, and why. */
export const ImportRejection = Type.Object({
    /** `jobs` or `tours`. */
    list: Type.Union([Type.Literal('jobs'), Type.Literal('tours')]),
    index: Type.Integer({ minimum: 0 }),
    /** JSON pointer into the item, e.g. `/assignments/0/externalDepotId`. */
    field: Type.String(),
    code: Type.String(),
    message: Type.String(),
});
export type ImportRejection = Static<typeof ImportRejection>;

export const JobImportResult = Type.Object({
    created: Type.Integer({ minimum: 0 }),
    updated: Type.Integer({ minimum: 0 }),
    /** Jobs sent again exactly as stored: nothing changed. */
    unchanged: Type.Integer({ minimum: 0 }),
    tours: Type.Integer({ minimum: 0, description: 'Tours created or updated' }),
    rejected: Type.Array(ImportRejection),
});
export type JobImportResult = Static<typeof JobImportResult>;
