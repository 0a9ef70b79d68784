/**
 * A depot's tour detail (domain §2 Tour Detail View, issue 15 part 2) and its custom waypoints:
 * `GET /tour-commander/v1/depot-tours/:tourId?path=<depot path>` (r:tour-details; the device
 * with r:tour-device, the driver's location with r:tour-details-driver-location, both at the
 * tour's scope), `POST …/custom-waypoints` and `DELETE …/custom-waypoints/:customWaypointId`.
 * The shared parts of a tour come from the admin's tour contract (tours.ts).
 */
import { Type, type Static } from 'typebox';
import {
    addressProblems,
    CUSTOM_WAYPOINT_NAME_MAX,
    customWaypointStatuses,
    timeFrameChecks,
} from '../depotTourDetail.js';
import { AddressDeliveryInfo } from './address-delivery-info.js';
import { TourJob, TourListItem, TourParams, TourPathPoint, TourWaypoint } from './tours.js';

const Time = Type.String({ format: 'date-time' });
const OptionalTime = Type.Union([Time, Type.Null()]);
const OptionalText = Type.Union([Type.String(), Type.Null()]);
const OptionalNumber = Type.Union([Type.Number(), Type.Null()]);
const LatLon = Type.Object({ latitude: Type.Number(), longitude: Type.Number() });

/** The depot whose tour is asked for: its scope path `tenantId.countryCode.groupId.internalDepotId`. */
export const DepotTourQuery = Type.Object(
    {
        path: Type.String({
            pattern: '^[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+){3}$',
            maxLength: 400,
            description: "The depot's scope path (four segments)",
        }),
    },
    { additionalProperties: false },
);
export type DepotTourQuery = Static<typeof DepotTourQuery>;

export const DepotTourParams = TourParams;
export type DepotTourParams = Static<typeof DepotTourParams>;

export const CustomWaypointParams = Type.Object({
    ...TourParams.properties,
    customWaypointId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }),
});
export type CustomWaypointParams = Static<typeof CustomWaypointParams>;

/**
 * What the depot's address delivery information (docs/address-delivery-information.md) tells
 * the driver at a stop: the texts and the exact delivery coordinates with their type.
 */
export const WaypointDeliveryInfo = Type.Pick(AddressDeliveryInfo, [
    'deliveryNote',
    'accessCode',
    'safePlace',
    'openingHours',
    'latitude',
    'longitude',
    'coordinateType',
    'updatedAt',
]);
export type WaypointDeliveryInfo = Static<typeof WaypointDeliveryInfo>;

/** A stop of the tour in planned order, with its time frame check and, if added by depot staff, its custom waypoint. */
export const DepotTourWaypoint = Type.Object({
    ...TourWaypoint.properties,
    /** Set when the stop is a custom waypoint. */
    customWaypointId: OptionalText,
    /** The custom waypoint's name. */
    name: OptionalText,
    /** The time frame against the arrival (15 minutes' tolerance); null without a time frame. */
    timeFrameCheck: Type.Union([Type.Enum(timeFrameChecks), Type.Null()]),
    /** The depot's delivery information for the stop's address (same `addressKeyOf`); null when it has none. */
    deliveryInfo: Type.Union([WaypointDeliveryInfo, Type.Null()]),
});
export type DepotTourWaypoint = Static<typeof DepotTourWaypoint>;

/** A stop whose address could not be placed or is doubtful, and why. */
export const TourAddressError = Type.Object({
    waypointId: Type.String(),
    plannedSequence: Type.Integer(),
    problems: Type.Array(Type.Enum(addressProblems), { minItems: 1 }),
});
export type TourAddressError = Static<typeof TourAddressError>;

/** A failed job with its stop's planned position. */
export const UnsuccessfulJob = Type.Object({
    ...TourJob.properties,
    plannedSequence: Type.Union([Type.Integer(), Type.Null()]),
});
export type UnsuccessfulJob = Static<typeof UnsuccessfulJob>;

