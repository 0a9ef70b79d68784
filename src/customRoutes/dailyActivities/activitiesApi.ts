import type {
    TourActivityDetail,
    TourActivityList,
    TourLocationHistory,
} from '../../../domain/contracts/tour-activities';
import type { HttpClient } from '../../dataProviders/httpClient';

/**
 * The tour commander's daily activities calls (domain/contracts/tour-activities.ts): the tours
 * of the depot at `depotPath` on a day, one tour's activity, and its location history.
 */

const query = (depotPath: string) => `?path=${encodeURIComponent(depotPath)}`;
const tourUrl = (base: string, tourId: string, depotPath: string, rest = '') =>
    `${base}/tour-activities/${encodeURIComponent(tourId)}${rest}${query(depotPath)}`;

/** The react-query keys of the page's reads. */
export const activityKeys = {
    day: (depotPath: string, date: string) => ['tourActivities', depotPath, date] as const,
    tour: (depotPath: string, tourId: string) => ['tourActivity', depotPath, tourId] as const,
    history: (depotPath: string, tourId: string) =>
        ['tourLocationHistory', depotPath, tourId] as const,
};

export async function fetchDayActivities(
    base: string,
    httpClient: HttpClient,
    depotPath: string,
    date: string,
): Promise<TourActivityList> {
    const { json } = await httpClient(
        `${base}/tour-activities${query(depotPath)}&date=${encodeURIComponent(date)}`,
    );
    return json as TourActivityList;
}

export async function fetchTourActivity(
    base: string,
    httpClient: HttpClient,
    depotPath: string,
    tourId: string,
): Promise<TourActivityDetail> {
    const { json } = await httpClient(tourUrl(base, tourId, depotPath));
    return json as TourActivityDetail;
}

export async function fetchLocationHistory(
    base: string,
    httpClient: HttpClient,
    depotPath: string,
    tourId: string,
): Promise<TourLocationHistory> {
    const { json } = await httpClient(tourUrl(base, tourId, depotPath, '/location-history'));
    return json as TourLocationHistory;
}
