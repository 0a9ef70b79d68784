import { Alert, Box, Card } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
    BooleanInput,
    ListContextProvider,
    Loading,
    ResourceContextProvider,
    SelectInput,
    useList,
    useTranslate,
} from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import type { TourActivityRights } from '../../../domain/contracts/tour-activities';
import { calendarDateIn, isCalendarDate } from '../../../domain/healthStatus';
import { appUsageLevels } from '../../../domain/liveStatus';
import { rttCategories } from '../../../domain/rtt';
import { getBrowserConfig } from '../../config';
import { DayPicker } from '../../controls/DayPicker';
import { BackOfficeTable, defaultSort } from '../../controls/table';
import { httpClient } from '../../dataProviders/httpClient';
import { RefreshablePageHeader } from '../../layout/RefreshablePageHeader';
import { useSelectedScope } from '../../scope/useSelectedScope';
import { useFormatters } from '../../settings/useFormatters';
import { activityKeys, fetchDayActivities } from './activitiesApi';
import { useActivityColumns } from './ActivityColumns';
import { ActivityDetailDrawer } from './ActivityDetailDrawer';
import { activityRow, type ActivityRow } from './activityRows';

const key = 'app.dailyActivities';
const noRights: TourActivityRights = {
    rtt: false,
    recommendations: false,
    full: false,
    locationHistory: false,
};

/**
 * `/depot/:tenantId/:externalDepotId/statistics/activities/:date?` (domain §2 Usage & Analysis;
 * r:tour-activity): every tour of the depot's day with its app usage, sequence fidelity and
 * adherence and star rating; the RTT category, recommendations and the day's figures as the
 * server answers them by right. Without a date it shows the depot's today; the date control
 * changes the address. A row opens the tour's panel (recommendations in full, location history).
 */
export function DailyActivitiesPage() {
    const translate = useTranslate();
    const navigate = useNavigate();
    const { tenantId = '', externalDepotId = '', date: routeDate } = useParams();
    const { scope } = useSelectedScope();
    const depotPath = scope.type === 'DISTRIBUTION_CENTER' ? (scope.depotPath ?? '') : '';
    const today = calendarDateIn(new Date(), scope.timeZone);
    const date = routeDate ?? today;
    const { data, error, isFetching, refetch } = useQuery({
        queryKey: activityKeys.day(depotPath, date),
        queryFn: () =>
            fetchDayActivities(
                getBrowserConfig().services.tourCommander,
                httpClient,
                depotPath,
                date,
            ),
        enabled: depotPath !== '',
        retry: false,
    });
    const formatters = useFormatters(data?.timeZone ?? scope.timeZone);
    const rights = data?.rights ?? noRights;
    const rows = useMemo(() => data?.tours.map(activityRow), [data]);
    const columns = useActivityColumns(formatters, rights);
    const list = useList<ActivityRow>({
        data: rows,
        isPending: !data,
        sort: defaultSort(columns),
    });
    const [openId, setOpenId] = useState<string | null>(null);
    const filters = useMemo(
        () => [
            <SelectInput
                key="appUsage"
                source="appUsage"
                label={`${key}.columns.appForegroundMinutes`}
                choices={appUsageLevels.map((id) => ({ id, name: `${key}.appUsage.${id}` }))}
                alwaysOn
            />,
            ...(rights.rtt
                ? [
                      <SelectInput
                          key="rttCategory"
                          source="rttCategory"
                          label={`${key}.columns.rttRank`}
                          choices={rttCategories.map((id) => ({ id, name: `${key}.rtt.${id}` }))}
                      />,
                  ]
                : []),
            ...(rights.recommendations
                ? [
                      <BooleanInput
                          key="hasRecommendations"
                          source="hasRecommendations"
                          label={`${key}.filters.hasRecommendations`}
                          format={(value: unknown) => value === true}
                          // '' removes the filter when unchecked.
                          parse={(checked: boolean) => (checked ? true : '')}
                      />,
                  ]
                : []),
        ],
        [rights.rtt, rights.recommendations],
    );
    const goTo = (day: string) =>
        void navigate(
            `/depot/${encodeURIComponent(tenantId)}/${encodeURIComponent(externalDepotId)}/statistics/activities/${day}`,
        );
    const open = rows?.find((row) => row.id === openId) ?? null;
    const refused = (error as { status?: number } | null)?.status === 400;

    const shown = isCalendarDate(date) ? date : today;
    return (
        <Box sx={{ mt: 1, mb: 2, display: 'grid', gap: 2, minWidth: 0 }}>
            <RefreshablePageHeader
                title={translate(`${key}.title`)}
                refreshLabel={translate(`${key}.refresh`)}
                onRefresh={() => void refetch()}
                refreshing={isFetching}
            />
            <DayPicker
                label={translate(`${key}.date`)}
                // A malformed day in the address: the server's refusal says so; the control starts from today.
                value={shown}
                text={formatters.date(shown)}
                max={today}
                onChange={goTo}
            />
            {error ? (
                <Alert severity="error" role="alert">
                    {translate(refused ? `${key}.badDate` : `${key}.loadError`, {
                        date: formatters.date(date),
                    })}
                </Alert>
            ) : !data || !rows ? (
                <Loading />
            ) : rows.length === 0 ? (
                <Alert severity="info" role="status">
                    {translate(`${key}.empty`, { date: formatters.date(data.date) })}
                </Alert>
            ) : (
                // The rows are tours: the table names them as the live status's table does.
                <ResourceContextProvider value="liveTours">
                    <ListContextProvider value={list}>
                        <Card>
                            <BackOfficeTable
                                tableId="dailyActivities"
                                columns={columns}
                                filters={filters}
                                onRowClick={(row) => setOpenId(String(row.id))}
                                label={`${key}.tableLabel`}
                            />
                        </Card>
                    </ListContextProvider>
                </ResourceContextProvider>
            )}
            <ActivityDetailDrawer
                tour={open}
                depotPath={depotPath}
                rights={rights}
                formatters={formatters}
                onClose={() => setOpenId(null)}
            />
        </Box>
    );
}
