import { Box } from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { TourActivityRights } from '../../../domain/contracts/tour-activities';
import { EMPTY_VALUE, type Formatters } from '../../../domain/formatting';
import type { TableColumn } from '../../controls/table';
import { AppUsageChip, RecommendationChips, RttChip, StarRating } from './ActivityChips';
import type { ActivityRow } from './activityRows';
import { useMinutes } from './useMinutes';

const key = 'app.dailyActivities';
const columnKey = (name: string) => `${key}.columns.${name}`;

/** Small text below a cell's main value. */
function Secondary({ children }: { children: ReactNode }) {
    return (
        <Box
            component="span"
            sx={{ display: 'block', color: 'text.secondary', fontSize: '0.75rem' }}
        >
            {children}
        </Box>
    );
}

const nowrap = (content: ReactNode) => (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {content}
    </Box>
);

/**
 * The activity table's columns (issue 16 part 1): the tour and its people, progress, app usage,
 * sequence fidelity and adherence, star rating; the RTT category with r:rtt, recommendations
 * with r:tour-activity-recommendations, and the day's figures with r:tour-activity-full (the
 * less asked-for ones hidden until chosen).
 */
export function useActivityColumns(
    formatters: Formatters,
    rights: TourActivityRights,
): TableColumn<ActivityRow>[] {
    const translate = useTranslate();
    const minutesText = useMinutes(formatters);
    return useMemo(() => {
        const minutes = (value: number | null | undefined, signed = false) =>
            value === null || value === undefined
                ? EMPTY_VALUE
                : nowrap(minutesText(value, signed));
        const column = (
            name: string,
            render: (row: ActivityRow) => ReactNode,
            more: Partial<TableColumn<ActivityRow>> = {},
        ): TableColumn<ActivityRow> => ({
            key: name,
            title: columnKey(name),
            sortable: true,
            render,
            ...more,
        });
        const columns: TableColumn<ActivityRow>[] = [
            column(
                'tourOrder',
                (row) => (
                    <Box component="span" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
                        {row.tourNumber}
                    </Box>
                ),
                { title: columnKey('tourNumber') },
            ),
            column('vehicleNumber', (row) => row.vehicleNumber),
            column('driverName', (row) => row.driverName ?? EMPTY_VALUE),
            column('subcontractorName', (row) => row.subcontractorName ?? EMPTY_VALUE),
            column('state', (row) => translate(`app.tours.states.${row.state}`)),
            column('progress', (row) => (
                <>
                    {nowrap(
                        translate(`${key}.stopsValue`, {
                            done: row.waypointsDone,
                            total: row.waypointsTotal,
                        }),
                    )}
                    <Secondary>
                        {translate(`${key}.jobsValue`, {
                            successful: row.jobsSuccessful,
                            failed: row.jobsFailed,
                        })}
                    </Secondary>
                </>
            )),
            column('appForegroundMinutes', (row) => (
                <AppUsageChip
                    level={row.appUsage}
                    minutes={row.appForegroundMinutes}
                    formatters={formatters}
                />
            )),
            column(
                'sequenceFidelity',
                (row) =>
                    row.sequenceFidelity === null
                        ? EMPTY_VALUE
                        : nowrap(
                              `${formatters.number(row.sequenceFidelity, { maxDecimals: 1 })} %`,
                          ),
                { tooltip: columnKey('sequenceFidelityHint'), align: 'right' },
            ),
            column(
                'sequenceAdherence',
                (row) =>
                    row.sequenceAdherence === null
                        ? EMPTY_VALUE
                        : formatters.number(row.sequenceAdherence, {
                              maxDecimals: 3,
                              minDecimals: 2,
                          }),
                { tooltip: columnKey('sequenceAdherenceHint'), align: 'right' },
            ),
            column('starRating', (row) =>
                row.starRating === null ? (
                    EMPTY_VALUE
                ) : (
                    <StarRating
                        rating={row.starRating}
                        count={row.reviewCount}
                        formatters={formatters}
                    />
                ),
            ),
        ];
        if (rights.rtt)
            columns.push(
                column('rttRank', (row) => <RttChip category={row.rttCategory ?? null} />, {
                    tooltip: columnKey('rttHint'),
                }),
                column('rttAverageMinutes', (row) => minutes(row.rttAverageMinutes), {
                    align: 'right',
                }),
            );
        if (rights.recommendations)
            columns.push(
                column(
                    'recommendationCount',
                    (row) => (
                        <RecommendationChips
                            recommendations={row.recommendations ?? []}
                            formatters={formatters}
                        />
                    ),
                    { title: columnKey('recommendations') },
                ),
            );
        if (rights.full) {
            const hidden = { default: false, align: 'right' as const };
            columns.push(
                column('startDelayMinutes', (row) => minutes(row.startDelayMinutes, true), {
                    align: 'right',
                }),
                column('etaDeviationMinutes', (row) => minutes(row.etaDeviationMinutes), {
                    align: 'right',
                }),
                column('missedWindowCount', (row) => row.missedWindowCount ?? EMPTY_VALUE, {
                    align: 'right',
                }),
                column('logins', (row) => row.logins ?? EMPTY_VALUE, hidden),
                column('startedAt', (row) => formatters.time(row.startedAt), hidden),
                column('finishedAt', (row) => formatters.time(row.finishedAt), hidden),
                column('serviceMinutes', (row) => minutes(row.serviceMinutes), hidden),
                column('drivingMinutes', (row) => minutes(row.drivingMinutes), hidden),
                column('breakMinutes', (row) => minutes(row.breakMinutes), hidden),
                column(
                    'distanceMetres',
                    (row) =>
                        row.distanceMetres === undefined
                            ? EMPTY_VALUE
                            : nowrap(formatters.length(row.distanceMetres / 1000)),
                    hidden,
                ),
            );
        }
        return columns;
    }, [translate, formatters, minutesText, rights]);
}
