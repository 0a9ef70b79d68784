/**
 * The tour commander's admin tour pages (shell §2.5, issue 14 part 6): the list of tours of every
 * organisation (`GET /tour-commander/v1/tours`, react-admin simple REST) and one tour with its
 * waypoints, jobs, the vehicle's latest state, its last driver-app events and the driven path
 * (`GET /tour-commander/v1/tours/:tourId`).
 */
import { Type, type Static } from 'typebox';
import {
    confirmationSources,
    coordinateTypes,
    failureReasons,
    jobOutcomes,
    jobStates,
    jobTypes,
    sequenceOptimisations,
    tourStates,
    tourTypes,
    waypointStates,
} from '../tours.js';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const Time = Type.String({ format: 'date-time' });
const OptionalTime = Type.Union([Time, Type.Null()]);
const OptionalText = Type.Union([Type.String(), Type.Null()]);
const OptionalNumber = Type.Union([Type.Number(), Type.Null()]);
const Count = Type.Integer({ minimum: 0 });

/** The longest date range the tour list reads at once (from and to included). */
export const TOUR_LIST_MAX_DAYS = 31;

/** The fields the tour list sorts by (`sort=["tourNumber","ASC"]`). */
export const tourSortFields = [
    'tourDate',
    'tourNumber',
    'depot',
    'state',
    'progress',
    'startedAt',
    'finishedAt',
] as const;
export type TourSortField = (typeof tourSortFields)[number];

/**
 * Filters of the tour list. A date is required: `date` (one day) or `from` and `to` (at most
 * TOUR_LIST_MAX_DAYS days), so that a read never spans the whole history.
 */
export const TourFilter = Type.Object(
    {
        date: Type.Optional(Day),
        from: Type.Optional(Day),
        to: Type.Optional(Day),
        tenantId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
        depotId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
        tourType: Type.Optional(Type.Enum(tourTypes)),
        state: Type.Optional(Type.Enum(tourStates)),
    },
    { additionalProperties: false },
);
export type TourFilter = Static<typeof TourFilter>;

const TourDepot = Type.Object({
    id: Type.String({ description: 'The internal depot id' }),
    externalId: Type.String(),
    name: Type.String(),
    timeZone: Type.String({ description: 'Times of the tour are shown in this zone' }),
});

/** A row of the tour list: the tour's people and vehicle, and the figures the processing keeps. */
export const TourListItem = Type.Object({
    id: Type.String(),
    tourDate: Day,
    tourNumber: Type.String(),
    organisation: Type.Object({ id: Type.String(), name: Type.String() }),
    depot: TourDepot,
    vehicleNumber: Type.String(),
    driverName: OptionalText,
    subcontractorName: OptionalText,
    tourType: Type.Enum(tourTypes),
    sequenceOptimisation: Type.Enum(sequenceOptimisations),
    state: Type.Enum(tourStates),
    plannedStart: OptionalTime,
    startedAt: OptionalTime,
    finishedAt: OptionalTime,
    waypointsDone: Count,
    waypointsTotal: Count,
    jobsSuccessful: Count,
    jobsFailed: Count,
    jobsTotal: Count,
    distanceMetres: Type.Number({ minimum: 0 }),
    lastEventAt: OptionalTime,
    projectedFinishAt: OptionalTime,
});
export type TourListItem = Static<typeof TourListItem>;

/** A stop of the tour, in planned order. */
export const TourWaypoint = Type.Object({
    id: Type.String(),
    plannedSequence: Type.Integer(),
    suggestedSequence: Type.Union([Type.Integer(), Type.Null()]),
    drivenSequence: Type.Union([Type.Integer(), Type.Null()]),
    state: Type.Enum(waypointStates),
    confirmation: Type.Union([Type.Enum(confirmationSources), Type.Null()]),
    timeFrameFrom: OptionalTime,
    timeFrameTo: OptionalTime,
    /** The latest estimate; a done stop keeps the last one made before it was reached. */
    eta: OptionalTime,
    /** The first estimate after the tour started (the ETA deviation is measured against it). */
    firstEta: OptionalTime,
    ata: OptionalTime,
    latitude: OptionalNumber,
    longitude: OptionalNumber,
    coordinateType: Type.Union([Type.Enum(coordinateTypes), Type.Null()]),
    street: Type.String(),
    houseNo: OptionalText,
    postcode: Type.String(),
    locality: OptionalText,
    countryCode: Type.String(),
    jobsTotal: Count,
    jobsSuccessful: Count,
    jobsFailed: Count,
});
export type TourWaypoint = Static<typeof TourWaypoint>;

/** A job of the tour with its current status. */
export const TourJob = Type.Object({
    id: Type.String(),
    externalJobId: Type.String(),
    type: Type.Enum(jobTypes),
    state: Type.Enum(jobStates),
    outcome: Type.Union([Type.Enum(jobOutcomes), Type.Null()]),
    reason: Type.Union([Type.Enum(failureReasons), Type.Null()]),
    statusAt: OptionalTime,
    parcels: Count,
    waypointId: OptionalText,
});
export type TourJob = Static<typeof TourJob>;

/** The latest state of the tour's vehicle (it may already be on a later tour: see `tourId`). */
export const TourVehicleState = Type.Object({
    tourId: OptionalText,
    latitude: OptionalNumber,
    longitude: OptionalNumber,
    accuracy: OptionalNumber,
    /** Metres per second. */
    speed: OptionalNumber,
    heading: OptionalNumber,
    battery: OptionalNumber,
    positionAt: OptionalTime,
    appState: OptionalText,
    lastEventAt: OptionalTime,
    lastEventType: OptionalText,
});
export type TourVehicleState = Static<typeof TourVehicleState>;

/** A driver-app event of the tour (positions are in `drivenPath`), with what its payload says. */
export const TourEvent = Type.Object({
    id: Type.String({ description: 'The ingestion sequence number' }),
    type: Type.String(),
    occurredAt: Time,
    jobId: OptionalText,
    externalJobId: OptionalText,
    outcome: OptionalText,
    reason: OptionalText,
    appState: OptionalText,
    parcelNumber: OptionalText,
    battery: OptionalNumber,
    /** SEQUENCE: how many waypoints the app's order names. */
    sequenceLength: Type.Union([Count, Type.Null()]),
    appVersion: OptionalText,
});
export type TourEvent = Static<typeof TourEvent>;

export const TourPathPoint = Type.Object({
    at: Time,
    latitude: Type.Number(),
    longitude: Type.Number(),
});
export type TourPathPoint = Static<typeof TourPathPoint>;

/** How many events and path points the tour view carries at most. */
export const TOUR_EVENTS_LIMIT = 200;
export const TOUR_PATH_MAX_POINTS = 2000;

/** One tour for the admin's tour view. */
export const TourDetail = Type.Object({
    ...TourListItem.properties,
    sequenceFidelity: OptionalNumber,
    depotLocation: Type.Object({ latitude: Type.Number(), longitude: Type.Number() }),
    waypoints: Type.Array(TourWaypoint),
    jobs: Type.Array(TourJob),
    vehicleState: Type.Union([TourVehicleState, Type.Null()]),
    /** The newest TOUR_EVENTS_LIMIT events, newest first. */
    events: Type.Array(TourEvent),
    /** The driven path in time order, thinned evenly to about TOUR_PATH_MAX_POINTS points (the last one kept). */
    drivenPath: Type.Array(TourPathPoint),
});
export type TourDetail = Static<typeof TourDetail>;

export const TourParams = Type.Object({
    tourId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }),
});
