import ArrowBack from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Loading, Title, useDataProvider, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { TOUR_EVENTS_LIMIT, type TourDetail } from '../../../domain/contracts/tours';
import { TourEventTable } from './TourEventTable';
import { TourFigures, TourVehicle } from './TourFigures';
import { TourJobTable } from './TourJobTable';
import { TourMapSection } from './TourMapSection';
import { TourStopTable } from './TourStopTable';
import { TOURS_RESOURCE, tourListPath } from './tourLinks';
import { useTourFormatters } from './useTourFormatters';

/** A part of the page under its heading (not a landmark: the tables inside are the named regions). */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
    return (
        <Paper
            component="section"
            variant="outlined"
            sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1.5, minWidth: 0 }}
        >
            <Typography id={id} component="h2" variant="h6">
                {title}
            </Typography>
            {children}
        </Paper>
    );
}

/**
 * `/administration/tour-commander/tour/view/:tourId` (shell §2.5, admins): one tour with its
 * figures, a small map of planned against driven path, its stops, jobs, the vehicle's latest
 * state and its newest app events. Times are in the depot's time zone.
 */
export function TourView() {
    const translate = useTranslate();
    const { tourId = '' } = useParams<{ tourId: string }>();
    const dataProvider = useDataProvider();
    // A query of its own: react-admin fills `getOne` from the list's rows, which lack the details.
    const {
        data: tour,
        isPending,
        error,
    } = useQuery({
        queryKey: [TOURS_RESOURCE, 'detail', tourId],
        queryFn: async () =>
            (await dataProvider.getOne<TourDetail>(TOURS_RESOURCE, { id: tourId })).data,
        retry: false,
    });
    const { inZone, day } = useTourFormatters();
    const key = 'app.tourAdmin';

    const back = (
        <Button component={Link} to={tourListPath} startIcon={<ArrowBack />} size="small">
            {translate(`${key}.back`)}
        </Button>
    );
    if (isPending) return <Loading />;
    if (error || !tour) {
        const missing = (error as { status?: number } | null)?.status === 404;
        return (
            <Box sx={{ mt: 1, display: 'grid', gap: 2, justifyItems: 'start' }}>
                <Title title={translate(`${key}.title`)} />
                {back}
                <Alert severity={missing ? 'info' : 'error'} role="alert">
                    {translate(missing ? `${key}.notFound` : `${key}.loadError`)}
                </Alert>
            </Box>
        );
    }
    const formatters = inZone(tour.depot.timeZone);
    const heading = translate(`${key}.heading`, { number: tour.tourNumber });
    return (
        <Box sx={{ mt: 1, mb: 2, display: 'grid', gap: 2, minWidth: 0 }}>
            <Title title={heading} />
            <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
                {back}
                <Typography component="h1" variant="h5">
                    {heading}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                    {translate(`${key}.timesIn`, { zone: tour.depot.timeZone })}
                </Typography>
            </Box>
            <Section id="tour-figures" title={translate(`${key}.sections.figures`)}>
                <TourFigures tour={tour} formatters={formatters} day={day(tour.tourDate)} />
            </Section>
            <Section id="tour-map" title={translate(`${key}.sections.map`)}>
                <TourMapSection tour={tour} />
            </Section>
            <Section id="tour-stops" title={translate(`${key}.stops.title`)}>
                <TourStopTable tour={tour} formatters={formatters} />
            </Section>
            <Section id="tour-jobs" title={translate(`${key}.jobs.title`)}>
                <TourJobTable tour={tour} formatters={formatters} />
            </Section>
            <Section id="tour-vehicle" title={translate(`${key}.vehicle.title`)}>
                <TourVehicle tour={tour} formatters={formatters} />
            </Section>
            <Section id="tour-events" title={translate(`${key}.events.title`)}>
                <Typography variant="body2" color="text.secondary">
                    {translate(`${key}.events.newest`, { limit: TOUR_EVENTS_LIMIT })}
                </Typography>
                <TourEventTable tour={tour} formatters={formatters} />
            </Section>
        </Box>
    );
}
