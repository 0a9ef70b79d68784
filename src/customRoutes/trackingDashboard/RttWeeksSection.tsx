import {
    Box,
    Card,
    CardContent,
    Skeleton,
    Table,
    TableBody,
    TableCell,
    TableHead,
    TableRow,
    Typography,
} from '@mui/material';
import { Suspense, useId } from 'react';
import { useTranslate } from 'react-admin';
import type { RttWeek } from '../../../domain/contracts/rtt-dashboard';
import type { Formatters } from '../../../domain/formatting';
import { rttDashboardCategories, type RttDashboardCategory } from '../../../domain/rttDashboard';
import { visuallyHidden } from '../../controls/visuallyHidden';
import { lazyPage } from '../../lazyPage';

const key = 'app.trackingDashboard';

/** recharts loads with this section only. */
const RttWeeksChart = lazyPage(() => import('./RttWeeksChart'));

/**
 * The weekly tour category dashboard (domain §9: 15 weeks): a stacked bar chart for the eye and
 * the same numbers as a table for screen readers.
 */
export function RttWeeksSection({
    weeks,
    formatters,
}: {
    weeks: readonly RttWeek[];
    formatters: Formatters;
}) {
    const translate = useTranslate();
    const titleId = useId();
    const categoryLabels = Object.fromEntries(
        rttDashboardCategories.map((category) => [
            category,
            translate(`${key}.categories.${category}`),
        ]),
    ) as Record<RttDashboardCategory, string>;
    const weekLabel = (week: RttWeek) => String(week.week);
    return (
        <Card variant="outlined" component="section" aria-labelledby={titleId}>
            <CardContent sx={{ display: 'grid', gap: 1 }}>
                <Typography variant="h6" component="h2" id={titleId}>
                    {translate(`${key}.weeks.title`)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                    {translate(`${key}.weeks.explanation`)}
                </Typography>
                <Box aria-hidden sx={{ minWidth: 0 }} data-rtt-chart>
                    <Suspense fallback={<Skeleton variant="rectangular" height={280} />}>
                        <RttWeeksChart
                            weeks={weeks}
                            categoryLabels={categoryLabels}
                            weekLabel={weekLabel}
                            axisLabel={translate(`${key}.weeks.week`)}
                        />
                    </Suspense>
                </Box>
                {/* Hidden on a box: a table grows to its content whatever its own width. */}
                <Box sx={visuallyHidden}>
                    <Table size="small">
                        <caption>{translate(`${key}.weeks.tableLabel`)}</caption>
                        <TableHead>
                            <TableRow>
                                <TableCell scope="col">{translate(`${key}.weeks.week`)}</TableCell>
                                {rttDashboardCategories.map((category) => (
                                    <TableCell key={category} scope="col">
                                        {categoryLabels[category]}
                                    </TableCell>
                                ))}
                                <TableCell scope="col">{translate(`${key}.weeks.total`)}</TableCell>
                            </TableRow>
                        </TableHead>
                        <TableBody>
                            {weeks.map((week) => (
                                <TableRow key={week.from}>
                                    <TableCell component="th" scope="row">
                                        {translate(`${key}.weeks.long`, {
                                            week: week.week,
                                            year: week.year,
                                            from: formatters.date(week.from),
                                            to: formatters.date(week.to),
                                        })}
                                    </TableCell>
                                    {rttDashboardCategories.map((category) => (
                                        <TableCell key={category}>
                                            {formatters.number(week.counts[category])}
                                        </TableCell>
                                    ))}
                                    <TableCell>{formatters.number(week.tours)}</TableCell>
                                </TableRow>
                            ))}
                        </TableBody>
                    </Table>
                </Box>
            </CardContent>
        </Card>
    );
}
