/**
 * Tour performance (domain §2, issue 16 parts 2 and 7): a depot's tour numbers over a range of
 * days with their stops, jobs, failures by reason, driving and service time, distance, ETA
 * accuracy, sequence fidelity and adherence, star rating and missed arrival windows by cause.
 * `GET /tour-commander/v1/tour-performance?path=&from=&to=` (one row per tour number),
 * `…/tour-performance/tours/:tourNumber` (its days), `…/tour-performance/export` (the rows as a
 * CSV or Excel file) and `…/tour-performance/rollups` (per driver, subcontractor, tour number);
 * all need r:tour-perf at the depot and answer only the tours within the caller's scopes.
 */
import { Type, type Static } from 'typebox';
import { tourStates } from '../tours.js';
import { DepotTourQuery } from './depot-tours.js';

/** The longest range one request reads, both ends included. */
export const TOUR_PERFORMANCE_MAX_DAYS = 92;

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const Count = Type.Integer({ minimum: 0 });
const OptionalNumber = Type.Union([Type.Number(), Type.Null()]);
const OptionalText = Type.Union([Type.String(), Type.Null()]);

/** The depot and the days, both included: at most 92, not after today at the depot. */
export const TourPerformanceQuery = Type.Object(
    { path: DepotTourQuery.properties.path, from: Day, to: Day },
    { additionalProperties: false },
);
export type TourPerformanceQuery = Static<typeof TourPerformanceQuery>;

export const TourPerformanceExportQuery = Type.Object(
    {
        ...TourPerformanceQuery.properties,
        format: Type.Union([Type.Literal('csv'), Type.Literal('xlsx')]),
    },
    { additionalProperties: false },
);
export type TourPerformanceExportQuery = Static<typeof TourPerformanceExportQuery>;

export const TourPerformanceParams = Type.Object({
    tourNumber: Type.String({ minLength: 1, maxLength: 64 }),
});
export type TourPerformanceParams = Static<typeof TourPerformanceParams>;

/** Failed jobs by reason (domain §4 failed attempt); a failure without a reason is in none. */
const FailedJobsByReason = Type.Object({
    ABSENT: Count,
    REFUSED: Count,
    ADDRESS_PROBLEM: Count,
    TRAFFIC: Count,
});

/** Missed arrival windows and their most likely cause (docs/analytics.md). */
const MissedWindows = Type.Object({
    total: Count,
    byCause: Type.Object({
        ADDRESS_ERROR: Count,
        LATE_DEPARTURE: Count,
        SERVICE_TIME_OVERRUN: Count,
        SEQUENCE_DEVIATION: Count,
        TRAFFIC: Count,
    }),
});

/**
 * The figures of a set of tour days. Times are whole minutes summed over the days that have the
 * figure, and their mean per such day; a figure no day has is null.
 */
const PerformanceFigures = Type.Object({
    /** Tour days in the range; `daysDriven` of them started. */
    days: Count,
    daysDriven: Count,
    stopsPlanned: Count,
    stopsDone: Count,
    jobsSuccessful: Count,
    jobsFailed: Count,
    failedJobsByReason: FailedJobsByReason,
    drivingMinutes: Type.Union([Count, Type.Null()]),
    drivingMinutesPerDay: OptionalNumber,
    serviceMinutes: Type.Union([Count, Type.Null()]),
    serviceMinutesPerDay: OptionalNumber,
    distanceKm: Type.Number({ minimum: 0 }),
    /** Mean |ATA − first ETA| over the considered stops of every day (one decimal), and those stops. */
    etaDeviationMinutes: OptionalNumber,
    etaStops: Count,
    /** Mean of the days' sequence fidelity, per cent (one decimal). */
    sequenceFidelity: OptionalNumber,
    /** The days' sequence deviation weighted by their done stops (three decimals; 0 is perfect). */
    sequenceAdherence: OptionalNumber,
    /** Mean stars of the consignee reviews (two decimals), and how many there are. */
    starRating: OptionalNumber,
    reviews: Count,
    missedWindows: MissedWindows,
});

export const TourPerformanceRow = Type.Object({
    tourNumber: Type.String(),
    ...PerformanceFigures.properties,
});
export type TourPerformanceRow = Static<typeof TourPerformanceRow>;

/** The list: one row per tour number of the range, in natural order ("9" before "10"). */
export const TourPerformanceList = Type.Object({
    from: Day,
    to: Day,
    tours: Type.Array(TourPerformanceRow),
});
export type TourPerformanceList = Static<typeof TourPerformanceList>;

/** One day of a tour number: the tour and who drove it, with its figures. */
export const TourPerformanceDay = Type.Object({
    tourId: Type.String(),
    tourDate: Day,
    state: Type.Enum(tourStates),
    driverName: OptionalText,
    subcontractorName: OptionalText,
    ...PerformanceFigures.properties,
});
export type TourPerformanceDay = Static<typeof TourPerformanceDay>;

/** A tour number's days in the range, oldest first; none when it did not run then. */
export const TourPerformanceDetail = Type.Object({
    tourNumber: Type.String(),
    from: Day,
    to: Day,
    days: Type.Array(TourPerformanceDay),
});
export type TourPerformanceDetail = Static<typeof TourPerformanceDetail>;

/**
 * A driver's or subcontractor's started tours: done stops, sequence adherence (weighted by done
 * stops), mean fidelity and missed windows by cause. `id` and `name` are null for the tours
 * without a driver (or subcontractor).
 */
const PerformanceRollup = Type.Object({
    id: OptionalText,
    name: OptionalText,
    tours: Count,
    stopsDone: Count,
    sequenceAdherence: OptionalNumber,
    sequenceFidelity: OptionalNumber,
    missedWindows: MissedWindows,
});
export type PerformanceRollup = Static<typeof PerformanceRollup>;

export const TourPerformanceRollups = Type.Object({
    from: Day,
    to: Day,
    drivers: Type.Array(PerformanceRollup),
    subcontractors: Type.Array(PerformanceRollup),
    tourNumbers: Type.Array(
        Type.Object({ tourNumber: Type.String(), tours: Count, missedWindows: MissedWindows }),
    ),
});
export type TourPerformanceRollups = Static<typeof TourPerformanceRollups>;
