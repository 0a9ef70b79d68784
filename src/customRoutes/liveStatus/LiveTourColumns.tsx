import WarningAmber from '@mui/icons-material/WarningAmber';
import { Chip, lighten, darken, type Theme } from '@mui/material';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { EMPTY_VALUE, type Formatters } from '../../../domain/formatting';
import type { TableColumn } from '../../controls/table';
import type { LiveTourRow } from './liveTourRows';

const key = 'app.liveStatus';

/** The classes of the cells' parts; their styles are set once, on the table (`liveCellStyles`). */
const PART = {
    strong: 'LiveCell-strong',
    nowrap: 'LiveCell-nowrap',
    stack: 'LiveCell-stack',
    progress: 'LiveCell-progress',
    secondary: 'LiveCell-secondary',
    alert: 'LiveCell-alert',
    track: 'LiveCell-track',
    bar: 'LiveCell-bar',
} as const;

/**
 * The styles of the cells' parts, for the element around the table: plain spans with these
 * classes instead of a styled element each (one style computation per table, not one per cell
 * part; 25 rows of progress bars and secondary lines were a good part of the page's first render).
 * The progress bar looks as MUI's determinate LinearProgress does.
 */
export const liveCellStyles = (theme: Theme) => {
    const { palette } = theme;
    return {
        [`& .${PART.strong}`]: { fontWeight: 500, whiteSpace: 'nowrap' },
        [`& .${PART.nowrap}`]: { whiteSpace: 'nowrap' },
        [`& .${PART.stack}`]: { display: 'block' },
        [`& .${PART.progress}`]: { display: 'block', minWidth: 96 },
        [`& .${PART.secondary}`]: {
            display: 'block',
            color: palette.text.secondary,
            fontSize: '0.75rem',
        },
        [`& .${PART.alert}`]: { color: palette.error.main, fontWeight: 500 },
        [`& .${PART.track}`]: {
            display: 'block',
            position: 'relative',
            overflow: 'hidden',
            height: 4,
            marginTop: theme.spacing(0.5),
            backgroundColor:
                palette.mode === 'light'
                    ? lighten(palette.primary.main, 0.62)
                    : darken(palette.primary.main, 0.5),
        },
        [`& .${PART.bar}`]: {
            display: 'block',
            height: '100%',
            backgroundColor: palette.primary.main,
        },
    } as const;
};

/** Small text below a cell's main value. */
function Secondary({ children }: { children: React.ReactNode }) {
    return <span className={PART.secondary}>{children}</span>;
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
                render: (row) => <span className={PART.strong}>{row.tourNumber}</span>,
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
                    <span className={PART.progress}>
                        <span className={PART.nowrap}>
                            {translate(`${key}.progressValue`, {
                                done: row.waypointsDone,
                                total: row.waypointsTotal,
                                percent: row.progress,
                            })}
                        </span>
                        {/* The text above says the same: the bar is decoration. */}
                        <span className={PART.track} aria-hidden>
                            <span
                                className={PART.bar}
                                style={{ width: `${Math.min(100, Math.max(0, row.progress))}%` }}
                            />
                        </span>
                        <Secondary>
                            {translate(`${key}.jobsValue`, {
                                successful: row.jobsSuccessful,
                                failed: row.jobsFailed,
                            })}
                        </Secondary>
                    </span>
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
                        <span className={PART.nowrap}>
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
                        </span>
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
                        <span className={PART.stack}>
                            <span className={PART.alert}>
                                {translate(`${key}.outdatedLocation`)}
                            </span>
                            {row.outdatedReason ? (
                                <Secondary>
                                    {translate(`${key}.outdatedReasons.${row.outdatedReason}`)}
                                </Secondary>
                            ) : null}
                        </span>
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
