import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { addressKeyOf, type AddressKeyParts } from '../../../domain/addressDeliveryInfo.js';
import type { AddressDeliveryInfo } from '../../../domain/contracts/address-delivery-info.js';
import type {
    DepotTourDetail,
    DepotTourWaypoint,
    DriverLocation,
    TourAddressError,
    TourDevice,
    UnsuccessfulJob,
    WaypointDeliveryInfo,
} from '../../../domain/contracts/depot-tours.js';
import type { TourJob, TourPathPoint, TourVehicleState } from '../../../domain/contracts/tours.js';
import {
    addressProblemsOf,
    drivenPathWithoutLocation,
    timeFrameCheck,
} from '../../../domain/depotTourDetail.js';
import { isFailedOutcome } from '../../../domain/tours.js';
import type { ScopeSet } from '../../access/scopes.js';
import { scopeParameterCondition, scopeParameters } from '../../access/scope-filter.js';
import type { Queryable } from '../../db/client.js';
import { preparedStatement } from '../../db/prepared.js';
import { customWaypoints, depots, tours, waypoints } from '../../db/schema/index.js';
import { driverAppEvents } from '../../db/schema/partitioned.js';
import { findAddressDeliveryInfo } from './address-delivery-info-repository.js';
import { listCustomWaypoints } from './custom-waypoints-repository.js';
import {
    drivenPath,
    jobCountsByWaypoint,
    tourEventWindow,
    tourJobs,
    vehicleState,
} from './tour-detail-repository.js';
import { selectTourRows, tourListItem } from './tour-list-repository.js';

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** What the caller may see beyond the tour detail (r:tour-device, r:tour-details-driver-location at the tour). */
export interface DepotTourRights {
    device: boolean;
    driverLocation: boolean;
}

const selectDepotTour = (db: Queryable) =>
    preparedStatement(db, 'depot_tour_row', (prepared, name) =>
        selectTourRows(prepared, { scopePath: tours.scopePath, depotPath: depots.scopePath })
            .where(
                and(
                    eq(tours.id, sql.placeholder('tourId')),
                    eq(depots.scopePath, sql.placeholder('depotPath')),
                    scopeParameterCondition(tours.scopePath),
                ),
            )
            .limit(1)
            .prepare(name),
    );

export type DepotTourRow = NonNullable<
    Awaited<ReturnType<ReturnType<typeof selectDepotTour>['execute']>>[number]
>;

/**
 * The tour `tourId` of the depot at `depotPath` when its scope path lies within `scopes`;
 * undefined for an unknown tour, another depot's and one outside the scopes alike.
 */
export async function findDepotTour(
    db: Queryable,
    scopes: ScopeSet,
    depotPath: string,
    tourId: string,
): Promise<DepotTourRow | undefined> {
    const [row] = await selectDepotTour(db).execute({
        tourId,
        depotPath,
        ...scopeParameters(scopes),
    });
    return row;
}

type StopRow = Omit<
    DepotTourWaypoint,
    'jobsTotal' | 'jobsSuccessful' | 'jobsFailed' | 'deliveryInfo'
>;

/** The tour's stops in planned order, each with its custom waypoint's name (no time frame check yet). */
async function depotTourStops(
    db: Queryable,
    tourId: string,
): Promise<Omit<StopRow, 'timeFrameCheck'>[]> {
    const query = preparedStatement(db, 'depot_tour_waypoints', (prepared, name) =>
        prepared
            .select({
                id: waypoints.id,
                plannedSequence: waypoints.plannedSequence,
                suggestedSequence: waypoints.suggestedSequence,
                drivenSequence: waypoints.drivenSequence,
                state: waypoints.state,
                confirmation: waypoints.confirmation,
                timeFrameFrom: waypoints.timeFrameFrom,
                timeFrameTo: waypoints.timeFrameTo,
                eta: waypoints.eta,
                firstEta: waypoints.firstEta,
                ata: waypoints.ata,
                latitude: waypoints.latitude,
                longitude: waypoints.longitude,
                coordinateType: waypoints.coordinateType,
                street: waypoints.street,
                houseNo: waypoints.houseNo,
                postcode: waypoints.postcode,
                locality: waypoints.locality,
                countryCode: waypoints.countryCode,
                customWaypointId: waypoints.customWaypointId,
                name: customWaypoints.name,
            })
            .from(waypoints)
            .leftJoin(customWaypoints, eq(customWaypoints.id, waypoints.customWaypointId))
            .where(eq(waypoints.tourId, sql.placeholder('tourId')))
            .orderBy(asc(waypoints.plannedSequence), asc(waypoints.id))
            .prepare(name),
    );
    const rows = await query.execute({ tourId });
    return rows.map((row) => ({
        ...row,
        timeFrameFrom: iso(row.timeFrameFrom),
        timeFrameTo: iso(row.timeFrameTo),
        eta: iso(row.eta),
        firstEta: iso(row.firstEta),
        ata: iso(row.ata),
    }));
}

