import Close from '@mui/icons-material/Close';
import { Box, Divider, Drawer, IconButton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { TourActivity, TourActivityRights } from '../../../domain/contracts/tour-activities';
import type { Formatters } from '../../../domain/formatting';
import { getBrowserConfig } from '../../config';
import { httpClient } from '../../dataProviders/httpClient';
import { activityKeys, fetchTourActivity } from './activitiesApi';
import { ActivityFigures, ActivitySummary } from './ActivityFacts';
import { LocationHistorySection } from './LocationHistorySection';
import { RecommendationList } from './RecommendationList';

const key = 'app.dailyActivities';

function Section({ title, children }: { title: string; children: ReactNode }) {
    return (
        <Box component="section" sx={{ display: 'grid', gap: 1 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500 }}>
                {title}
            </Typography>
            {children}
        </Box>
    );
}

interface ActivityDetailDrawerProps {
    /** The tour shown; null: closed. */
    tour: TourActivity | null;
    depotPath: string;
    rights: TourActivityRights;
    formatters: Formatters;
    onClose: () => void;
}

/**
 * One tour's panel, opened from its row: the row in words, its recommendations in full (with
 * the figures behind them, read from the tour's detail), the day in figures with
 * r:tour-activity-full, and the location history with r:tour-location-history. A modal drawer:
 * the focus stays inside, Escape or the close button returns to the table.
 */
export function ActivityDetailDrawer({
    tour,
    depotPath,
    rights,
    formatters,
    onClose,
}: ActivityDetailDrawerProps) {
    const translate = useTranslate();
    const headingId = useId();
    const { data } = useQuery({
        queryKey: activityKeys.tour(depotPath, tour?.id ?? ''),
        queryFn: () =>
            fetchTourActivity(
                getBrowserConfig().services.tourCommander,
                httpClient,
                depotPath,
                tour?.id ?? '',
            ),
        enabled: tour !== null && rights.recommendations,
        retry: false,
    });
    return (
        <Drawer
            anchor="right"
            open={tour !== null}
            onClose={onClose}
            slotProps={{
                paper: {
                    role: 'dialog',
                    'aria-labelledby': headingId,
                    sx: { width: { xs: '100%', sm: 560 }, maxWidth: '100%' },
                },
            }}
        >
            {tour ? (
                <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
                    <Box
                        sx={{
                            display: 'flex',
                            alignItems: 'center',
                            justifyContent: 'space-between',
                            gap: 1,
                        }}
                    >
                        <Typography id={headingId} component="h2" variant="h6">
                            {translate(`${key}.detailTitle`, {
                                number: tour.tourNumber,
                                date: formatters.date(tour.tourDate),
                            })}
                        </Typography>
                        <IconButton aria-label={translate(`${key}.close`)} onClick={onClose}>
                            <Close />
                        </IconButton>
                    </Box>
                    <ActivitySummary tour={tour} formatters={formatters} />
                    {tour.recommendations ? (
                        <>
                            <Divider />
                            <Section title={translate(`${key}.sections.recommendations`)}>
                                <RecommendationList
                                    recommendations={tour.recommendations}
                                    figures={
                                        data?.tour.id === tour.id
                                            ? data.recommendationFigures
                                            : undefined
                                    }
                                    formatters={formatters}
                                />
                            </Section>
                        </>
                    ) : null}
                    {tour.full ? (
                        <>
                            <Divider />
                            <Section title={translate(`${key}.sections.figures`)}>
                                <ActivityFigures full={tour.full} formatters={formatters} />
                            </Section>
                        </>
                    ) : null}
                    {rights.locationHistory ? (
                        <>
                            <Divider />
                            <Section title={translate(`${key}.sections.history`)}>
                                <LocationHistorySection
                                    depotPath={depotPath}
                                    tourId={tour.id}
                                    tourNumber={tour.tourNumber}
                                    formatters={formatters}
                                />
                            </Section>
                        </>
                    ) : null}
                </Box>
            ) : null}
        </Drawer>
    );
}
