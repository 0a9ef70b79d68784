import { Alert, Box, Card, CardContent, Skeleton, Tab, Tabs, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useId, useMemo, useState } from 'react';
import { ListContextProvider, ResourceContextProvider, useList, useTranslate } from 'react-admin';
import type { PerformanceRollup } from '../../../domain/contracts/tour-performance';
import { EMPTY_VALUE, type Formatters } from '../../../domain/formatting';
import { missedWindowCauses, rollUpMissedWindows } from '../../../domain/missedWindowCauses';
import type { DateRange } from '../../controls/dateRange';
import { BackOfficeTable, defaultSort, type TableColumn } from '../../controls/table';
import { visuallyHidden } from '../../controls/visuallyHidden';
import { httpClient } from '../../dataProviders/httpClient';
import { lazyPage } from '../../lazyPage';
import { adherence, percent } from './TourPerformanceColumns';
import { fetchRollups, performanceKey } from './tourPerformanceApi';

const key = 'app.tourPerformance';
const groups = ['drivers', 'subcontractors'] as const;
type Group = (typeof groups)[number];
type RollupRow = PerformanceRollup & { id: string };
const resourceOf = {
    drivers: 'tourPerformanceDrivers',
    subcontractors: 'tourPerformanceSubcontractors',
};

/** recharts loads with this chart only. */
const MissedWindowCauseChart = lazyPage(() => import('./MissedWindowCauseChart'));

function useRollupColumns(group: Group, formatters: Formatters): TableColumn<RollupRow>[] {
    const translate = useTranslate();
    return useMemo(() => {
        const figure = (
            field: string,
            render: (row: RollupRow) => string,
            tooltip?: string,
        ): TableColumn<RollupRow> => ({
            key: field,
            title: `${key}.columns.${field}`,
            sortable: true,
            align: 'right',
            render,
            ...(tooltip ? { tooltip: `${key}.hints.${tooltip}` } : {}),
        });
        return [
            {
                key: 'name',
                title: `${key}.rollups.${group}.name`,
                sortable: true,
                render: (row) => row.name ?? translate(`${key}.rollups.${group}.none`),
            },
            figure('tours', (row) => formatters.number(row.tours)),
            {
                ...figure('stopsDone', (row) => formatters.number(row.stopsDone)),
                title: `${key}.rollups.stopsDone`,
            },
            figure(
                'sequenceAdherence',
                (row) => adherence(formatters, row.sequenceAdherence),
                'sequenceAdherence',
            ),
            figure(
                'sequenceFidelity',
                (row) => percent(formatters, row.sequenceFidelity),
                'sequenceFidelity',
            ),
            figure(
                'missedWindows.total',
                (row) => formatters.number(row.missedWindows.total),
                'missedWindows',
            ),
            ...missedWindowCauses.map((cause) =>
                figure(`missedWindows.byCause.${cause}`, (row) =>
                    formatters.number(row.missedWindows.byCause[cause]),
                ),
            ),
        ];
    }, [group, formatters, translate]);
}

function RollupTable({
    group,
    rows,
    pending,
    formatters,
}: {
    group: Group;
    rows: readonly PerformanceRollup[] | undefined;
    pending: boolean;
    formatters: Formatters;
}) {
    const columns = useRollupColumns(group, formatters);
    const data = useMemo(() => rows?.map((row) => ({ ...row, id: row.id ?? EMPTY_VALUE })), [rows]);
    const list = useList<RollupRow>({ data, isPending: pending, sort: defaultSort(columns) });
    return (
        <ResourceContextProvider value={resourceOf[group]}>
            <ListContextProvider value={list}>
                <BackOfficeTable
                    tableId={resourceOf[group]}
                    columns={columns}
                    searchSource={false}
                    label={`${key}.rollups.${group}.tableLabel`}
                />
            </ListContextProvider>
        </ResourceContextProvider>
    );
}

/**
 * Issue 16 part 7: the range's started tours rolled up by driver and by subcontractor (sequence
 * adherence, fidelity, missed arrival windows by most likely cause), with the depot's missed
 * windows by cause as a chart for the eye (its numbers are in the tables and the hidden list).
 */
export function TourPerformanceRollups(props: {
    base: string;
    depotPath: string;
    range: DateRange;
    formatters: Formatters;
}) {
    const { base, depotPath, range, formatters } = props;
    const translate = useTranslate();
    const titleId = useId();
    const tabsId = useId();
    const [group, setGroup] = useState<Group>('drivers');
    const { data, error } = useQuery({
        queryKey: performanceKey('rollups', depotPath, range),
        queryFn: () => fetchRollups(base, httpClient, depotPath, range),
        enabled: depotPath !== '',
        retry: false,
    });
    const total = data
        ? rollUpMissedWindows(data.tourNumbers.map((row) => row.missedWindows))
        : undefined;
    const bars = missedWindowCauses.map((cause) => ({
        label: translate(`${key}.causes.${cause}`),
        count: total?.byCause[cause] ?? 0,
    }));
    return (
        <Card component="section" aria-labelledby={titleId}>
            <CardContent sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
                <Box>
                    <Typography variant="h6" component="h2" id={titleId}>
                        {translate(`${key}.rollups.title`)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                        {translate(`${key}.rollups.explanation`)}
                    </Typography>
                </Box>
                {error ? (
                    <Alert severity="error" role="alert">
                        {translate(`${key}.rollups.loadError`)}
                    </Alert>
                ) : null}
                {total && total.total > 0 ? (
                    <Box sx={{ maxWidth: 640, minWidth: 0 }}>
                        <Typography variant="subtitle2" component="h3">
                            {translate(`${key}.rollups.causesTitle`, { total: total.total })}
                        </Typography>
                        <Box aria-hidden sx={{ minWidth: 0 }} data-cause-chart>
                            <Suspense fallback={<Skeleton variant="rectangular" height={200} />}>
                                <MissedWindowCauseChart
                                    bars={bars}
                                    countLabel={translate(`${key}.columns.missedWindows.total`)}
                                />
                            </Suspense>
                        </Box>
                        <Box component="ul" sx={visuallyHidden}>
                            {bars.map((bar) => (
                                <li key={bar.label}>{`${bar.label}: ${bar.count}`}</li>
                            ))}
                        </Box>
                    </Box>
                ) : null}
                <Tabs
                    value={group}
                    onChange={(_event, value: Group) => setGroup(value)}
                    aria-label={translate(`${key}.rollups.tabs`)}
                    variant="scrollable"
                    allowScrollButtonsMobile
                >
                    {groups.map((value) => (
                        <Tab
                            key={value}
                            value={value}
                            label={translate(`${key}.rollups.${value}.tab`)}
                            id={`${tabsId}-${value}-tab`}
                            aria-controls={value === group ? `${tabsId}-${value}-panel` : undefined}
                        />
                    ))}
                </Tabs>
                <Box
                    role="tabpanel"
                    id={`${tabsId}-${group}-panel`}
                    aria-labelledby={`${tabsId}-${group}-tab`}
                    sx={{ minWidth: 0 }}
                >
                    <RollupTable
                        key={group}
                        group={group}
                        rows={data?.[group]}
                        pending={!data && !error}
                        formatters={formatters}
                    />
                </Box>
            </CardContent>
        </Card>
    );
}
