import type {
    TourPerformanceDetail,
    TourPerformanceList,
    TourPerformanceRollups,
} from '../../../domain/contracts/tour-performance';
import { currentAccessToken } from '../../accessToken';
import { fileNameOf, type FetchedFile } from '../../dataProviders/backOfficeUsersDataProvider';
import type { HttpClient } from '../../dataProviders/httpClient';
import type { DateRange } from '../../controls/dateRange';
import { setLatestVersionId } from '../../version';

/**
 * The tour commander's tour performance calls (domain/contracts/tour-performance.ts) for the
 * depot at `depotPath` over a range of days.
 */

const query = (depotPath: string, range: DateRange) =>
    `path=${encodeURIComponent(depotPath)}&from=${range.from}&to=${range.to}`;

/** The react-query key of one call's answer. */
export const performanceKey = (
    what: 'list' | 'rollups' | 'tour',
    depotPath: string,
    range: DateRange,
    tourNumber = '',
) => ['tourPerformance', what, depotPath, range.from, range.to, tourNumber] as const;

export async function fetchPerformance(
    base: string,
    httpClient: HttpClient,
    depotPath: string,
    range: DateRange,
): Promise<TourPerformanceList> {
    const { json } = await httpClient(`${base}/tour-performance?${query(depotPath, range)}`);
    return json as TourPerformanceList;
}

export async function fetchRollups(
    base: string,
    httpClient: HttpClient,
    depotPath: string,
    range: DateRange,
): Promise<TourPerformanceRollups> {
    const { json } = await httpClient(
        `${base}/tour-performance/rollups?${query(depotPath, range)}`,
    );
    return json as TourPerformanceRollups;
}

export async function fetchTourDays(
    base: string,
    httpClient: HttpClient,
    depotPath: string,
    range: DateRange,
    tourNumber: string,
): Promise<TourPerformanceDetail> {
    const { json } = await httpClient(
        `${base}/tour-performance/tours/${encodeURIComponent(tourNumber)}?${query(depotPath, range)}`,
    );
    return json as TourPerformanceDetail;
}

/**
 * The list as a file: fetched with the session's token (the http client reads bodies as text,
 * which breaks a workbook), named as the server names it.
 */
export async function fetchPerformanceFile(
    base: string,
    depotPath: string,
    range: DateRange,
    format: 'csv' | 'xlsx',
): Promise<FetchedFile> {
    const token = await currentAccessToken().catch(() => undefined);
    const response = await fetch(
        `${base}/tour-performance/export?${query(depotPath, range)}&format=${format}`,
        { headers: token ? { Authorization: `Bearer ${token}` } : {} },
    );
    const versionId = response.headers.get('x-version-id');
    if (versionId) setLatestVersionId(versionId);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return {
        blob: await response.blob(),
        fileName: fileNameOf(
            response.headers.get('content-disposition'),
            `tour-performance-${range.from}_${range.to}.${format}`,
        ),
    };
}