/** The tour's newest sign-in: the device it named and when. */
async function newestLogin(db: Queryable, tourId: string, window: { from: Date; to: Date }) {
    const query = preparedStatement(db, 'depot_tour_login', (prepared, name) =>
        prepared
            .select({ occurredAt: driverAppEvents.occurredAt, payload: driverAppEvents.payload })
            .from(driverAppEvents)
            .where(
                and(
                    eq(driverAppEvents.tourId, sql.placeholder('tourId')),
                    eq(driverAppEvents.type, 'LOGIN'),
                    gte(driverAppEvents.occurredAt, sql.placeholder('from')),
                    lt(driverAppEvents.occurredAt, sql.placeholder('to')),
                ),
            )
            .orderBy(desc(driverAppEvents.occurredAt), desc(driverAppEvents.seq))
            .limit(1)
            .prepare(name),
    );
    const [row] = await query.execute({ tourId, ...window });
    return row;
}

/** A stop that can be at an uploaded address: a map-placed custom waypoint has no street. */
const hasAddress = (stop: { street: string; postcode: string }) =>
    stop.street.trim() !== '' && stop.postcode.trim() !== '';

/**
 * The depot's delivery information for each stop at an address it has an entry for, keyed by
 * `addressKeyOf`: one indexed read for the whole tour (none when no stop has an address).
 */
function deliveryInfoByAddress(
    db: Queryable,
    depotId: string,
    stops: readonly AddressKeyParts[],
): Promise<Map<string, AddressDeliveryInfo>> {
    const addresses = stops.filter(hasAddress);
    return addresses.length === 0
        ? Promise.resolve(new Map())
        : findAddressDeliveryInfo(db, depotId, addresses);
}

/** What a stop shows of an entry (the rest, such as its address and id, is the entry list's). */
const waypointDeliveryInfo = (info: AddressDeliveryInfo): WaypointDeliveryInfo => ({
    deliveryNote: info.deliveryNote,
    accessCode: info.accessCode,
    safePlace: info.safePlace,
    openingHours: info.openingHours,
    latitude: info.latitude,
    longitude: info.longitude,
    coordinateType: info.coordinateType,
    updatedAt: info.updatedAt,
});

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The device of the tour: model and app version from its newest sign-in; battery, app state and
 * last contact from the vehicle's latest state while the vehicle is on this tour, else the
 * tour's last event (battery and app state are then unknown).
 */
function deviceOf(
    login: Awaited<ReturnType<typeof newestLogin>>,
    state: TourVehicleState | null,
    tourId: string,
    tourLastEventAt: string | null,
): TourDevice {
    const device = login?.payload.device as Record<string, unknown> | undefined;
    const onTour = state?.tourId === tourId ? state : null;
    return {
        model: text(device?.model),
        appVersion: text(device?.appVersion),
        signedInAt: login ? login.occurredAt.toISOString() : null,
        battery: onTour?.battery ?? null,
        appState: onTour?.appState ?? null,
        lastContactAt: onTour?.lastEventAt ?? tourLastEventAt,
    };
}

/**
 * Where the vehicle was last seen on this tour: its latest state while it is on the tour, else
 * the last point of the tour's driven path; null when neither is known.
 */
