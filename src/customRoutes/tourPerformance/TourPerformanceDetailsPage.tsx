import ArrowBack from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import {
    ListContextProvider,
    ResourceContextProvider,
    Title,
    useList,
    useTranslate,
} from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import type { TourPerformanceDay } from '../../../domain/contracts/tour-performance';
import { EMPTY_VALUE } from '../../../domain/formatting';
import {
    BackOfficeTable,
    DEFAULT_ROWS_PER_PAGE,
    defaultSort,
    type TableColumn,
} from '../../controls/table';
import { getBrowserConfig } from '../../config';
import { httpClient } from '../../dataProviders/httpClient';
import { useSelectedScope } from '../../scope/useSelectedScope';
import { useFormatters } from '../../settings/useFormatters';
import { rangeOfDates } from './performanceRange';
import { useFigureColumns, type PerformanceFigures } from './TourPerformanceColumns';
import { fetchTourDays, performanceKey } from './tourPerformanceApi';

const key = 'app.tourPerformance.details';

type DayRow = TourPerformanceDay & PerformanceFigures;

/**
 * `/depot/:tenantId/:externalDepotId/tour-performance/details/:tour/:dates` (r:tour-perf; `:dates`
 * is `<from>_<to>`): the tour number's days in the range with their driver, subcontractor and
 * figures. A day opens the tour's driven history.
 */
export function TourPerformanceDetailsPage() {
    const translate = useTranslate();
    const { tenantId = '', externalDepotId = '', tour = '', dates } = useParams();
    const range = rangeOfDates(dates);
    const { scope } = useSelectedScope();
    const depotPath = scope.type === 'DISTRIBUTION_CENTER' ? (scope.depotPath ?? '') : '';
    const formatters = useFormatters(scope.timeZone);
    const base = getBrowserConfig().services.tourCommander;
    const emptyRange = { from: '', to: '' };
    const { data, error, isPending } = useQuery({
        queryKey: performanceKey('tour', depotPath, range ?? emptyRange, tour),
        queryFn: () => fetchTourDays(base, httpClient, depotPath, range ?? emptyRange, tour),
        enabled: depotPath !== '' && range !== undefined && tour !== '',
        retry: false,
    });
    const rows = useMemo(() => data?.days.map((day) => ({ ...day, id: day.tourId })), [data]);
    const figures = useFigureColumns<DayRow>(formatters, { daysDriven: false });
    const columns = useMemo(
        (): TableColumn<DayRow>[] => [
            {
                key: 'tourDate',
                title: `${key}.columns.tourDate`,
                sortable: true,
                render: (row) => (
                    <Box component="span" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
                        {formatters.date(row.tourDate)}
                    </Box>
                ),
            },
            {
                key: 'driverName',
                title: `${key}.columns.driverName`,
                sortable: true,
                render: (row) => row.driverName ?? EMPTY_VALUE,
            },
            {
                key: 'subcontractorName',
                title: `${key}.columns.subcontractorName`,
                sortable: true,
                default: false,
                render: (row) => row.subcontractorName ?? EMPTY_VALUE,
            },
            {
                key: 'state',
                title: `${key}.columns.state`,
                sortable: true,
                render: (row) => translate(`app.tours.states.${row.state}`),
            },
            ...figures,
        ],
        [figures, formatters, translate],
    );
    const list = useList<DayRow>({
        data: rows,
        isPending: isPending && range !== undefined,
        perPage: DEFAULT_ROWS_PER_PAGE,
        sort: defaultSort(columns),
    });
    const depotBase = `/depot/${encodeURIComponent(tenantId)}/${encodeURIComponent(externalDepotId)}/tour-performance`;
    const historyPath = useCallback(
        (row: DayRow) => `${depotBase}/history/v2/${encodeURIComponent(row.tourId)}`,
        [depotBase],
    );
    const back = range ? `${depotBase}?from=${range.from}&to=${range.to}` : depotBase;
    const period = range
        ? translate(`${key}.period`, {
              from: formatters.date(range.from),
              to: formatters.date(range.to),
          })
        : '';
    const heading = translate(`${key}.heading`, { number: tour });

    return (
        <Box sx={{ mt: 1, mb: 2, display: 'grid', gap: 2, minWidth: 0 }}>
            <Title title={heading} />
            <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
                <Button component={Link} to={back} startIcon={<ArrowBack />} size="small">
                    {translate(`${key}.back`)}
                </Button>
                <Typography component="h1" variant="h5">
                    {heading}
                </Typography>
                {range ? (
                    <Typography variant="body2" color="text.secondary">
                        {period}
                    </Typography>
                ) : null}
            </Box>
            {!range ? (
                <Alert severity="error" role="alert">
                    {translate(`${key}.badDates`)}
                </Alert>
            ) : error ? (
                <Alert severity="error" role="alert">
                    {translate(`${key}.loadError`)}
                </Alert>
            ) : data && data.days.length === 0 ? (
                <Alert severity="info">{translate(`${key}.noDays`, { number: tour })}</Alert>
            ) : (
                <ResourceContextProvider value="tourPerformanceDays">
                    <ListContextProvider value={list}>
                        <Card>
                            <BackOfficeTable
                                tableId="tourPerformanceDays"
                                columns={columns}
                                rowLink={historyPath}
                                label={`${key}.tableLabel`}
                            />
                        </Card>
                    </ListContextProvider>
                </ResourceContextProvider>
            )}
        </Box>
    );
}
