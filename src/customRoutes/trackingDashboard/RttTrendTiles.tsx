import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Remove from '@mui/icons-material/Remove';
import { Box, Card, CardContent, Typography, useTheme } from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import type { RttTrend } from '../../../domain/contracts/rtt-dashboard';
import type { Formatters } from '../../../domain/formatting';
import { rttDashboardCategories } from '../../../domain/rttDashboard';
import { rttColours } from './rttColours';

const key = 'app.trackingDashboard.trend';

interface Tile {
    id: string;
    title: string;
    value: string;
    previous: string | null;
    change: number | null;
    /** The change as text, with its unit. */
    changeText: string;
    colour?: string;
}

/** The change in words and an arrow: the direction is never told by colour alone. */
function Change({ tile }: { tile: Tile }) {
    const translate = useTranslate();
    if (tile.change === null) return null;
    const direction = tile.change > 0 ? 'up' : tile.change < 0 ? 'down' : 'same';
    const Icon = { up: ArrowUpward, down: ArrowDownward, same: Remove }[direction];
    return (
        <Typography
            variant="body2"
            component="p"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
            data-trend-change={direction}
        >
            <Icon aria-hidden fontSize="small" />
            {translate(`${key}.${direction}`, { value: tile.changeText })}
        </Typography>
    );
}

/**
 * The trend tiles (domain §9: the last 2 working days): per category the tours of the latest
 * working day, of the one before and the change; and the mean ETA deviation likewise.
 */
export function RttTrendTiles({ trend, formatters }: { trend: RttTrend; formatters: Formatters }) {
    const translate = useTranslate();
    const theme = useTheme();
    const titleId = useId();
    const colours = rttColours(theme);
    const { latest, previous, change } = trend;
    const day = (date: string) => formatters.date(date);
    const minutes = (value: number | null) =>
        value === null
            ? translate(`${key}.noMinutes`)
            : formatters.number(Math.abs(value), { maxDecimals: 1 });
    const tiles: Tile[] = latest
        ? [
              ...rttDashboardCategories.map((category) => ({
                  id: category,
                  title: translate(`app.trackingDashboard.categories.${category}`),
                  value: formatters.number(latest.counts[category]),
                  previous: previous ? formatters.number(previous.counts[category]) : null,
                  change: change ? change.counts[category] : null,
                  changeText: formatters.number(Math.abs(change?.counts[category] ?? 0)),
                  colour: colours[category],
              })),
              {
                  id: 'deviation',
                  title: translate(`${key}.deviation`),
                  value: minutes(latest.averageDeviationMinutes),
                  previous: previous ? minutes(previous.averageDeviationMinutes) : null,
                  change: change?.averageDeviationMinutes ?? null,
                  changeText: minutes(change?.averageDeviationMinutes ?? 0),
              },
          ]
        : [];
    return (
        <Box component="section" aria-labelledby={titleId} sx={{ display: 'grid', gap: 1 }}>
            <Typography variant="h6" component="h2" id={titleId}>
                {translate(`${key}.title`)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
                {!latest
                    ? translate(`${key}.noWorkingDay`)
                    : previous
                      ? translate(`${key}.compared`, {
                            latest: day(latest.date),
                            previous: day(previous.date),
                        })
                      : translate(`${key}.onlyOne`, { latest: day(latest.date) })}
            </Typography>
            {tiles.length > 0 ? (
                <Box
                    component="ul"
                    sx={{
                        listStyle: 'none',
                        m: 0,
                        p: 0,
                        display: 'grid',
                        gap: 1.5,
                        gridTemplateColumns: {
                            xs: 'repeat(2, minmax(0, 1fr))',
                            md: 'repeat(5, minmax(0, 1fr))',
                        },
                    }}
                >
                    {tiles.map((tile) => (
                        <Card component="li" key={tile.id} variant="outlined" data-trend={tile.id}>
                            <CardContent
                                sx={{
                                    p: 1.5,
                                    '&:last-child': { pb: 1.5 },
                                    borderTop: tile.colour ? `4px solid ${tile.colour}` : undefined,
                                }}
                            >
                                <Typography variant="body2" color="text.secondary" component="h3">
                                    {tile.title}
                                </Typography>
                                <Typography variant="h5" component="p" data-trend-value>
                                    {tile.value}
                                </Typography>
                                {tile.previous !== null ? (
                                    <Typography
                                        variant="caption"
                                        color="text.secondary"
                                        component="p"
                                    >
                                        {translate(`${key}.previous`, { value: tile.previous })}
                                    </Typography>
                                ) : null}
                                <Change tile={tile} />
                            </CardContent>
                        </Card>
                    ))}
                </Box>
            ) : null}
        </Box>
    );
}
