import type { DepotHealthStatus, HealthStatus } from '../../../domain/contracts/health';
import { zonedParts } from '../../../domain/formatting';
import type { HttpClient } from '../../dataProviders/httpClient';

/** `GET /tenants/:tenantId/health-status` of the back-office service. */
export async function fetchHealthStatus(
    backOfficeBase: string,
    httpClient: HttpClient,
    tenantId: string,
): Promise<HealthStatus> {
    const { json } = await httpClient(
        `${backOfficeBase}/tenants/${encodeURIComponent(tenantId)}/health-status`,
    );
    return json as HealthStatus;
}

type Times = Pick<
    DepotHealthStatus,
    'lastAssignmentAt' | 'lastStatusChangeAt' | 'lastPositionAt' | 'lastImportAt' | 'lastAppEventAt'
>;

/**
 * A row of the table. The table sorts and searches on the row's own fields, so: `depot` is the
 * depot's external id (padded, so `9` comes before `110`) and name; a missing time is `''`, which
 * sorts before every time.
 */
export type HealthStatusRow = Omit<DepotHealthStatus, keyof Times | 'tours'> & {
    [time in keyof Times]: string;
} & {
    id: string;
    depot: string;
    notStarted: number;
    onRoad: number;
    finished: number;
};

const EXTERNAL_ID_WIDTH = 12;

export function healthStatusRows(status: HealthStatus): HealthStatusRow[] {
    return status.depots.map(({ tours, ...depot }) => ({
        ...depot,
        id: depot.internalDepotId,
        depot: `${depot.externalDepotId.padStart(EXTERNAL_ID_WIDTH, '0')} ${depot.name}`,
        lastAssignmentAt: depot.lastAssignmentAt ?? '',
        lastStatusChangeAt: depot.lastStatusChangeAt ?? '',
        lastPositionAt: depot.lastPositionAt ?? '',
        lastImportAt: depot.lastImportAt ?? '',
        lastAppEventAt: depot.lastAppEventAt ?? '',
        notStarted: tours.notStarted,
        onRoad: tours.onRoad,
        finished: tours.finished,
    }));
}

/** The element id of a depot's row (the header's health badge links to it). */
export const depotRowAnchor = (internalDepotId: string) => `depot-${internalDepotId}`;

/** How old data is: `null` under a minute (or stamped in the future), else whole minutes, hours (under two days) or days. */
export type DataAge = { value: number; unit: 'minute' | 'hour' | 'day' } | null;

export function dataAge(at: string, now: Date): DataAge {
    const minutes = Math.floor((now.getTime() - Date.parse(at)) / 60_000);
    if (!(minutes >= 1)) return null;
    if (minutes < 60) return { value: minutes, unit: 'minute' };
    const hours = Math.floor(minutes / 60);
    if (hours < 48) return { value: hours, unit: 'hour' };
    return { value: Math.floor(hours / 24), unit: 'day' };
}

/** True when `at` falls on `date` (`YYYY-MM-DD`) in `timeZone`: such times show without their date. */
export function isOnDay(at: string, date: string, timeZone: string): boolean {
    const parts = zonedParts(at, timeZone);
    if (!parts) return false;
    const day = `${String(parts.year).padStart(4, '0')}-${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')}`;
    return day === date;
}
