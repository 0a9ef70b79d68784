import type {
    CustomWaypoint,
    CustomWaypointBody,
    DepotTourDetail,
} from '../../../../domain/contracts/depot-tours';
import type { HttpClient } from '../../../dataProviders/httpClient';

/**
 * The tour commander's depot tour calls (domain/contracts/depot-tours.ts): one tour of the
 * depot at `depotPath`, and adding and deleting its custom waypoints.
 */

const tourUrl = (base: string, tourId: string, depotPath: string, rest = '') =>
    `${base}/depot-tours/${encodeURIComponent(tourId)}${rest}?path=${encodeURIComponent(depotPath)}`;

/** The page reads the tour again every 30 s while it is visible (react-query pauses in hidden tabs). */
const REFRESH_MS = 30_000;
/** While a custom waypoint change waits for the processing (a matter of seconds): every 5 s. */
const CHANGE_REFRESH_MS = 5_000;

/** How long until the page reads the tour again. */
export function tourRefreshInterval(tour: DepotTourDetail | undefined): number {
    const waiting = tour?.customWaypoints.some(
        (waypoint) => waypoint.status === 'PENDING' || waypoint.status === 'REMOVING',
    );
    return waiting ? CHANGE_REFRESH_MS : REFRESH_MS;
}

/** The react-query key of a tour's detail. */
export const tourDetailKey = (depotPath: string, tourId: string) =>
    ['depotTourDetail', depotPath, tourId] as const;

export async function fetchTourDetail(
    base: string,
    httpClient: HttpClient,
    depotPath: string,
    tourId: string,
): Promise<DepotTourDetail> {
    const { json } = await httpClient(tourUrl(base, tourId, depotPath));
    return json as DepotTourDetail;
}

export async function addCustomWaypoint(
    base: string,
    httpClient: HttpClient,
    depotPath: string,
    tourId: string,
    body: CustomWaypointBody,
): Promise<CustomWaypoint> {
    const { json } = await httpClient(tourUrl(base, tourId, depotPath, '/custom-waypoints'), {
        method: 'POST',
        body: JSON.stringify(body),
    });
    return json as CustomWaypoint;
}

export async function deleteCustomWaypoint(
    base: string,
    httpClient: HttpClient,
    depotPath: string,
    tourId: string,
    customWaypointId: string,
): Promise<CustomWaypoint> {
    const { json } = await httpClient(
        tourUrl(
            base,
            tourId,
            depotPath,
            `/custom-waypoints/${encodeURIComponent(customWaypointId)}`,
        ),
        { method: 'DELETE' },
    );
    return json as CustomWaypoint;
}
