import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { TourActivity } from '../../../domain/contracts/tour-activities';
import { EMPTY_VALUE, type Formatters } from '../../../domain/formatting';
import { missedWindowCauses } from '../../../domain/missedWindowCauses';
import { AppUsageChip, RttChip, StarRating } from './ActivityChips';
import { useMinutes } from './useMinutes';

const key = 'app.dailyActivities';

/** Terms and their values, two columns from small screens up. */
function Facts({ facts }: { facts: readonly [string, ReactNode][] }) {
    return (
        <Box
            component="dl"
            sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'minmax(8rem, max-content) 1fr' },
                columnGap: 2,
                rowGap: { xs: 0, sm: 0.75 },
                '& dt': { color: 'text.secondary', typography: 'body2' },
                '& dd': { m: 0, mb: { xs: 1, sm: 0 }, typography: 'body2' },
            }}
        >
            {facts.map(([term, value]) => (
                <Box key={term} sx={{ display: 'contents' }}>
                    <dt>{term}</dt>
                    <dd>{value}</dd>
                </Box>
            ))}
        </Box>
    );
}

/** The tour's row in words: people, progress, app usage, sequence, rating and RTT. */
export function ActivitySummary({
    tour,
    formatters,
}: {
    tour: TourActivity;
    formatters: Formatters;
}) {
    const translate = useTranslate();
    const minutes = useMinutes(formatters);
    const column = (name: string) => translate(`${key}.columns.${name}`);
    const facts: [string, ReactNode][] = [
        [column('vehicleNumber'), tour.vehicleNumber],
        [column('driverName'), tour.driverName ?? EMPTY_VALUE],
        [column('subcontractorName'), tour.subcontractorName ?? EMPTY_VALUE],
        [column('state'), translate(`app.tours.states.${tour.state}`)],
        [
            column('progress'),
            `${translate(`${key}.stopsValue`, { done: tour.waypointsDone, total: tour.waypointsTotal })} · ${translate(`${key}.jobsValue`, { successful: tour.jobsSuccessful, failed: tour.jobsFailed })}`,
        ],
        [
            column('appForegroundMinutes'),
            <AppUsageChip
                key="app"
                level={tour.appUsage}
                minutes={tour.appForegroundMinutes}
                formatters={formatters}
            />,
        ],
        [
            column('sequenceFidelity'),
            tour.sequenceFidelity === null
                ? EMPTY_VALUE
                : `${formatters.number(tour.sequenceFidelity, { maxDecimals: 1 })} %`,
        ],
        [
            column('sequenceAdherence'),
            tour.sequenceAdherence === null
                ? EMPTY_VALUE
                : formatters.number(tour.sequenceAdherence, { maxDecimals: 3, minDecimals: 2 }),
        ],
        [
            column('starRating'),
            tour.starRating === null ? (
                translate(`${key}.noReviews`)
            ) : (
                <StarRating
                    key="stars"
                    rating={tour.starRating}
                    count={tour.reviewCount}
                    formatters={formatters}
                />
            ),
        ],
    ];
    if (tour.rtt)
        facts.push(
            [column('rttRank'), <RttChip key="rtt" category={tour.rtt.category} />],
            [column('rttAverageMinutes'), minutes(tour.rtt.sevenDayAverageMinutes)],
        );
    return <Facts facts={facts} />;
}

/** The day in figures (r:tour-activity-full). */
export function ActivityFigures({
    full,
    formatters,
}: {
    full: NonNullable<TourActivity['full']>;
    formatters: Formatters;
}) {
    const translate = useTranslate();
    const minutes = useMinutes(formatters);
    const column = (name: string) => translate(`${key}.columns.${name}`);
    const causes = missedWindowCauses
        .filter((cause) => (full.missedWindows.byCause[cause] ?? 0) > 0)
        .map(
            (cause) =>
                `${translate(`${key}.causes.${cause}`)}: ${formatters.number(full.missedWindows.byCause[cause])}`,
        );
    const facts: [string, ReactNode][] = [
        [column('plannedStart'), formatters.time(full.plannedStart)],
        [column('startedAt'), formatters.time(full.startedAt)],
        [column('finishedAt'), formatters.time(full.finishedAt)],
        [column('startDelayMinutes'), minutes(full.startDelayMinutes, true)],
        [column('logins'), formatters.number(full.logins)],
        [column('loginDevices'), formatters.number(full.loginDevices)],
        [column('sequenceRequests'), formatters.number(full.sequenceRequests)],
        [column('serviceMinutes'), minutes(full.serviceMinutes)],
        [column('drivingMinutes'), minutes(full.drivingMinutes)],
        [column('breakMinutes'), minutes(full.breakMinutes)],
        [column('distanceMetres'), formatters.length(full.distanceMetres / 1000)],
        [
            column('etaDeviationMinutes'),
            full.etaDeviation.averageMinutes === null
                ? EMPTY_VALUE
                : translate(`${key}.etaDeviationValue`, {
                      duration: minutes(full.etaDeviation.averageMinutes),
                      stops: formatters.number(full.etaDeviation.stops),
                  }),
        ],
        [
            column('missedWindowCount'),
            <Typography key="missed" component="span" variant="body2">
                {formatters.number(full.missedWindows.total)}
                {causes.length > 0 ? ` (${causes.join(', ')})` : ''}
            </Typography>,
        ],
    ];
    return <Facts facts={facts} />;
}
