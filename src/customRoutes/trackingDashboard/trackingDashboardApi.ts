import type { RttDashboard } from '../../../domain/contracts/rtt-dashboard';
import type { HttpClient } from '../../dataProviders/httpClient';

/** The react-query key of a depot's tracking dashboard on a date (undefined: the depot's today). */
export const rttDashboardKey = (depotPath: string, date: string | undefined) =>
    ['rttDashboard', depotPath, date ?? 'today'] as const;

/** `GET /tour-commander/v1/rtt-dashboard` (domain/contracts/rtt-dashboard.ts). */
export async function fetchRttDashboard(
    base: string,
    httpClient: HttpClient,
    depotPath: string,
    date: string | undefined,
): Promise<RttDashboard> {
    const query = `path=${encodeURIComponent(depotPath)}${date ? `&date=${date}` : ''}`;
    const { json } = await httpClient(`${base}/rtt-dashboard?${query}`);
    return json as RttDashboard;
}
