import { coordinateTypes } from './addressCorrections.js';

/**
 * The vocabulary of tours (domain §3 Job, Tour, waypoints; §4 states, parcel steps, reasons):
 * shared by the data gateway's job import, the tour commander's ingestion and processing, the
 * simulator and the screens.
 */

/** Job types an import may send (domain §3; CUSTOM and UNKNOWN are only made by the product). */
export const importJobTypes = ['DELIVERY', 'PICKUP', 'COLLECTION'] as const;
export const jobTypes = [...importJobTypes, 'CUSTOM', 'UNKNOWN'] as const;
export type JobType = (typeof jobTypes)[number];

export const tourTypes = ['NTC', 'TCG', 'USER'] as const;
export type TourType = (typeof tourTypes)[number];

export const sequenceOptimisations = ['FREE', 'FIXED', 'PREVIOUS'] as const;
export type SequenceOptimisation = (typeof sequenceOptimisations)[number];

/** Waypoint states (domain §3, §4): CURRENT is "next in sequence". */
export const waypointStates = ['CURRENT', 'DONE', 'OPEN', 'UNASSIGNED'] as const;
export type WaypointState = (typeof waypointStates)[number];

/** Who confirmed a done waypoint: the driver (a status in the app) or the system (geofence). */
export const confirmationSources = ['DRIVER', 'SYSTEM'] as const;
export type ConfirmationSource = (typeof confirmationSources)[number];

export { coordinateTypes };
export type CoordinateType = (typeof coordinateTypes)[number];

/** Where a time frame came from (domain §3 Tour: "time frames (from assignments or from drivers)"). */
export const timeFrameSources = ['ASSIGNMENT', 'DRIVER'] as const;

/**
 * Outcomes a driver reports for a job (domain §4 parcel progress steps and their pickup and
 * collection variants). Each belongs to one job type.
 */
export const jobOutcomes = [
    'DELIVERED_TO_CONSIGNEE',
    'DELIVERED_TO_NEIGHBOUR',
    'DELIVERED_TO_PARCEL_SHOP',
    'DEPOSITED',
    'DELIVERY_FAILED',
    'PICKED_UP',
    'PICKUP_FAILED',
    'COLLECTED',
    'COLLECTION_FAILED',
] as const;
export type JobOutcome = (typeof jobOutcomes)[number];

/** The reasons of a failed attempt (domain §4): absent, refused, address problem, traffic. */
export const failureReasons = ['ABSENT', 'REFUSED', 'ADDRESS_PROBLEM', 'TRAFFIC'] as const;
export type FailureReason = (typeof failureReasons)[number];

const failedOutcomes: readonly JobOutcome[] = [
    'DELIVERY_FAILED',
    'PICKUP_FAILED',
    'COLLECTION_FAILED',
];

export const isFailedOutcome = (outcome: JobOutcome): boolean => failedOutcomes.includes(outcome);

/** The outcomes a job of each type may have. */
export const outcomesByJobType: Record<JobType, readonly JobOutcome[]> = {
    DELIVERY: [
        'DELIVERED_TO_CONSIGNEE',
        'DELIVERED_TO_NEIGHBOUR',
        'DELIVERED_TO_PARCEL_SHOP',
        'DEPOSITED',
        'DELIVERY_FAILED',
    ],
    PICKUP: ['PICKED_UP', 'PICKUP_FAILED'],
    COLLECTION: ['COLLECTED', 'COLLECTION_FAILED'],
    CUSTOM: [...jobOutcomes],
    UNKNOWN: [...jobOutcomes],
};

/** A job's state: imported, on a tour that started, or finished with an outcome. */
export const jobStates = ['OPEN', 'ON_TOUR', 'DONE'] as const;
export type JobState = (typeof jobStates)[number];

/** Where a job status came from. */
export const statusSources = ['DRIVER_APP', 'DATA_GATEWAY', 'BACK_OFFICE', 'SYSTEM'] as const;

/** A tour's progress as the live screens show it. */
export const tourStates = ['NOT_STARTED', 'ON_ROAD', 'FINISHED'] as const;
export type TourState = (typeof tourStates)[number];

/** The app's state the driver app reports. */
export const appStates = ['FOREGROUND', 'BACKGROUND'] as const;

/** Job external id limit (domain §9). */
export const JOB_EXTERNAL_ID_MAX = 64;
