/**
 * The tour commander's ingestion of driver-app events (`POST /tour-commander/v1/driver-app/events`):
 * batches of events, each with the client's own id so that a retried batch stores nothing twice.
 * The schema checks the shape (a malformed body is a 400 naming the field); the rules of each
 * event (its tour, coordinates in range, time not in the future, not a duplicate) are checked per
 * event, and every rejected event is answered with its index, field and reason.
 */
import { Type, type Static } from 'typebox';
import { appStates, failureReasons, jobOutcomes } from '../tours.js';

const ingestedEventTypes = [
    'LOGIN',
    'LOGOUT',
    'APP_STATE',
    'POSITION',
    'SCAN',
    'STATUS_CHANGE',
    'SEQUENCE',
] as const;

/** The largest batch a client may send. */
const INGESTION_MAX_EVENTS = 500;

export const EventPosition = Type.Object(
    {
        /** Degrees; checked per event (−90…90). */
        latitude: Type.Number(),
        /** Degrees; checked per event (−180…180). */
        longitude: Type.Number(),
        /** Metres. */
        accuracy: Type.Optional(Type.Number({ minimum: 0 })),
        /** Metres per second. */
        speed: Type.Optional(Type.Number({ minimum: 0 })),
        /** Degrees clockwise from north. */
        heading: Type.Optional(Type.Number()),
        /** Metres. */
        altitude: Type.Optional(Type.Number()),
    },
    { additionalProperties: false },
);
export type EventPosition = Static<typeof EventPosition>;

export const DriverAppEvent = Type.Object(
    {
        /** The client's id of the event (e.g. a UUID), unique per sender. */
        eventId: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._:-]+$' }),
        type: Type.Enum(ingestedEventTypes),
        /** When it happened on the device. */
        occurredAt: Type.String({ format: 'date-time' }),
        /** The tour (its id as the tour commander gives it to the app). */
        tourId: Type.String({ minLength: 1, maxLength: 100 }),
        position: Type.Optional(EventPosition),
        /** Battery level in percent. */
        battery: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
        /** APP_STATE: the app came to the foreground or went to the background. */
        appState: Type.Optional(Type.Enum(appStates)),
        /** SCAN and STATUS_CHANGE: the job (its internal id or the sender's external id). */
        jobId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
        /** SCAN: the parcel scanned. */
        parcelNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
        /** STATUS_CHANGE: what happened to the job. */
        outcome: Type.Optional(Type.Enum(jobOutcomes)),
        /** STATUS_CHANGE of a failed attempt: why. */
        reason: Type.Optional(Type.Enum(failureReasons)),
        /** SEQUENCE: the waypoint ids in the order the app suggests. */
        sequence: Type.Optional(
            Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 1_000 }),
        ),
        /**
         * The driver-app account the event is from, for integrators posting for their drivers
         * (a LOGIN with it makes the account the tour's driver). A driver's own events are
         * theirs: they may leave it out or give their own id.
         */
        driverId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
        /** LOGIN: the device the app runs on. */
        device: Type.Optional(
            Type.Object(
                {
                    model: Type.Optional(Type.String({ maxLength: 100 })),
                    appVersion: Type.Optional(Type.String({ maxLength: 40 })),
                    imei: Type.Optional(Type.String({ maxLength: 20 })),
                },
                { additionalProperties: false },
            ),
        ),
    },
    { additionalProperties: false },
);
export type DriverAppEvent = Static<typeof DriverAppEvent>;

export const DriverAppEventBatch = Type.Object(
    { events: Type.Array(DriverAppEvent, { minItems: 1, maxItems: INGESTION_MAX_EVENTS }) },
    { additionalProperties: false },
);
export type DriverAppEventBatch = Static<typeof DriverAppEventBatch>;

/** Why an event was not stored. */
const eventRejectionCodes = [
    'UNKNOWN_TOUR',
    'NOT_YOUR_TOUR',
    'UNKNOWN_JOB',
    'COORDINATES_OUT_OF_RANGE',
    'TIMESTAMP_IN_FUTURE',
    'TIMESTAMP_TOO_OLD',
    'DUPLICATE_EVENT',
    'MISSING_FIELD',
    'OUTCOME_NOT_FOR_JOB_TYPE',
    'REASON_WITHOUT_FAILURE',
    'UNKNOWN_DRIVER',
] as const;

export const EventRejection = Type.Object({
    index: Type.Integer({ minimum: 0 }),
    /** JSON pointer into the event, e.g. `/position/latitude`. */
    field: Type.String(),
    code: Type.Enum(eventRejectionCodes),
    message: Type.String(),
});
export type EventRejection = Static<typeof EventRejection>;

export const IngestionResult = Type.Object({
    accepted: Type.Integer({ minimum: 0 }),
    rejected: Type.Array(EventRejection),
});
export type IngestionResult = Static<typeof IngestionResult>;
