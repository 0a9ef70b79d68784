/**
 * Why a done stop is left out of the ETA accuracy (RTT; domain §4 not-considered waypoint
 * reasons): its arrival time is not trustworthy. The first rule that matches, in the order of
 * `notConsideredReasons`. Written down in docs/analytics.md.
 */
import { distanceMetres, type LatLon } from './geo.js';
import type {
    ConfirmationSource,
    FailureReason,
    JobOutcome,
    JobType,
    WaypointState,
} from './tours.js';

/** The reasons, in the order their rules are tried. */
export const notConsideredReasons = [
    'INVALID_ADDRESS',
    'PARCELSHOP_DELIVERY',
    'ONLY_COLLECTION_CANCELLED_EVENTS',
    'LOCATION_FAR_OFF',
    'NO_ONSITE_SCANEVENT',
    'SCANTIME_AMBIGUOUS',
    'DRIVING_TIME_DUBIOUS',
] as const;
export type NotConsideredReason = (typeof notConsideredReasons)[number];

/** The device more than this far from the stop at its first scan or status. */
export const LOCATION_FAR_OFF_METRES = 500;
/** A scan or status within this distance of the stop was made on site. */
export const ONSITE_RADIUS_METRES = 150;
/** First statuses of stops within this many seconds of each other were sent in one batch… */
export const SCANTIME_BATCH_SECONDS = 60;
/** …when at least this many other stops share the stop's moment. */
export const SCANTIME_BATCH_OTHER_STOPS = 2;
/** From the previous stop faster than this is dubious… */
export const DUBIOUS_SPEED_KMH = 150;
/** …and so is farther than DUBIOUS_QUICK_METRES in under this many seconds. */
export const DUBIOUS_QUICK_SECONDS = 30;
export const DUBIOUS_QUICK_METRES = 300;

export interface NotConsideredStop {
    state: WaypointState;
    confirmation: ConfirmationSource | null;
    /** Null when the stop has no coordinates. */
    place: LatLon | null;
    ata: Date | null;
    jobs: readonly { type: JobType; outcome: JobOutcome | null; reason: FailureReason | null }[];
    /** The SCAN and STATUS_CHANGE events of its jobs in time order, where the app sent a position. */
    onsiteEvents: readonly { at: Date; position: LatLon | null }[];
    /** Its first status: the first STATUS_CHANGE event of its jobs, else the first job status time. */
    firstStatusAt: Date | null;
}

export interface NotConsideredContext {
    /** The first status times of the tour's other done stops. */
    otherFirstStatuses: readonly Date[];
    /** The done stop before it in driven order; null for the first. */
    previous: { place: LatLon | null; ata: Date | null } | null;
}

type Rule = (stop: NotConsideredStop, context: NotConsideredContext) => boolean;

const invalidAddress: Rule = (stop) =>
    stop.place === null || stop.jobs.some((job) => job.reason === 'ADDRESS_PROBLEM');

const parcelShopDelivery: Rule = (stop) =>
    stop.jobs.length > 0 && stop.jobs.every((job) => job.outcome === 'DELIVERED_TO_PARCEL_SHOP');

const onlyCollectionsCancelled: Rule = (stop) =>
    stop.jobs.length > 0 &&
    stop.jobs.every((job) => job.type === 'COLLECTION' && job.outcome === 'COLLECTION_FAILED');

const positioned = (stop: NotConsideredStop) =>
    stop.onsiteEvents.flatMap((event) => (event.position ? [event.position] : []));

const locationFarOff: Rule = (stop) => {
    const first = positioned(stop)[0];
    return !!stop.place && !!first && distanceMetres(stop.place, first) > LOCATION_FAR_OFF_METRES;
};

/** A system-confirmed stop without any scan or status, or none of the positioned ones on site. */
const noOnsiteScan: Rule = (stop) => {
    if (stop.confirmation === 'SYSTEM' && stop.onsiteEvents.length === 0) return true;
    const known = positioned(stop);
    const place = stop.place;
    return (
        !!place &&
        known.length > 0 &&
        known.every((position) => distanceMetres(place, position) > ONSITE_RADIUS_METRES)
    );
};

const scanTimeAmbiguous: Rule = (stop, context) => {
    const first = stop.firstStatusAt?.getTime();
    if (first === undefined) return false;
    const batched = context.otherFirstStatuses.filter(
        (other) => Math.abs(other.getTime() - first) <= SCANTIME_BATCH_SECONDS * 1000,
    );
    return batched.length >= SCANTIME_BATCH_OTHER_STOPS;
};

const drivingTimeDubious: Rule = (stop, context) => {
    const previous = context.previous;
    if (!previous?.place || !previous.ata || !stop.place || !stop.ata) return false;
    const metres = distanceMetres(previous.place, stop.place);
    const seconds = (stop.ata.getTime() - previous.ata.getTime()) / 1000;
    if (seconds < DUBIOUS_QUICK_SECONDS && metres > DUBIOUS_QUICK_METRES) return true;
    if (seconds <= 0) return metres > 0;
    // metres / seconds × 3.6 > km/h, without the rounding of 3.6.
    return metres * 3600 > DUBIOUS_SPEED_KMH * 1000 * seconds;
};

const rules: Record<NotConsideredReason, Rule> = {
    INVALID_ADDRESS: invalidAddress,
    PARCELSHOP_DELIVERY: parcelShopDelivery,
    ONLY_COLLECTION_CANCELLED_EVENTS: onlyCollectionsCancelled,
    LOCATION_FAR_OFF: locationFarOff,
    NO_ONSITE_SCANEVENT: noOnsiteScan,
    SCANTIME_AMBIGUOUS: scanTimeAmbiguous,
    DRIVING_TIME_DUBIOUS: drivingTimeDubious,
};

/** Why the stop's arrival is left out of the ETA accuracy; null when it counts or is not done. */
export function notConsideredReason(
    stop: NotConsideredStop,
    context: NotConsideredContext,
): NotConsideredReason | null {
    if (stop.state !== 'DONE') return null;
    return notConsideredReasons.find((reason) => rules[reason](stop, context)) ?? null;
}

/** The reasons of a tour's done stops, given in driven order (each judged against the others). */
export function notConsideredReasonsInDrivenOrder(
    stops: readonly NotConsideredStop[],
): (NotConsideredReason | null)[] {
    // Each stop needs only the other first statuses near its own: found once over sorted times.
    const window = SCANTIME_BATCH_SECONDS * 1000;
    const timed = stops
        .flatMap((stop, index) => (stop.firstStatusAt ? [{ index, at: stop.firstStatusAt }] : []))
        .sort((a, b) => a.at.getTime() - b.at.getTime());
    const near = new Map<number, Date[]>();
    let from = 0;
    timed.forEach((entry, position) => {
        while ((timed[from]?.at.getTime() ?? 0) < entry.at.getTime() - window) from++;
        const others: Date[] = [];
        for (let k = from; k < timed.length; k++) {
            const other = timed[k];
            if (!other || other.at.getTime() > entry.at.getTime() + window) break;
            if (k !== position) others.push(other.at);
        }
        near.set(entry.index, others);
    });
    return stops.map((stop, index) => {
        const previous = index > 0 ? stops[index - 1] : undefined;
        return notConsideredReason(stop, {
            otherFirstStatuses: near.get(index) ?? [],
            previous: previous ? { place: previous.place, ata: previous.ata } : null,
        });
    });
}
