/**
 * The live status of a depot (domain §2 Live Status, issue 15): the snapshot the page loads
 * (`GET /tour-commander/v1/live-status?path=<depot scope path>`) and the messages of the live
 * stream (`/tour-commander/v1/live/socket`, one WebSocket per browser tab).
 */
import { Type, type Static } from 'typebox';
import { appUsageLevels, liveMapStates, outdatedReasons } from '../liveStatus.js';
import { rttCategories } from '../rtt.js';
import { tourStates } from '../tours.js';
import { BusinessHours } from './tenant-configuration.js';

const Time = Type.String({ format: 'date-time' });
const OptionalTime = Type.Union([Time, Type.Null()]);
const OptionalText = Type.Union([Type.String(), Type.Null()]);
const Count = Type.Integer({ minimum: 0 });

/** A depot's scope path, `tenantId.countryCode.groupId.internalDepotId`. */
const DepotPath = Type.String({
    pattern: '^[A-Za-z0-9_-]{1,100}(\\.[A-Za-z0-9_-]{1,100}){3}$',
    description: 'The depot scope path tenantId.countryCode.groupId.internalDepotId',
});

export const LiveStatusQuery = Type.Object({ path: DepotPath }, { additionalProperties: false });
export type LiveStatusQuery = Static<typeof LiveStatusQuery>;

/** A tour of today in the live table (without its position: see LivePosition). */
export const LiveTour = Type.Object({
    id: Type.String(),
    tourNumber: Type.String(),
    vehicleNumber: Type.String(),
    driverName: OptionalText,
    subcontractorName: OptionalText,
    state: Type.Enum(tourStates),
    plannedStart: OptionalTime,
    startedAt: OptionalTime,
    finishedAt: OptionalTime,
    waypointsDone: Count,
    waypointsTotal: Count,
    jobsSuccessful: Count,
    jobsFailed: Count,
    jobsTotal: Count,
    /** When the tour will be back at the depot at the current pace (to the minute). */
    projectedFinishAt: OptionalTime,
    /** The projected finish as first estimated after the start (the plan it is compared with; to the minute). */
    plannedFinishAt: OptionalTime,
    /** More than 15 percentage points of stops done behind the depot's tours on the road. */
    behindAverage: Type.Boolean(),
    rttCategory: Type.Union([Type.Enum(rttCategories), Type.Null()]),
    appUsage: Type.Enum(appUsageLevels),
    /** On the road without a position in the last minutes. */
    outdated: Type.Boolean(),
    outdatedReason: Type.Union([Type.Enum(outdatedReasons), Type.Null()]),
    mapState: Type.Enum(liveMapStates),
    /** Open stops whose window will be missed at the current pace. */
    windowsAtRisk: Count,
    /** The newest position's time, to the minute (the position itself has the exact time); null without one. */
    lastPositionAt: OptionalTime,
});
export type LiveTour = Static<typeof LiveTour>;

/** A tour's vehicle on the map (needs r:live-status-map, and only within business hours). */
export const LivePosition = Type.Object({
    tourId: Type.String(),
    latitude: Type.Number({ minimum: -90, maximum: 90 }),
    longitude: Type.Number({ minimum: -180, maximum: 180 }),
    heading: Type.Union([Type.Number(), Type.Null()]),
    at: Time,
});
export type LivePosition = Static<typeof LivePosition>;

/** An open stop whose arrival window will be missed at the current pace. */
export const WindowAtRisk = Type.Object({
    tourId: Type.String(),
    tourNumber: Type.String(),
    waypointId: Type.String(),
    address: Type.String(),
    timeFrameTo: Time,
    eta: Time,
});
export type WindowAtRisk = Static<typeof WindowAtRisk>;

