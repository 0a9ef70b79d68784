import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { EMPTY_VALUE, type Formatters } from '../../../domain/formatting';
import type { TableColumn } from '../../controls/table';
import type { AnalysisRow } from './historyRows';
import { signed } from './useDrivenColumns';

const key = 'app.tourHistory.analysis';

/**
 * The tour analysis's waypoint table (issue 16 part 4): the three sequences, the stop, its state,
 * time frame, first ETA, arrival and their difference, the not-considered reason, and a missed
 * window with its most likely cause. Times in the depot's zone.
 */
export function useAnalysisColumns(formatters: Formatters): TableColumn<AnalysisRow>[] {
    const translate = useTranslate();
    return useMemo(() => {
        const time = (value: string | null) => (value ? formatters.time(value) : EMPTY_VALUE);
        const sequence = (value: number | null) => value ?? EMPTY_VALUE;
        return [
            {
                key: 'plannedSequence',
                title: `${key}.planned`,
                sortable: true,
                align: 'right',
            },
            {
                key: 'suggestedKey',
                title: `${key}.suggested`,
                sortable: true,
                align: 'right',
                render: (row) => sequence(row.suggestedSequence),
            },
            {
                key: 'drivenKey',
                title: `${key}.driven`,
                sortable: true,
                align: 'right',
                render: (row) => sequence(row.drivenSequence),
            },
            { key: 'address', title: `${key}.address` },
            {
                key: 'state',
                title: `${key}.state`,
                render: (row) => translate(`app.tours.waypointStates.${row.state}`),
            },
            {
                key: 'timeFrameKey',
                title: `${key}.timeFrame`,
                sortable: true,
                render: (row) =>
                    row.timeFrameFrom || row.timeFrameTo
                        ? `${time(row.timeFrameFrom)} – ${time(row.timeFrameTo)}`
                        : EMPTY_VALUE,
            },
            {
                key: 'firstEtaKey',
                title: `${key}.firstEta`,
                sortable: true,
                render: (row) => time(row.firstEta),
            },
            { key: 'ataKey', title: `${key}.ata`, sortable: true, render: (row) => time(row.ata) },
            {
                key: 'deviationKey',
                title: `${key}.deviation`,
                sortable: true,
                align: 'right',
                render: (row) =>
                    row.deviationMinutes === null
                        ? EMPTY_VALUE
                        : signed(row.deviationMinutes, formatters),
            },
            {
                key: 'notConsideredReason',
                title: `${key}.notConsidered`,
                sortable: true,
                render: (row) =>
                    row.notConsideredReason
                        ? translate(`app.tourHistory.reasons.${row.notConsideredReason}.name`)
                        : EMPTY_VALUE,
            },
            {
                key: 'windowMiss',
                title: `${key}.windowMiss`,
                sortable: true,
                render: (row) =>
                    row.windowMiss
                        ? translate(`app.tourHistory.windowMisses.${row.windowMiss}`)
                        : EMPTY_VALUE,
            },
            {
                key: 'missedWindowCause',
                title: `${key}.cause`,
                sortable: true,
                render: (row) =>
                    row.missedWindowCause
                        ? translate(`app.tourHistory.causes.${row.missedWindowCause}`)
                        : EMPTY_VALUE,
            },
        ];
    }, [formatters, translate]);
}