/** A waypoint added by depot staff and how far it has come into the tour. */
export const CustomWaypoint = Type.Object({
    id: Type.String(),
    name: Type.String(),
    latitude: Type.Number(),
    longitude: Type.Number(),
    street: OptionalText,
    houseNo: OptionalText,
    postcode: OptionalText,
    locality: OptionalText,
    countryCode: OptionalText,
    /** Asked to go before this planned position; null: at the end. */
    position: Type.Union([Type.Integer(), Type.Null()]),
    status: Type.Enum(customWaypointStatuses),
    /** The tour's waypoint it became (APPLIED). */
    waypointId: OptionalText,
    createdAt: Time,
});
export type CustomWaypoint = Static<typeof CustomWaypoint>;

/** The driver app's device on the tour (r:tour-device). */
export const TourDevice = Type.Object({
    /** From the tour's newest sign-in. */
    model: OptionalText,
    appVersion: OptionalText,
    signedInAt: OptionalTime,
    /** Percent, the newest reading of the tour. */
    battery: OptionalNumber,
    appState: OptionalText,
    /** The newest event or position of the tour. */
    lastContactAt: OptionalTime,
});
export type TourDevice = Static<typeof TourDevice>;

/** Where the vehicle was last seen on this tour (r:tour-details-driver-location). */
export const DriverLocation = Type.Object({
    ...LatLon.properties,
    accuracy: OptionalNumber,
    /** Metres per second. */
    speed: OptionalNumber,
    heading: OptionalNumber,
    positionAt: Time,
});
export type DriverLocation = Static<typeof DriverLocation>;

/** One tour of a depot for its detail view. */
export const DepotTourDetail = Type.Object({
    ...TourListItem.properties,
    sequenceFidelity: OptionalNumber,
    depotLocation: LatLon,
    /** When the server read the tour (the time frame checks are as of then). */
    checkedAt: Time,
    waypoints: Type.Array(DepotTourWaypoint),
    addressErrors: Type.Array(TourAddressError),
    unsuccessfulJobs: Type.Array(UnsuccessfulJob),
    /** From the depot through the stops with coordinates, in planned order. */
    plannedPath: Type.Array(LatLon),
    /**
     * The driven path in time order, thinned as in the admin's tour view; without
     * r:tour-details-driver-location only up to the arrival at the last stop done.
     */
    drivenPath: Type.Array(TourPathPoint),
    customWaypoints: Type.Array(CustomWaypoint),
    /** Present only with r:tour-device; its fields are null when nothing was received. */
    device: Type.Optional(TourDevice),
    /** Present only with r:tour-details-driver-location; null when no position of the tour is known. */
    driverLocation: Type.Optional(Type.Union([DriverLocation, Type.Null()])),
});
export type DepotTourDetail = Static<typeof DepotTourDetail>;

const Name = Type.String({
    minLength: 1,
    maxLength: CUSTOM_WAYPOINT_NAME_MAX,
    pattern: '\\S',
    description: 'Shown in the stop list and on the map (not only spaces)',
});
/** Insert before this planned position (1-based); at the end when absent or past the end. */
const Position = Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 }));

const CustomWaypointAddress = Type.Object(
    {
        street: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
        houseNo: Type.Optional(Type.String({ maxLength: 20 })),
        postcode: Type.String({ minLength: 1, maxLength: 20, pattern: '\\S' }),
        locality: Type.Optional(Type.String({ maxLength: 100 })),
        countryCode: Type.String({ pattern: '^[A-Z]{2}$' }),
    },
    { additionalProperties: false },
);

/**
 * A new custom waypoint: a name and either its coordinates (a click on the map) or its address,
 * placed by the installation's geocoder (GEOCODER_URL). The handler checks the coordinates, so
 * that a bad pair is answered with CUSTOM_WAYPOINT_COORDINATES_INVALID, and that exactly one of
 * the two is given.
 */
export const CustomWaypointBody = Type.Object(
    {
        name: Name,
        latitude: Type.Optional(Type.Number()),
        longitude: Type.Optional(Type.Number()),
        address: Type.Optional(CustomWaypointAddress),
        position: Position,
    },
    { additionalProperties: false },
);
export type CustomWaypointBody = Static<typeof CustomWaypointBody>;
