/** The simulator's plan of a depot day: plain data, deterministic for a seed. */
import type { ImportJob } from '../../../domain/contracts/job-import.js';
import type { LatLon } from '../../../domain/geo.js';
import type {
    CoordinateType,
    SequenceOptimisation,
    TourType,
    importJobTypes,
} from '../../../domain/tours.js';
import type { GridPoint, StreetNetwork } from './network.js';

export type ImportJobType = (typeof importJobTypes)[number];
type ImportAddress = ImportJob['address'];
type ImportParcel = NonNullable<ImportJob['parcels']>[number];

/** The depot whose day is simulated. */
export interface SimulatedDepot {
    externalDepotId: string;
    latitude: number;
    longitude: number;
    timeZone: string;
    countryCode: string;
    locality: string;
    postcode: string;
}

/** A simulated depot as stored: with its id, organisation and scope path. */
export interface StoredDepot extends SimulatedDepot {
    internalDepotId: string;
    tenantId: string;
    scopePath: string;
}

/** A job as the import sends it, without its assignments (added per tour when batching). */
export type PlannedJob = Omit<ImportJob, 'assignments' | 'type' | 'parcels' | 'address'> & {
    type: ImportJobType;
    address: ImportAddress;
    parcels: Required<ImportParcel>[];
};

/** A stop of a tour: one address, 1-3 jobs; a waypoint once imported. */
export interface PlannedStop {
    /** 1-based position in the planned order. */
    sequence: number;
    /** Where the vehicle stops, on the street network. */
    point: GridPoint;
    /** The address's coordinates (a rooftop a few metres off the street, the street, or a handover point). */
    location: LatLon;
    coordinateType: CoordinateType;
    jobs: PlannedJob[];
}

export interface PlannedTour {
    externalDepotId: string;
    date: string;
    timeZone: string;
    tourNumber: string;
    vehicleNumber: string;
    tourType: TourType;
    sequenceOptimisation: SequenceOptimisation;
    /** ISO instant. */
    plannedStart: string;
    /** In planned order. */
    stops: PlannedStop[];
    /** The depot's street network (shared by every tour of the depot). */
    network: StreetNetwork;
}

export interface DepotDayPlan {
    depot: SimulatedDepot;
    date: string;
    seed: string;
    network: StreetNetwork;
    tours: PlannedTour[];
}
