import ArrowBack from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Tab, Tabs, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Loading, Title, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import type { TourHistory } from '../../../domain/contracts/tour-history';
import { DRIVEN_HISTORY_DAYS } from '../../../domain/drivenHistory';
import { getBrowserConfig } from '../../config';
import { httpClient } from '../../dataProviders/httpClient';
import { useSelectedScope } from '../../scope/useSelectedScope';
import { useFormatters } from '../../settings/useFormatters';
import { TourDetailSection } from '../liveStatus/tourDetail/TourDetailSection';
import { DrivenHistoryTab } from './DrivenHistoryTab';
import { TourAnalysisTab } from './TourAnalysisTab';
import { TourHistorySummary } from './TourHistorySummary';
import { failureOf, fetchTourHistory, tourHistoryKey } from './tourHistoryApi';

const key = 'app.tourHistory';
const tabs = ['driven', 'analysis'] as const;
type HistoryTab = (typeof tabs)[number];
const DAY_MS = 86_400_000;

/** The tour performance details of the tour's number over the week up to its day. */
function detailsPath(tenantId: string, externalDepotId: string, tour: TourHistory | undefined) {
    const base = `/depot/${encodeURIComponent(tenantId)}/${encodeURIComponent(externalDepotId)}/tour-performance`;
    if (!tour) return base;
    const from = new Date(Date.parse(`${tour.tourDate}T00:00:00Z`) - 6 * DAY_MS)
        .toISOString()
        .slice(0, 10);
    return `${base}/details/${encodeURIComponent(tour.tourNumber)}/${from}_${tour.tourDate}`;
}

/**
 * `/depot/:tenantId/:externalDepotId/tour-performance/history/v2/:tourId` (domain §2 Tour Driven
 * History and Tour Analysis; r:tour-perf): the tour's figures, then two tabs: the driven history
 * with its replay, and the tour analysis. Times are in the depot's time zone. Its route sits behind
 * the tour performance's navigation rule (src/layout/RequirePageRule.tsx): a user without
 * r:tour-perf at the depot goes to the error page before the page asks anything.
 */
export function TourHistoryPage() {
    const translate = useTranslate();
    const { tourId = '', tenantId = '', externalDepotId = '' } = useParams();
    const { scope } = useSelectedScope();
    const depotPath = scope.type === 'DISTRIBUTION_CENTER' ? (scope.depotPath ?? '') : '';
    const base = getBrowserConfig().services.tourCommander;
    const [tab, setTab] = useState<HistoryTab>('driven');
    const {
        data: tour,
        error,
        isPending,
    } = useQuery({
        queryKey: tourHistoryKey(depotPath, tourId),
        queryFn: () => fetchTourHistory(base, httpClient, depotPath, tourId),
        enabled: depotPath !== '' && tourId !== '',
        retry: false,
    });
    const formatters = useFormatters(tour?.depot.timeZone ?? scope.timeZone);

    const back = (
        <Button
            component={Link}
            to={detailsPath(tenantId, externalDepotId, tour)}
            startIcon={<ArrowBack />}
            size="small"
        >
            {translate(`${key}.back`)}
        </Button>
    );
    if (isPending) return <Loading />;
    if (error || !tour) {
        const failure = failureOf(error);
        return (
            <Box sx={{ mt: 1, display: 'grid', gap: 2, justifyItems: 'start' }}>
                <Title title={translate(`${key}.title`)} />
                {back}
                <Alert severity={failure === 'failed' ? 'error' : 'info'} role="alert">
                    {translate(`${key}.${failure}`, { days: DRIVEN_HISTORY_DAYS })}
                </Alert>
            </Box>
        );
    }
    const heading = translate(`${key}.heading`, {
        number: tour.tourNumber,
        date: formatters.date(tour.tourDate),
    });
    return (
        <Box sx={{ mt: 1, mb: 2, display: 'grid', gap: 2, minWidth: 0 }}>
            <Title title={heading} />
            <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
                {back}
                <Typography component="h1" variant="h5">
                    {heading}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                    {translate(`${key}.timesIn`, { zone: formatters.timeZone })}
                </Typography>
            </Box>
            <TourDetailSection id="tour-history-summary" title={translate(`${key}.summary.title`)}>
                <TourHistorySummary tour={tour} formatters={formatters} />
            </TourDetailSection>
            <Tabs
                value={tab}
                onChange={(_event, value: HistoryTab) => setTab(value)}
                aria-label={translate(`${key}.tabs.label`)}
                variant="scrollable"
                allowScrollButtonsMobile
            >
                {tabs.map((name) => (
                    <Tab
                        key={name}
                        value={name}
                        label={translate(`${key}.tabs.${name}`)}
                        id={`tour-history-tab-${name}`}
                        aria-controls={`tour-history-panel-${name}`}
                    />
                ))}
            </Tabs>
            <Box
                role="tabpanel"
                id={`tour-history-panel-${tab}`}
                aria-labelledby={`tour-history-tab-${tab}`}
                sx={{ minWidth: 0 }}
            >
                {tab === 'driven' ? (
                    <DrivenHistoryTab tour={tour} formatters={formatters} />
                ) : (
                    <TourAnalysisTab tour={tour} formatters={formatters} />
                )}
            </Box>
        </Box>
    );
}
