/**
 * One tour's driven history and analysis (domain §2 Tour Driven History and Tour Analysis, issue
 * 16 parts 3 and 4): `GET /tour-commander/v1/tour-history/:tourId?path=<depot path>` (r:tour-perf
 * at the depot), for tours of the last DRIVEN_HISTORY_DAYS days (domain/drivenHistory.ts).
 */
import { Type, type Static } from 'typebox';
import { missedWindowCauses, windowMisses } from '../missedWindowCauses.js';
import { notConsideredReasons } from '../notConsideredReasons.js';
import { confirmationSources, failureReasons, waypointStates } from '../tours.js';
import { DepotTourQuery } from './depot-tours.js';
import { TourListItem, TourParams, TourPathPoint } from './tours.js';

const Time = Type.String({ format: 'date-time' });
const OptionalTime = Type.Union([Time, Type.Null()]);
const OptionalText = Type.Union([Type.String(), Type.Null()]);
const OptionalNumber = Type.Union([Type.Number(), Type.Null()]);
const OptionalInteger = Type.Union([Type.Integer(), Type.Null()]);
const Count = Type.Integer({ minimum: 0 });

export const TourHistoryParams = TourParams;
export type TourHistoryParams = Static<typeof TourHistoryParams>;
export const TourHistoryQuery = DepotTourQuery;
export type TourHistoryQuery = Static<typeof TourHistoryQuery>;

/** A stop of the tour with its three sequences, times and what the day's analytics found. */
export const TourHistoryWaypoint = Type.Object({
    id: Type.String(),
    plannedSequence: Type.Integer(),
    suggestedSequence: OptionalInteger,
    drivenSequence: OptionalInteger,
    state: Type.Enum(waypointStates),
    confirmation: Type.Union([Type.Enum(confirmationSources), Type.Null()]),
    latitude: OptionalNumber,
    longitude: OptionalNumber,
    street: Type.String(),
    houseNo: OptionalText,
    postcode: Type.String(),
    locality: OptionalText,
    timeFrameFrom: OptionalTime,
    timeFrameTo: OptionalTime,
    /** The first estimate after the start (the ETA accuracy is measured against it). */
    firstEta: OptionalTime,
    eta: OptionalTime,
    ata: OptionalTime,
    /** When the vehicle left the stop (analytics). */
    departedAt: OptionalTime,
    /** Why the arrival is left out of the ETA accuracy (domain §4). */
    notConsideredReason: Type.Union([Type.Enum(notConsideredReasons), Type.Null()]),
    windowMiss: Type.Union([Type.Enum(windowMisses), Type.Null()]),
    missedWindowCause: Type.Union([Type.Enum(missedWindowCauses), Type.Null()]),
    jobsTotal: Count,
    jobsFailed: Count,
    /** The reasons its failed jobs name, each once, in the order of `failureReasons`. */
    failureReasons: Type.Array(Type.Enum(failureReasons)),
});
export type TourHistoryWaypoint = Static<typeof TourHistoryWaypoint>;

/** One tour's day: its figures, its stops in planned order, its driven path and re-orders. */
export const TourHistory = Type.Object({
    ...TourListItem.properties,
    /** Per cent (domain §3). */
    sequenceFidelity: OptionalNumber,
    /** Sequence deviation (0 perfect; docs/analytics.md); null before the analytics ran. */
    sequenceAdherence: OptionalNumber,
    /** Mean |ATA − first ETA| in minutes over the considered stops, and how many stops. */
    etaDeviation: Type.Object({ averageMinutes: OptionalNumber, stops: Count }),
    depotLocation: Type.Object({ latitude: Type.Number(), longitude: Type.Number() }),
    waypoints: Type.Array(TourHistoryWaypoint),
    /** The tour's positions in time order, at most one per DRIVEN_PATH_SLOT_SECONDS slot. */
    drivenPath: Type.Array(TourPathPoint),
    /** When the driver app re-ordered the stops (its SEQUENCE events), in time order. */
    sequenceChanges: Type.Array(Time),
});
export type TourHistory = Static<typeof TourHistory>;
