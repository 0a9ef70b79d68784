import { Alert, Box, Card, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
    BooleanInput,
    ListContextProvider,
    ResourceContextProvider,
    useList,
    useTranslate,
} from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { createFormatters } from '../../../domain/formatting';
import { getBrowserConfig } from '../../config';
import { BackOfficeTable, defaultSort, TABLE_BODY_CELL_CLASS } from '../../controls/table';
import { httpClient } from '../../dataProviders/httpClient';
import { useNow } from '../../layout/useNow';
import { RefreshablePageHeader } from '../../layout/RefreshablePageHeader';
import { effectiveSettings } from '../../settings/settingsUpdate';
import { useFormatters } from '../../settings/useFormatters';
import { useUserProfile } from '../../useUserProfile';
import { useHealthStatusColumns } from './HealthStatusColumns';
import { fetchHealthStatus, healthStatusRows } from './healthStatusRows';
import { useDepotRowFocus } from './useDepotRowFocus';

const key = 'app.healthStatus';
/** The page reloads its data and renews the ages every minute. */
const REFRESH_MS = 60_000;
/** Every depot on one page: the badge's link must find its row, and organisations have tens of depots. */
const ROWS_PER_PAGE = 1000;

const onlyWarnings = [
    <BooleanInput
        key="health"
        source="health"
        label={`${key}.onlyWarnings`}
        format={(value: unknown) => value === 'WARNING'}
        // '' (not undefined) so that unchecking removes the filter instead of keeping the last value.
        parse={(checked: boolean) => (checked ? 'WARNING' : '')}
        alwaysOn
    />,
];

/**
 * `/tenant/:tenantId/healthStatus` (shell §2.7, §9; r:health-status in the tenant context): every
 * depot the user may see with today's last assignment, last scan and last position, the
 * freshness of the data gateway and the driver apps, today's tours and the badge's warning;
 * refreshed every minute. `?depot=<internal id>` (the badge's link) scrolls to and highlights
 * that depot's row.
 */
export function HealthStatusPage() {
    const { tenantId = '' } = useParams<{ tenantId: string }>();
    const [searchParams] = useSearchParams();
    const highlighted = searchParams.get('depot');
    const translate = useTranslate();
    const now = useNow(REFRESH_MS);
    const { data, error, isPending, isFetching, refetch } = useQuery({
        queryKey: ['healthStatus', tenantId],
        queryFn: () =>
            fetchHealthStatus(getBrowserConfig().services.backOffice, httpClient, tenantId),
        enabled: Boolean(tenantId),
        refetchInterval: REFRESH_MS,
    });
    const rows = useMemo(() => (data ? healthStatusRows(data) : undefined), [data]);
    const columns = useHealthStatusColumns(now, highlighted);
    const list = useList({
        data: rows,
        isPending,
        perPage: ROWS_PER_PAGE,
        sort: defaultSort(columns),
    });
    useDepotRowFocus(highlighted, list.data);

    return (
        <Box sx={{ mt: 1, display: 'grid', gap: 2, minWidth: 0 }}>
            <RefreshablePageHeader
                title={translate(`${key}.title`)}
                refreshLabel={translate(`${key}.refresh`)}
                onRefresh={() => void refetch()}
                refreshing={isFetching}
            />
            {data && <RuleSummary checkedAt={data.checkedAt} hours={data.businessHours} />}
            {error ? (
                <Alert severity="error">{translate(`${key}.loadError`)}</Alert>
            ) : (
                // The rows are depots: the table names them (its empty text) as the depot list does.
                <ResourceContextProvider value="depots">
                    <ListContextProvider value={list}>
                        <Card
                            sx={{
                                // Ten columns: narrower cell padding lets them fit beside the drawer at 1280 px.
                                [`& .MuiTableCell-root, & td.${TABLE_BODY_CELL_CLASS}`]: { px: 1 },
                                // The badge's depot: its row (or card) stands out and has the focus.
                                '& tr:has([data-highlighted]), & li:has([data-highlighted])': {
                                    bgcolor: 'action.selected',
                                    outline: '2px solid',
                                    outlineColor: 'primary.main',
                                    outlineOffset: '-2px',
                                },
                            }}
                        >
                            <BackOfficeTable
                                tableId="healthStatus"
                                columns={columns}
                                filters={onlyWarnings}
                                rowsPerPageOptions={[ROWS_PER_PAGE]}
                                label={`${key}.tableLabel`}
                            />
                        </Card>
                    </ListContextProvider>
                </ResourceContextProvider>
            )}
        </Box>
    );
}

/** When the data was read, and the rule with the organisation's business hours. */
function RuleSummary({
    checkedAt,
    hours,
}: {
    checkedAt: string;
    hours: { from: string; to: string };
}) {
    const translate = useTranslate();
    const formatters = useFormatters();
    const { profile } = useUserProfile();
    // Business hours are wall-clock times of each depot: shown as such, in the user's time format.
    const clock = createFormatters(effectiveSettings(profile), 'UTC');
    const wall = (time: string) => clock.time(`1970-01-01T${time}:00Z`);
    return (
        <Typography variant="body2" color="text.secondary">
            {translate(`${key}.rule`, { from: wall(hours.from), to: wall(hours.to) })}{' '}
            {translate(`${key}.checkedAt`, { time: formatters.time(checkedAt) })}
        </Typography>
    );
}
