import { Box } from '@mui/material';
import { useMemo } from 'react';
import type { TourPerformanceRow } from '../../../domain/contracts/tour-performance';
import { EMPTY_VALUE, type Formatters } from '../../../domain/formatting';
import { missedWindowCauses } from '../../../domain/missedWindowCauses';
import { failureReasons } from '../../../domain/tours';
import type { TableColumn } from '../../controls/table';

const key = 'app.tourPerformance';

/** The figures every row of the pages carries (a tour number over the range, or one day). */
export type PerformanceFigures = Omit<TourPerformanceRow, 'tourNumber'> & { id: string };

/** A short value kept on one line. */
const oneLine = (text: string) => (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {text}
    </Box>
);

/** Minutes as hours and minutes, `7:05`. */
function hoursAndMinutes(minutes: number | null): string {
    if (minutes === null) return EMPTY_VALUE;
    const whole = Math.round(minutes);
    return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** A share in per cent, `87.5 %`. */
export const percent = (formatters: Formatters, value: number | null) =>
    value === null ? EMPTY_VALUE : `${formatters.number(value, { maxDecimals: 1 })} %`;

/** A sequence deviation, always with three decimals. */
export const adherence = (formatters: Formatters, value: number | null) =>
    formatters.number(value, { maxDecimals: 3, minDecimals: 3 });

const column = <Row extends PerformanceFigures>(
    field: string,
    render: (row: Row) => string,
    extra: Partial<TableColumn<Row>> = {},
): TableColumn<Row> => ({
    key: field,
    title: `${key}.columns.${field}`,
    sortable: true,
    align: 'right',
    render: (row) => oneLine(render(row)),
    ...extra,
});

/**
 * The figure columns of the tour performance tables: the main ones shown, the breakdowns
 * (failures by reason, totals of time, missed windows by cause) offered in the column choice.
 */
export function useFigureColumns<Row extends PerformanceFigures>(
    formatters: Formatters,
    options: { daysDriven: boolean },
): TableColumn<Row>[] {
    const { daysDriven } = options;
    return useMemo(() => {
        const number = (value: number | null, maxDecimals = 0) =>
            formatters.number(value, { maxDecimals });
        const columns: TableColumn<Row>[] = [
            column('stopsDone', (row) => `${row.stopsDone} / ${row.stopsPlanned}`, {
                tooltip: `${key}.hints.stopsDone`,
            }),
            column('jobsSuccessful', (row) => number(row.jobsSuccessful)),
            column('jobsFailed', (row) => number(row.jobsFailed)),
            ...failureReasons.map((reason) =>
                column<Row>(
                    `failedJobsByReason.${reason}`,
                    (row) => number(row.failedJobsByReason[reason]),
                    { default: false },
                ),
            ),
            column('drivingMinutesPerDay', (row) => hoursAndMinutes(row.drivingMinutesPerDay), {
                tooltip: `${key}.hints.perDay`,
            }),
            column('drivingMinutes', (row) => hoursAndMinutes(row.drivingMinutes), {
                default: false,
            }),
            column('serviceMinutesPerDay', (row) => hoursAndMinutes(row.serviceMinutesPerDay), {
                tooltip: `${key}.hints.perDay`,
            }),
            column('serviceMinutes', (row) => hoursAndMinutes(row.serviceMinutes), {
                default: false,
            }),
            column('distanceKm', (row) => formatters.length(row.distanceKm)),
            column('etaDeviationMinutes', (row) => number(row.etaDeviationMinutes, 1), {
                tooltip: `${key}.hints.etaDeviation`,
            }),
            column('sequenceFidelity', (row) => percent(formatters, row.sequenceFidelity), {
                tooltip: `${key}.hints.sequenceFidelity`,
            }),
            column('sequenceAdherence', (row) => adherence(formatters, row.sequenceAdherence), {
                tooltip: `${key}.hints.sequenceAdherence`,
            }),
            column('starRating', (row) =>
                row.starRating === null
                    ? EMPTY_VALUE
                    : `${number(row.starRating, 2)} (${number(row.reviews)})`,
            ),
            column('missedWindows.total', (row) => number(row.missedWindows.total), {
                tooltip: `${key}.hints.missedWindows`,
            }),
            ...missedWindowCauses.map((cause) =>
                column<Row>(
                    `missedWindows.byCause.${cause}`,
                    (row) => number(row.missedWindows.byCause[cause]),
                    { default: false },
                ),
            ),
        ];
        return daysDriven
            ? [
                  column<Row>('daysDriven', (row) => `${row.daysDriven} / ${row.days}`, {
                      tooltip: `${key}.hints.daysDriven`,
                  }),
                  ...columns,
              ]
            : columns;
    }, [formatters, daysDriven]);
}