function driverLocationOf(
    state: TourVehicleState | null,
    tourId: string,
    path: readonly TourPathPoint[],
): DriverLocation | null {
    if (
        state?.tourId === tourId &&
        state.latitude !== null &&
        state.longitude !== null &&
        state.positionAt !== null
    )
        return {
            latitude: state.latitude,
            longitude: state.longitude,
            accuracy: state.accuracy,
            speed: state.speed,
            heading: state.heading,
            positionAt: state.positionAt,
        };
    const last = path.at(-1);
    return last
        ? {
              latitude: last.latitude,
              longitude: last.longitude,
              accuracy: null,
              speed: null,
              heading: null,
              positionAt: last.at,
          }
        : null;
}

function addressErrorsOf(
    stops: readonly StopRow[],
    jobs: readonly TourJob[],
    depot: { latitude: number; longitude: number },
): TourAddressError[] {
    const reasons = new Map<string, TourJob['reason'][]>();
    for (const job of jobs)
        if (job.waypointId)
            reasons.set(job.waypointId, [...(reasons.get(job.waypointId) ?? []), job.reason]);
    return stops.flatMap((stop) => {
        // A custom waypoint is placed by depot staff on purpose: not an address to correct.
        if (stop.customWaypointId !== null) return [];
        const problems = addressProblemsOf(stop, reasons.get(stop.id) ?? [], depot);
        return problems.length === 0
            ? []
            : [{ waypointId: stop.id, plannedSequence: stop.plannedSequence, problems }];
    });
}

/**
 * One tour of a depot for its detail view. The device is read only with `rights.device`, the
 * driver's location only with `rights.driverLocation` (and without it the driven path stops at
 * the last stop done): what the caller may not see is never read, so never answered.
 */
export async function readDepotTourDetail(
    db: Queryable,
    row: DepotTourRow,
    rights: DepotTourRights,
    now = new Date(),
): Promise<DepotTourDetail> {
    const window = tourEventWindow(row.tourDate);
    const stopRows = await depotTourStops(db, row.id);
    const planned = new Map(stopRows.map((stop) => [stop.id, stop.plannedSequence]));
    const needsState = rights.device || rights.driverLocation;
    const [jobs, fullPath, custom, state, login, deliveryInfos] = await Promise.all([
        tourJobs(db, row.id, planned),
        drivenPath(db, row.id, window),
        listCustomWaypoints(db, row.id),
        needsState ? vehicleState(db, row.vehicleId) : Promise.resolve(null),
        rights.device ? newestLogin(db, row.id, window) : Promise.resolve(undefined),
        deliveryInfoByAddress(db, row.depotId, stopRows),
    ]);
    const counts = jobCountsByWaypoint(jobs);
    const stops: DepotTourWaypoint[] = stopRows.map((stop) => {
        const info = hasAddress(stop) ? deliveryInfos.get(addressKeyOf(stop)) : undefined;
        return {
            ...stop,
            ...(counts.get(stop.id) ?? { jobsTotal: 0, jobsSuccessful: 0, jobsFailed: 0 }),
            timeFrameCheck: timeFrameCheck(stop, now),
            deliveryInfo: info ? waypointDeliveryInfo(info) : null,
        };
    });
    const depotLocation = { latitude: row.depotLatitude, longitude: row.depotLongitude };
    const unsuccessfulJobs: UnsuccessfulJob[] = jobs
        .filter((job) => job.outcome !== null && isFailedOutcome(job.outcome))
        .map((job) => ({
            ...job,
            plannedSequence: job.waypointId ? (planned.get(job.waypointId) ?? null) : null,
        }));
    const summary = tourListItem(row);
    const detail: DepotTourDetail = {
        ...summary,
        sequenceFidelity: row.sequenceFidelity,
        depotLocation,
        checkedAt: now.toISOString(),
        waypoints: stops,
        addressErrors: addressErrorsOf(stops, jobs, depotLocation),
        unsuccessfulJobs,
        plannedPath: [
            depotLocation,
            ...stops.flatMap((stop) =>
                stop.latitude === null || stop.longitude === null
                    ? []
                    : [{ latitude: stop.latitude, longitude: stop.longitude }],
            ),
        ],
        drivenPath: rights.driverLocation
            ? fullPath
            : drivenPathWithoutLocation(fullPath, stops, row.state),
        customWaypoints: custom,
    };
    if (rights.device) detail.device = deviceOf(login, state, row.id, summary.lastEventAt);
    if (rights.driverLocation) detail.driverLocation = driverLocationOf(state, row.id, fullPath);
    return detail;
}
