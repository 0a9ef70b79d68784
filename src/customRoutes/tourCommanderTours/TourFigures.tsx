import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { TourDetail } from '../../../domain/contracts/tours';
import type { Formatters } from '../../../domain/formatting';
import { TourStateChip } from './TourStateChip';
import { tourFieldLabel } from './tourLinks';

/** Label and value pairs as a description list that flows into columns on wide screens. */
export function FigureList({ items }: { items: readonly { label: string; value: ReactNode }[] }) {
    return (
        <Box
            component="dl"
            sx={{
                m: 0,
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: {
                    xs: 'repeat(2, minmax(0, 1fr))',
                    sm: 'repeat(3, minmax(0, 1fr))',
                    md: 'repeat(4, minmax(0, 1fr))',
                    lg: 'repeat(6, minmax(0, 1fr))',
                },
            }}
        >
            {items.map((item) => (
                <Box key={item.label} sx={{ minWidth: 0 }}>
                    <Typography component="dt" variant="caption" color="text.secondary">
                        {item.label}
                    </Typography>
                    <Typography
                        component="dd"
                        variant="body2"
                        sx={{ m: 0, overflowWrap: 'anywhere' }}
                    >
                        {item.value}
                    </Typography>
                </Box>
            ))}
        </Box>
    );
}

/** The tour's people, vehicle and figures (the list row's, plus sequence fidelity). */
export function TourFigures({
    tour,
    formatters,
    day,
}: {
    tour: TourDetail;
    formatters: Formatters;
    day: string;
}) {
    const translate = useTranslate();
    const field = (name: string) => translate(tourFieldLabel(name));
    const time = (value: string | null) => (value ? formatters.time(value) : '-');
    const items = [
        { label: field('tourDate'), value: day },
        { label: field('state'), value: <TourStateChip state={tour.state} /> },
        { label: field('organisation'), value: tour.organisation.name },
        { label: field('depot'), value: `${tour.depot.externalId} ${tour.depot.name}` },
        { label: field('vehicleNumber'), value: tour.vehicleNumber },
        { label: field('driverName'), value: tour.driverName ?? '-' },
        { label: field('subcontractorName'), value: tour.subcontractorName ?? '-' },
        { label: field('tourType'), value: tour.tourType },
        {
            label: field('sequenceOptimisation'),
            value: translate(`app.tours.sequenceOptimisations.${tour.sequenceOptimisation}`),
        },
        { label: field('plannedStart'), value: time(tour.plannedStart) },
        { label: field('startedAt'), value: time(tour.startedAt) },
        { label: field('finishedAt'), value: time(tour.finishedAt) },
        { label: field('projectedFinishAt'), value: time(tour.projectedFinishAt) },
        {
            label: field('progress'),
            value: translate('app.tourAdmin.ofTotal', {
                done: tour.waypointsDone,
                total: tour.waypointsTotal,
            }),
        },
        {
            label: field('jobs'),
            value: translate('app.tourAdmin.jobCounts', {
                successful: tour.jobsSuccessful,
                failed: tour.jobsFailed,
                total: tour.jobsTotal,
            }),
        },
        { label: field('distanceMetres'), value: formatters.length(tour.distanceMetres / 1000) },
        {
            label: translate('app.tourAdmin.sequenceFidelity'),
            value:
                tour.sequenceFidelity === null
                    ? '-'
                    : `${formatters.number(tour.sequenceFidelity, { maxDecimals: 0 })} %`,
        },
        { label: field('lastEventAt'), value: time(tour.lastEventAt) },
    ];
    return <FigureList items={items} />;
}

/** The vehicle's latest state, or a note when it moved on to another tour or sent nothing yet. */
export function TourVehicle({ tour, formatters }: { tour: TourDetail; formatters: Formatters }) {
    const translate = useTranslate();
    const key = 'app.tourAdmin.vehicle';
    const state = tour.vehicleState;
    if (!state)
        return (
            <Typography variant="body2" color="text.secondary">
                {translate(`${key}.empty`)}
            </Typography>
        );
    const items = [
        {
            label: translate(`${key}.positionAt`),
            value: state.positionAt ? formatters.dateTime(state.positionAt) : '-',
        },
        {
            label: translate(`${key}.speed`),
            value:
                state.speed === null
                    ? '-'
                    : translate(`${key}.perHour`, {
                          distance: formatters.length(state.speed * 3.6),
                      }),
        },
        {
            label: translate(`${key}.battery`),
            value:
                state.battery === null
                    ? '-'
                    : `${formatters.number(state.battery, { maxDecimals: 0 })} %`,
        },
        {
            label: translate(`${key}.appState`),
            value: state.appState ? translate(`app.tours.appStates.${state.appState}`) : '-',
        },
        {
            label: translate(`${key}.lastEvent`),
            value: state.lastEventAt
                ? `${formatters.dateTime(state.lastEventAt)} (${translate(`app.tours.eventTypes.${state.lastEventType ?? ''}`, { _: state.lastEventType ?? '' })})`
                : '-',
        },
    ];
    return (
        <>
            {state.tourId !== tour.id ? (
                <Typography variant="body2" sx={{ mb: 1 }}>
                    {translate(`${key}.otherTour`)}
                </Typography>
            ) : null}
            <FigureList items={items} />
        </>
    );
}
