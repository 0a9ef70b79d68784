import { Box, Card, CardContent, Typography } from '@mui/material';
import { useId, useMemo } from 'react';
import {
    ListContextProvider,
    ResourceContextProvider,
    SelectInput,
    useList,
    useTranslate,
} from 'react-admin';
import type { RttBlockedTour } from '../../../domain/contracts/rtt-dashboard';
import { EMPTY_VALUE, type Formatters } from '../../../domain/formatting';
import {
    BackOfficeTable,
    DEFAULT_ROWS_PER_PAGE,
    defaultSort,
    type TableColumn,
} from '../../controls/table';

const key = 'app.trackingDashboard.blocked';

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

function useBlockedColumns(formatters: Formatters): TableColumn<RttBlockedTour>[] {
    const translate = useTranslate();
    return useMemo(() => {
        const minutes = (value: number | null) =>
            value === null ? EMPTY_VALUE : formatters.number(value, { maxDecimals: 1 });
        const text = (value: string | null) => value ?? EMPTY_VALUE;
        return [
            {
                key: 'tourNumber',
                title: `${key}.columns.tour`,
                sortable: true,
                render: (row) => (
                    <Box component="span" sx={{ fontWeight: 500 }}>
                        {row.tourNumber}
                    </Box>
                ),
            },
            {
                key: 'vehicleNumber',
                title: `${key}.columns.vehicle`,
                sortable: true,
                render: (row) => text(row.vehicleNumber),
            },
            {
                key: 'driverName',
                title: `${key}.columns.driver`,
                sortable: true,
                render: (row) => text(row.driverName),
            },
            {
                key: 'subcontractorName',
                title: `${key}.columns.subcontractor`,
                sortable: true,
                render: (row) => text(row.subcontractorName),
            },
            {
                key: 'sevenDayAverageMinutes',
                title: `${key}.columns.sevenDay`,
                tooltip: `${key}.columns.sevenDayHint`,
                sortable: true,
                render: (row) => (
                    <>
                        {minutes(row.sevenDayAverageMinutes)}
                        <Secondary>
                            {translate(`${key}.stops`, {
                                stops: formatters.number(row.sevenDayStops),
                            })}
                        </Secondary>
                    </>
                ),
            },
            {
                key: 'dayAverageMinutes',
                title: `${key}.columns.day`,
                sortable: true,
                render: (row) => (
                    <>
                        {minutes(row.dayAverageMinutes)}
                        <Secondary>
                            {translate(`${key}.stops`, {
                                stops: formatters.number(row.dayStops),
                            })}
                        </Secondary>
                        {row.sevenDayCategory === 'MEDIUM' ? (
                            <Secondary>{translate(`${key}.mediumShownBlocked`)}</Secondary>
                        ) : null}
                    </>
                ),
            },
            {
                key: 'nightEtas',
                title: `${key}.columns.nightEtas`,
                tooltip: `${key}.columns.nightEtasHint`,
                sortable: true,
                render: (row) => formatters.number(row.nightEtas),
            },
            {
                key: 'missedWindows',
                title: `${key}.columns.missedWindows`,
                sortable: true,
                render: (row) => (
                    <>
                        {formatters.number(row.missedWindows)}
                        {row.mainMissedWindowCause ? (
                            <Secondary>
                                {translate(`${key}.mainCause`, {
                                    cause: translate(`${key}.causes.${row.mainMissedWindowCause}`),
                                    count: formatters.number(row.mainMissedWindowCauseCount),
                                })}
                            </Secondary>
                        ) : null}
                    </>
                ),
            },
            {
                key: 'notConsidered',
                title: `${key}.columns.notConsidered`,
                tooltip: `${key}.columns.notConsideredHint`,
                sortable: true,
                render: (row) => formatters.number(row.notConsidered),
            },
        ] satisfies TableColumn<RttBlockedTour>[];
    }, [translate, formatters]);
}

/**
 * The tours Blocked on the latest working day (domain §4, §9) and why: the 7-day average
 * deviation and the day's, the measured stops, night ETAs, missed windows with their main cause
 * and the stops not considered. Each row leads to the day's activities when `activitiesPath` is
 * given (the caller may open them).
 */
export function RttBlockedTours({
    date,
    tours,
    formatters,
    activitiesPath,
}: {
    date: string | null;
    tours: readonly RttBlockedTour[];
    formatters: Formatters;
    activitiesPath: string | null;
}) {
    const translate = useTranslate();
    const titleId = useId();
    const columns = useBlockedColumns(formatters);
    const list = useList<RttBlockedTour>({
        data: tours as RttBlockedTour[],
        perPage: DEFAULT_ROWS_PER_PAGE,
        sort: defaultSort(columns),
    });
    const filters = useMemo(
        () => [
            <SelectInput
                key="sevenDayCategory"
                source="sevenDayCategory"
                label={`${key}.filters.why`}
                choices={['BLOCKED', 'MEDIUM'].map((id) => ({
                    id,
                    name: `${key}.filters.${id}`,
                }))}
            />,
        ],
        [],
    );
    return (
        <Card variant="outlined" component="section" aria-labelledby={titleId}>
            <CardContent sx={{ display: 'grid', gap: 1 }}>
                <Typography variant="h6" component="h2" id={titleId}>
                    {date
                        ? translate(`${key}.title`, { date: formatters.date(date) })
                        : translate(`${key}.titleNoDay`)}
                </Typography>
                <Typography variant="body2" color="text.secondary" data-blocked-explanation>
                    {translate(`${key}.explanation`)}
                </Typography>
            </CardContent>
            {tours.length === 0 ? (
                <CardContent sx={{ pt: 0 }}>
                    <Typography variant="body2" data-blocked-none>
                        {date ? translate(`${key}.none`) : translate(`${key}.noDay`)}
                    </Typography>
                </CardContent>
            ) : (
                // The live status's resource: its names ("tours", all plural forms) serve the table's texts.
                <ResourceContextProvider value="liveTours">
                    <ListContextProvider value={list}>
                        <BackOfficeTable
                            tableId="rttBlockedTours"
                            columns={columns}
                            filters={filters}
                            rowLink={activitiesPath ? () => activitiesPath : undefined}
                            label={`${key}.tableLabel`}
                        />
                    </ListContextProvider>
                </ResourceContextProvider>
            )}
        </Card>
    );
}
