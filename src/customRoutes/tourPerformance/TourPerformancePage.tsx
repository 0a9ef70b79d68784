import { Alert, Box, Card } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import {
    BooleanInput,
    ListContextProvider,
    ResourceContextProvider,
    useList,
    useTranslate,
} from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import type { TourPerformanceRow } from '../../../domain/contracts/tour-performance';
import { DateRangePicker } from '../../controls/DateRangePicker';
import type { DateRange } from '../../controls/dateRange';
import {
    BackOfficeTable,
    DEFAULT_ROWS_PER_PAGE,
    defaultSort,
    type TableColumn,
} from '../../controls/table';
import { getBrowserConfig } from '../../config';
import { httpClient } from '../../dataProviders/httpClient';
import { RefreshablePageHeader } from '../../layout/RefreshablePageHeader';
import { useSelectedScope } from '../../scope/useSelectedScope';
import { useFormatters } from '../../settings/useFormatters';
import { allowedRange, datesParam, depotToday, rangeOf } from './performanceRange';
import { useFigureColumns, type PerformanceFigures } from './TourPerformanceColumns';
import { TourPerformanceDownloads } from './TourPerformanceDownloads';
import { TourPerformanceRollups } from './TourPerformanceRollups';
import { fetchPerformance, performanceKey } from './tourPerformanceApi';

const key = 'app.tourPerformance';

/** A row of the table: the tour number's figures, its place in natural order, a filter flag. */
type PerformanceListRow = TourPerformanceRow &
    PerformanceFigures & { order: number; withMissedWindows: boolean };

const listRow = (row: TourPerformanceRow, order: number): PerformanceListRow => ({
    ...row,
    id: row.tourNumber,
    order,
    withMissedWindows: row.missedWindows.total > 0,
});

/**
 * `/depot/:tenantId/:externalDepotId/tour-performance` (domain §2 Tour Performance; r:tour-perf):
 * the depot's tour numbers over a range of days (the last 7 days up to yesterday by default,
 * kept in the address as `?from=&to=`) with their figures, downloads as CSV and Excel, and the
 * roll-ups by driver and subcontractor. A tour number opens its days.
 */
export function TourPerformancePage() {
    const translate = useTranslate();
    const { tenantId = '', externalDepotId = '' } = useParams();
    const [search, setSearch] = useSearchParams();
    const { scope } = useSelectedScope();
    const depotPath = scope.type === 'DISTRIBUTION_CENTER' ? (scope.depotPath ?? '') : '';
    const formatters = useFormatters(scope.timeZone);
    const today = depotToday(scope.timeZone);
    const range = rangeOf(search.get('from'), search.get('to'), today);
    const base = getBrowserConfig().services.tourCommander;
    const { data, error, isPending, isFetching, refetch } = useQuery({
        queryKey: performanceKey('list', depotPath, range),
        queryFn: () => fetchPerformance(base, httpClient, depotPath, range),
        enabled: depotPath !== '',
        retry: false,
    });
    const rows = useMemo(() => data?.tours.map(listRow), [data]);
    const figures = useFigureColumns<PerformanceListRow>(formatters, { daysDriven: true });
    const columns = useMemo(
        (): TableColumn<PerformanceListRow>[] => [
            {
                key: 'order',
                title: `${key}.columns.tourNumber`,
                sortable: true,
                render: (row) => (
                    <Box component="span" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
                        {row.tourNumber}
                    </Box>
                ),
            },
            ...figures,
        ],
        [figures],
    );
    const list = useList<PerformanceListRow>({
        data: rows,
        isPending,
        perPage: DEFAULT_ROWS_PER_PAGE,
        sort: defaultSort(columns),
    });
    const filters = useMemo(
        () => [
            <BooleanInput
                key="withMissedWindows"
                source="withMissedWindows"
                label={`${key}.filters.withMissedWindows`}
                format={(value: unknown) => value === true}
                // '' removes the filter when unchecked.
                parse={(checked: boolean) => (checked ? true : '')}
            />,
        ],
        [],
    );
    const depotBase = `/depot/${encodeURIComponent(tenantId)}/${encodeURIComponent(externalDepotId)}`;
    const detailsPath = useCallback(
        (row: PerformanceListRow) =>
            `${depotBase}/tour-performance/details/${encodeURIComponent(row.tourNumber)}/${datesParam(range)}`,
        [depotBase, range],
    );
    const pick = (picked: DateRange) => {
        const next = allowedRange(picked, today);
        setSearch({ from: next.from, to: next.to }, { replace: true });
    };

    return (
        <Box sx={{ mt: 1, mb: 2, display: 'grid', gap: 2, minWidth: 0 }}>
            <RefreshablePageHeader
                title={translate(`${key}.title`)}
                refreshLabel={translate(`${key}.refresh`)}
                onRefresh={() => void refetch()}
                refreshing={isFetching}
            />
            <Box
                sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    alignItems: 'center',
                    justifyContent: 'space-between',
                    gap: 2,
                }}
            >
                <Box sx={{ width: 320, maxWidth: '100%' }}>
                    <DateRangePicker
                        label={`${key}.period`}
                        value={range}
                        max={today}
                        onChange={pick}
                    />
                </Box>
                <TourPerformanceDownloads base={base} depotPath={depotPath} range={range} />
            </Box>
            {error ? (
                <Alert severity="error" role="alert">
                    {translate(`${key}.loadError`)}
                </Alert>
            ) : null}
            <ResourceContextProvider value="tourPerformance">
                <ListContextProvider value={list}>
                    <Card>
                        <BackOfficeTable
                            tableId="tourPerformance"
                            columns={columns}
                            filters={filters}
                            rowLink={detailsPath}
                            label={`${key}.tableLabel`}
                        />
                    </Card>
                </ListContextProvider>
            </ResourceContextProvider>
            <TourPerformanceRollups
                base={base}
                depotPath={depotPath}
                range={range}
                formatters={formatters}
            />
        </Box>
    );
}
