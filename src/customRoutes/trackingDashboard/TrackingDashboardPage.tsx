import { Alert, Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading, Title, useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { depotNavigationRules } from '../../../domain/navigationRules';
import { getBrowserConfig } from '../../config';
import { DayPicker } from '../../controls/DayPicker';
import { isIsoDate, today } from '../../controls/dateRange';
import { httpClient } from '../../dataProviders/httpClient';
import { useSelectedScope } from '../../scope/useSelectedScope';
import { useFormatters } from '../../settings/useFormatters';
import { useUserProfile } from '../../useUserProfile';
import { RttBlockedTours } from './RttBlockedTours';
import { RttTrendTiles } from './RttTrendTiles';
import { RttWeeksSection } from './RttWeeksSection';
import { fetchRttDashboard, rttDashboardKey } from './trackingDashboardApi';

const key = 'app.trackingDashboard';

/**
 * `/depot/:tenantId/:externalDepotId/betterTracking` (domain §2, §9; r:rtt-dashboard): the
 * depot's tours by RTT category over 15 weeks, the trend tiles of the last 2 working days and the
 * tours Blocked on the latest of them with why, up to the day chosen (`?date=`, default the
 * depot's today). A Blocked tour leads to that day's activities for users who may open them.
 */
export function TrackingDashboardPage() {
    const translate = useTranslate();
    const { tenantId = '', externalDepotId = '' } = useParams();
    const [searchParams, setSearchParams] = useSearchParams();
    const { scope } = useSelectedScope();
    const { profile } = useUserProfile();
    const depotPath = scope.type === 'DISTRIBUTION_CENTER' ? (scope.depotPath ?? '') : '';
    const asked = searchParams.get('date');
    const date = isIsoDate(asked) ? asked : undefined;
    const base = getBrowserConfig().services.tourCommander;
    const { data, error } = useQuery({
        queryKey: rttDashboardKey(depotPath, date),
        queryFn: () => fetchRttDashboard(base, httpClient, depotPath, date),
        enabled: depotPath !== '',
        retry: false,
    });
    const formatters = useFormatters(data?.depot.timeZone ?? scope.timeZone);
    const shownDate = data?.date ?? date ?? today();
    const mayOpenActivities =
        profile !== undefined &&
        depotNavigationRules.dailyActivities({ actions: profile.actions, path: depotPath });
    const activitiesPath =
        mayOpenActivities && data?.blocked.date
            ? `/depot/${encodeURIComponent(tenantId)}/${encodeURIComponent(externalDepotId)}/statistics/activities/${data.blocked.date}`
            : null;

    return (
        <Box sx={{ mt: 1, display: 'grid', gap: 2, minWidth: 0 }}>
            <Title title={translate(`${key}.title`)} />
            <Box
                sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    alignItems: 'center',
                    justifyContent: 'space-between',
                    gap: 1,
                }}
            >
                <Box>
                    <Typography component="h1" variant="h5">
                        {translate(`${key}.title`)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                        {translate(`${key}.subtitle`)}
                    </Typography>
                </Box>
                <DayPicker
                    label={translate(`${key}.date`)}
                    value={shownDate}
                    text={formatters.date(shownDate)}
                    max={data?.today ?? today()}
                    onChange={(picked) => setSearchParams({ date: picked })}
                />
            </Box>
            {error ? (
                <Alert severity="error">{translate(`${key}.loadError`)}</Alert>
            ) : !data ? (
                <Loading />
            ) : (
                <>
                    <RttTrendTiles trend={data.trend} formatters={formatters} />
                    <RttWeeksSection weeks={data.weeks} formatters={formatters} />
                    <RttBlockedTours
                        date={data.blocked.date}
                        tours={data.blocked.tours}
                        formatters={formatters}
                        activitiesPath={activitiesPath}
                    />
                </>
            )}
        </Box>
    );
}
