import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { LiveKpis } from '../../../domain/liveStatus';
import { useFormatters } from '../../settings/useFormatters';

const key = 'app.liveStatus.kpis';

interface Tile {
    id: string;
    title: string;
    value: string;
    detail: string;
}

const percent = (part: number, whole: number) =>
    whole === 0 ? 0 : Math.round((part / whole) * 100);

/** The KPI tiles (issue 15 part 1): each a heading, a large figure and its breakdown in words. */
export function LiveKpiTiles({ kpis }: { kpis: LiveKpis }) {
    const translate = useTranslate();
    const { number: formatNumber } = useFormatters();
    const tours = kpis.notStarted + kpis.onRoad + kpis.finished;
    const tiles: Tile[] = [
        {
            id: 'tours',
            title: translate(`${key}.tours`),
            value: formatNumber(tours),
            detail: translate(`${key}.toursDetail`, {
                notStarted: kpis.notStarted,
                onRoad: kpis.onRoad,
                finished: kpis.finished,
            }),
        },
        {
            id: 'stops',
            title: translate(`${key}.stops`),
            value: `${percent(kpis.stopsDone, kpis.stopsPlanned)} %`,
            detail: translate(`${key}.stopsDetail`, {
                done: formatNumber(kpis.stopsDone),
                planned: formatNumber(kpis.stopsPlanned),
            }),
        },
        {
            id: 'jobs',
            title: translate(`${key}.jobs`),
            value: formatNumber(kpis.jobsSuccessful),
            detail: translate(`${key}.jobsDetail`, {
                failed: formatNumber(kpis.jobsFailed),
                total: formatNumber(kpis.jobsTotal),
            }),
        },
        {
            id: 'behind',
            title: translate(`${key}.behind`),
            value: formatNumber(kpis.behindAverage),
            detail: translate(`${key}.behindDetail`),
        },
        {
            id: 'outdated',
            title: translate(`${key}.outdated`),
            value: formatNumber(kpis.outdated),
            detail: translate(`${key}.outdatedDetail`),
        },
        {
            id: 'rtt',
            title: translate(`${key}.rtt`),
            value: formatNumber(kpis.rtt.GOOD),
            detail: translate(`${key}.rttDetail`, {
                medium: kpis.rtt.MEDIUM,
                blocked: kpis.rtt.BLOCKED,
                none: kpis.rtt.NONE,
            }),
        },
    ];
    return (
        <Box
            component="ul"
            aria-label={translate(`${key}.label`)}
            sx={{
                listStyle: 'none',
                m: 0,
                p: 0,
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: {
                    xs: 'repeat(2, minmax(0, 1fr))',
                    md: 'repeat(3, minmax(0, 1fr))',
                    lg: 'repeat(6, minmax(0, 1fr))',
                },
            }}
        >
            {tiles.map((tile) => (
                <Card component="li" key={tile.id} data-kpi={tile.id} variant="outlined">
                    <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
                        <Typography variant="body2" color="text.secondary" component="h2">
                            {tile.title}
                        </Typography>
                        <Typography variant="h5" component="p" data-kpi-value>
                            {tile.value}
                        </Typography>
                        <Typography variant="caption" color="text.secondary" component="p">
                            {tile.detail}
                        </Typography>
                    </CardContent>
                </Card>
            ))}
        </Box>
    );
}