/** Whether the map may be shown now, and the settings the page follows. */
export const LiveSettings = Type.Object({
    businessHours: BusinessHours,
    withinBusinessHours: Type.Boolean(),
    /** The caller holds r:live-status-map here. */
    mapAllowed: Type.Boolean(),
    refreshIntervalSec: Type.Integer({ minimum: 1 }),
    showLastUpdatedTime: Type.Boolean(),
});
export type LiveSettings = Static<typeof LiveSettings>;

export const LiveDepot = Type.Object({
    internalDepotId: Type.String(),
    externalDepotId: Type.String(),
    name: Type.String(),
    timeZone: Type.String(),
    latitude: Type.Number(),
    longitude: Type.Number(),
});
export type LiveDepot = Static<typeof LiveDepot>;

/** Everything the live status page shows, as of `generatedAt`. */
export const LiveSnapshot = Type.Object({
    depot: LiveDepot,
    /** Today in the depot's time zone. */
    date: Type.String({ format: 'date' }),
    generatedAt: Time,
    settings: LiveSettings,
    tours: Type.Array(LiveTour),
    positions: Type.Array(LivePosition),
    /** Sorted by the time left until the window closes, at most LIVE_WINDOWS_AT_RISK_LIMIT. */
    windowsAtRisk: Type.Array(WindowAtRisk),
});
export type LiveSnapshot = Static<typeof LiveSnapshot>;

export const LIVE_WINDOWS_AT_RISK_LIMIT = 100;

// --- The organisation's live map (issue 15 part 5, beyond the spec) ---------------------------

const TenantId = Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' });

export const LiveFleetQuery = Type.Object({ tenantId: TenantId }, { additionalProperties: false });
export type LiveFleetQuery = Static<typeof LiveFleetQuery>;

/** One vehicle on the organisation's map: its tour of today, where it is and its map colour. */
export const FleetVehicle = Type.Object({
    /** The tour's id. */
    id: Type.String(),
    depotId: Type.String(),
    /** Tour number, and the driver's name when known. */
    label: Type.String(),
    latitude: Type.Number({ minimum: -90, maximum: 90 }),
    longitude: Type.Number({ minimum: -180, maximum: 180 }),
    heading: Type.Union([Type.Number(), Type.Null()]),
    state: Type.Enum(liveMapStates),
});
export type FleetVehicle = Static<typeof FleetVehicle>;

/** A depot of the organisation on the map, with its vehicles by map colour. */
export const FleetDepot = Type.Object({
    internalDepotId: Type.String(),
    externalDepotId: Type.String(),
    name: Type.String(),
    latitude: Type.Number(),
    longitude: Type.Number(),
    /** Positions are shown within the depot's business hours only. */
    withinBusinessHours: Type.Boolean(),
    vehicles: Type.Object({
        COMPLETED: Count,
        OUTDATED: Count,
        BEHIND: Count,
        ON_ROAD: Count,
        NOT_STARTED: Count,
    }),
});
export type FleetDepot = Static<typeof FleetDepot>;

/** The organisation's live map: every depot the caller may see and their vehicles with a position. */
export const FleetSnapshot = Type.Object({
    tenantId: Type.String(),
    generatedAt: Time,
    depots: Type.Array(FleetDepot),
    vehicles: Type.Array(FleetVehicle),
});
export type FleetSnapshot = Static<typeof FleetSnapshot>;

// --- The live stream -------------------------------------------------------------------------

/** Where a client resumes: the stream it followed and the last sequence number it applied. */
export const LiveResume = Type.Object({
    stream: Type.String({ minLength: 1, maxLength: 100 }),
    seq: Type.Integer({ minimum: 0 }),
});
export type LiveResume = Static<typeof LiveResume>;

