import WarningAmber from '@mui/icons-material/WarningAmber';
import { Box, Chip, LinearProgress } from '@mui/material';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { EMPTY_VALUE, type Formatters } from '../../../domain/formatting';
import type { TableColumn } from '../../controls/table';
import type { LiveTourRow } from './liveTourRows';

const key = 'app.liveStatus';

/** Small text below a cell's main value. */
function Secondary({ children }: { children: React.ReactNode }) {
    return (
        <Box
            component="span"
            sx={{ display: 'block', color: 'text.secondary', fontSize: '0.75rem' }}
        >
            {children}
        </Box>
    );
}

/**
 * The live table's columns (issue 15 part 1): tour number, driver, subcontractor, progress,
 * projected finish against the plan, behind the depot average, RTT category, app usage, the
 * location's state and, when the organisation shows it, the last position's time.
 */
export function useLiveTourColumns(
    formatters: Formatters,
    showLastUpdatedTime: boolean,
): TableColumn<LiveTourRow>[] {
    const translate = useTranslate();
    return useMemo(() => {
        const columns: TableColumn<LiveTourRow>[] = [
            {
                key: 'tourNumber',
                title: `${key}.columns.tourNumber`,
                sortable: true,
                render: (row) => (
                    <Box component="span" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
                        {row.tourNumber}
                    </Box>
                ),
            },
            {
                key: 'driverName',
                title: `${key}.columns.driver`,
                sortable: true,
                render: (row) => row.driverName ?? EMPTY_VALUE,
            },
            {
                key: 'subcontractorName',
                title: `${key}.columns.subcontractor`,
                sortable: true,
                render: (row) => row.subcontractorName ?? EMPTY_VALUE,
            },
            {
                key: 'state',
                title: `${key}.columns.state`,
                sortable: true,
                render: (row) => translate(`${key}.tourStates.${row.state}`),
            },
            {
                key: 'progress',
                title: `${key}.columns.progress`,
                sortable: true,
                render: (row) => (
                    <Box component="span" sx={{ display: 'block', minWidth: 96 }}>
                        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                            {translate(`${key}.progressValue`, {
                                done: row.waypointsDone,
                                total: row.waypointsTotal,
                                percent: row.progress,
                            })}
                        </Box>
                        <LinearProgress
                            variant="determinate"
                            value={row.progress}
                            aria-hidden
                            sx={{ mt: 0.5 }}
                        />
                        <Secondary>
                            {translate(`${key}.jobsValue`, {
                                successful: row.jobsSuccessful,
                                failed: row.jobsFailed,
                            })}
                        </Secondary>
                    </Box>
                ),
            },
            {
                key: 'projectedFinishAt',
                title: `${key}.columns.projectedFinish`,
                tooltip: `${key}.columns.projectedFinishHint`,
                sortable: true,
                render: (row) => {
                    const at = row.state === 'FINISHED' ? row.finishedAt : row.projectedFinishAt;
                    if (!at) return EMPTY_VALUE;
                    const delay = row.finishDelayMinutes;
                    return (
                        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                            {formatters.time(at)}
                            {delay !== null && delay !== 0 ? (
                                <Secondary>
                                    {translate(
                                        delay > 0
                                            ? `${key}.laterThanPlan`
                                            : `${key}.earlierThanPlan`,
                                        { minutes: Math.abs(delay) },
                                    )}
                                </Secondary>
                            ) : null}
                        </Box>
                    );
                },
            },
            {
                key: 'behindAverage',
                title: `${key}.columns.behindAverage`,
                tooltip: `${key}.columns.behindAverageHint`,
                sortable: true,
                render: (row) =>
                    row.behindAverage ? (
                        <Chip
                            size="small"
                            variant="outlined"
                            // The text keeps the body colour (contrast); the icon carries the warning colour.
                            icon={<WarningAmber aria-hidden color="warning" />}
                            label={translate(`${key}.behind`)}
                        />
                    ) : (
                        EMPTY_VALUE
                    ),
            },
            {
                key: 'rttCategory',
                title: `${key}.columns.rtt`,
                sortable: true,
                render: (row) =>
                    row.rttCategory ? translate(`${key}.rtt.${row.rttCategory}`) : EMPTY_VALUE,
            },
            {
                key: 'appUsage',
                title: `${key}.columns.appUsage`,
                sortable: true,
                render: (row) => translate(`${key}.appUsage.${row.appUsage}`),
            },
            {
                key: 'outdated',
                title: `${key}.columns.location`,
                sortable: true,
                render: (row) =>
                    row.outdated ? (
                        <Box component="span" sx={{ display: 'block' }}>
                            <Box component="span" sx={{ color: 'error.main', fontWeight: 500 }}>
                                {translate(`${key}.outdatedLocation`)}
                            </Box>
                            {row.outdatedReason ? (
                                <Secondary>
                                    {translate(`${key}.outdatedReasons.${row.outdatedReason}`)}
                                </Secondary>
                            ) : null}
                        </Box>
                    ) : row.state === 'ON_ROAD' ? (
                        translate(`${key}.locationCurrent`)
                    ) : (
                        EMPTY_VALUE
                    ),
            },
        ];
        if (showLastUpdatedTime)
            columns.push({
                key: 'lastPositionAt',
                title: `${key}.columns.lastPositionAt`,
                sortable: true,
                render: (row) =>
                    row.lastPositionAt ? formatters.time(row.lastPositionAt) : EMPTY_VALUE,
            });
        return columns;
    }, [translate, formatters, showLastUpdatedTime]);
}
