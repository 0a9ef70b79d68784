import type { TourPerformanceRow } from '../../../../domain/contracts/tour-performance.js';
import {
    spreadsheetCsv,
    spreadsheetXlsx,
    type SpreadsheetCell,
    type SpreadsheetColumn,
} from '../../../shared/spreadsheet.js';

/**
 * The tour performance file (one row per tour number, each figure its own column). Headers are
 * English, like the back-office users' export: the file is data for spreadsheets, not a screen.
 */
const columns: readonly [SpreadsheetColumn, (row: TourPerformanceRow) => SpreadsheetCell][] = [
    [{ header: 'Tour number', type: 'text', width: 12 }, (row) => row.tourNumber],
    [{ header: 'Days', type: 'number', width: 8 }, (row) => row.days],
    [{ header: 'Days driven', type: 'number', width: 12 }, (row) => row.daysDriven],
    [{ header: 'Stops planned', type: 'number', width: 14 }, (row) => row.stopsPlanned],
    [{ header: 'Stops done', type: 'number', width: 12 }, (row) => row.stopsDone],
    [{ header: 'Jobs successful', type: 'number', width: 15 }, (row) => row.jobsSuccessful],
    [{ header: 'Jobs failed', type: 'number', width: 12 }, (row) => row.jobsFailed],
    [
        { header: 'Failed: absent', type: 'number', width: 14 },
        (row) => row.failedJobsByReason.ABSENT,
    ],
    [
        { header: 'Failed: refused', type: 'number', width: 15 },
        (row) => row.failedJobsByReason.REFUSED,
    ],
    [
        { header: 'Failed: address problem', type: 'number', width: 22 },
        (row) => row.failedJobsByReason.ADDRESS_PROBLEM,
    ],
    [
        { header: 'Failed: traffic', type: 'number', width: 14 },
        (row) => row.failedJobsByReason.TRAFFIC,
    ],
    [{ header: 'Driving minutes', type: 'number', width: 15 }, (row) => row.drivingMinutes],
    [
        { header: 'Driving minutes per day', type: 'number', width: 22, format: '0.0' },
        (row) => row.drivingMinutesPerDay,
    ],
    [{ header: 'Service minutes', type: 'number', width: 15 }, (row) => row.serviceMinutes],
    [
        { header: 'Service minutes per day', type: 'number', width: 22, format: '0.0' },
        (row) => row.serviceMinutesPerDay,
    ],
    [
        { header: 'Distance (km)', type: 'number', width: 13, format: '0.0' },
        (row) => row.distanceKm,
    ],
    [
        { header: 'ETA deviation (minutes)', type: 'number', width: 22, format: '0.0' },
        (row) => row.etaDeviationMinutes,
    ],
    [{ header: 'ETA stops', type: 'number', width: 10 }, (row) => row.etaStops],
    [
        { header: 'Sequence fidelity (%)', type: 'number', width: 20, format: '0.0' },
        (row) => row.sequenceFidelity,
    ],
    [
        { header: 'Sequence adherence', type: 'number', width: 19, format: '0.000' },
        (row) => row.sequenceAdherence,
    ],
    [{ header: 'Star rating', type: 'number', width: 11, format: '0.00' }, (row) => row.starRating],
    [{ header: 'Reviews', type: 'number', width: 9 }, (row) => row.reviews],
    [{ header: 'Missed windows', type: 'number', width: 15 }, (row) => row.missedWindows.total],
    [
        { header: 'Missed: address error', type: 'number', width: 20 },
        (row) => row.missedWindows.byCause.ADDRESS_ERROR,
    ],
    [
        { header: 'Missed: late departure', type: 'number', width: 21 },
        (row) => row.missedWindows.byCause.LATE_DEPARTURE,
    ],
    [
        { header: 'Missed: service time overrun', type: 'number', width: 27 },
        (row) => row.missedWindows.byCause.SERVICE_TIME_OVERRUN,
    ],
    [
        { header: 'Missed: sequence deviation', type: 'number', width: 25 },
        (row) => row.missedWindows.byCause.SEQUENCE_DEVIATION,
    ],
    [
        { header: 'Missed: traffic', type: 'number', width: 15 },
        (row) => row.missedWindows.byCause.TRAFFIC,
    ],
];

const headers = columns.map(([column]) => column);
const cellsOf = (row: TourPerformanceRow) => columns.map(([, cell]) => cell(row));

/** The file as RFC 4180 CSV or an .xlsx workbook with one sheet "Tour performance". */
export async function performanceFile(
    format: 'csv' | 'xlsx',
    rows: readonly TourPerformanceRow[],
): Promise<Buffer> {
    const cells = rows.map(cellsOf);
    return format === 'csv'
        ? spreadsheetCsv(headers, cells)
        : spreadsheetXlsx(headers, cells, 'Tour performance');
}

/** `tour-performance-<depot>-<from>_<to>.<ext>`; the depot's external id kept to safe characters. */
export const performanceFileName = (
    externalDepotId: string,
    range: { from: string; to: string },
    format: 'csv' | 'xlsx',
) =>
    `tour-performance-${externalDepotId.replace(/[^A-Za-z0-9_-]/g, '_')}-${range.from}_${range.to}.${format}`;