/** Messages from the browser. The first must be `auth`; a new `auth` renews the token. */
export const LiveClientMessage = Type.Union([
    Type.Object(
        { type: Type.Literal('auth'), token: Type.String({ minLength: 1, maxLength: 8192 }) },
        { additionalProperties: false },
    ),
    Type.Object(
        {
            type: Type.Literal('subscribe'),
            path: DepotPath,
            resume: Type.Optional(LiveResume),
        },
        { additionalProperties: false },
    ),
    /** The organisation's live map (needs r:live-status-map in the organisation view). */
    Type.Object(
        {
            type: Type.Literal('subscribeFleet'),
            tenantId: TenantId,
            resume: Type.Optional(LiveResume),
        },
        { additionalProperties: false },
    ),
    Type.Object({ type: Type.Literal('unsubscribe') }, { additionalProperties: false }),
    Type.Object({ type: Type.Literal('ping') }, { additionalProperties: false }),
]);
export type LiveClientMessage = Static<typeof LiveClientMessage>;

/** A full frame: the whole state of the subscription (first answer, or a resume that cannot be served). */
export const LiveFullFrame = Type.Object({
    type: Type.Literal('full'),
    stream: Type.String(),
    seq: Type.Integer({ minimum: 0 }),
    snapshot: LiveSnapshot,
});
export type LiveFullFrame = Static<typeof LiveFullFrame>;

/** What changed since the previous frame of the stream (`seq` is the previous plus one, or more after a resume). */
export const LiveDeltaFrame = Type.Object({
    type: Type.Literal('delta'),
    stream: Type.String(),
    seq: Type.Integer({ minimum: 1 }),
    generatedAt: Time,
    tours: Type.Array(LiveTour),
    removedTours: Type.Array(Type.String()),
    positions: Type.Array(LivePosition),
    /** Tours whose position is no longer shown (tour gone, or outside business hours). */
    removedPositions: Type.Array(Type.String()),
    /** Present when the list changed. */
    windowsAtRisk: Type.Optional(Type.Array(WindowAtRisk)),
    /** Present when the settings changed (e.g. business hours began or ended). */
    settings: Type.Optional(LiveSettings),
});
export type LiveDeltaFrame = Static<typeof LiveDeltaFrame>;

/** The organisation map's full frame. */
export const FleetFullFrame = Type.Object({
    type: Type.Literal('fleetFull'),
    stream: Type.String(),
    seq: Type.Integer({ minimum: 0 }),
    fleet: FleetSnapshot,
});
export type FleetFullFrame = Static<typeof FleetFullFrame>;

/** What changed on the organisation's map since the previous frame. */
export const FleetDeltaFrame = Type.Object({
    type: Type.Literal('fleetDelta'),
    stream: Type.String(),
    seq: Type.Integer({ minimum: 1 }),
    generatedAt: Time,
    vehicles: Type.Array(FleetVehicle),
    removed: Type.Array(Type.String()),
    /** Present when a depot's counts or business hours changed: every depot again. */
    depots: Type.Optional(Type.Array(FleetDepot)),
});
export type FleetDeltaFrame = Static<typeof FleetDeltaFrame>;

export const liveCloseCodes = {
    /** A message that is not JSON or not one of LiveClientMessage. */
    malformed: 4400,
    /** No valid token first, or the token expired and was not renewed. */
    unauthenticated: 4401,
    /** The client did not read its frames fast enough. */
    tooSlow: 4408,
} as const;

export const LiveServerMessage = Type.Union([
    Type.Object({ type: Type.Literal('ready'), expiresAt: Time }),
    LiveFullFrame,
    LiveDeltaFrame,
    FleetFullFrame,
    FleetDeltaFrame,
    /** Sent after the frame that answers a subscribe (or alone, when a resume found nothing new). */
    Type.Object({
        type: Type.Literal('subscribed'),
        stream: Type.String(),
        seq: Type.Integer({ minimum: 0 }),
    }),
    Type.Object({ type: Type.Literal('pong') }),
    /** A refused subscription (the connection stays open for another one). */
    Type.Object({ type: Type.Literal('error'), code: Type.String(), message: Type.String() }),
]);
export type LiveServerMessage = Static<typeof LiveServerMessage>;
