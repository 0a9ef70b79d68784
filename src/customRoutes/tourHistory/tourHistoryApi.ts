import type { TourHistory } from '../../../domain/contracts/tour-history';
import type { HttpClient } from '../../dataProviders/httpClient';

/** The react-query key of a tour's driven history. */
export const tourHistoryKey = (depotPath: string, tourId: string) =>
    ['tourHistory', depotPath, tourId] as const;

/** One tour's driven history and analysis at the depot of `depotPath` (domain/contracts/tour-history.ts). */
export async function fetchTourHistory(
    base: string,
    httpClient: HttpClient,
    depotPath: string,
    tourId: string,
): Promise<TourHistory> {
    const { json } = await httpClient(
        `${base}/tour-history/${encodeURIComponent(tourId)}?path=${encodeURIComponent(depotPath)}`,
    );
    return json as TourHistory;
}

/**
 * What a failed read says: the tour is past the history's 30 days, unknown, or it failed. Read by
 * shape (react-admin's `HttpError`: `status` and the `{code}` body), as src/dataProviders/apiError.ts does.
 */
export function failureOf(error: unknown): 'expired' | 'notFound' | 'failed' {
    const failure = error as { status?: unknown; body?: { code?: unknown } } | null;
    if (failure?.status !== 404) return 'failed';
    return failure.body?.code === 'TOUR_LOCATION_HISTORY_NOT_FOUND' ? 'expired' : 'notFound';
}
