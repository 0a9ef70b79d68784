import { useTheme } from '@mui/material';
import {
    Bar,
    BarChart,
    CartesianGrid,
    Legend,
    ResponsiveContainer,
    Tooltip,
    XAxis,
    YAxis,
} from 'recharts';
import type { RttWeek } from '../../../domain/contracts/rtt-dashboard';
import { rttDashboardCategories, type RttDashboardCategory } from '../../../domain/rttDashboard';
import { rttColours } from './rttColours';

export interface RttWeeksChartProps {
    weeks: readonly RttWeek[];
    /** The category names shown in the legend and the tooltip. */
    categoryLabels: Record<RttDashboardCategory, string>;
    /** The short label of a week on the axis (its number). */
    weekLabel: (week: RttWeek) => string;
    /** Names the axis of the weeks. */
    axisLabel: string;
}

/**
 * The 15 weeks as stacked bars by category (recharts, loaded with this page only). Hidden from
 * assistive technology: the page gives the same numbers as a table.
 */
export default function RttWeeksChart({
    weeks,
    categoryLabels,
    weekLabel,
    axisLabel,
}: RttWeeksChartProps) {
    const theme = useTheme();
    const colours = rttColours(theme);
    const data = weeks.map((week) => ({ label: weekLabel(week), ...week.counts }));
    return (
        <ResponsiveContainer width="100%" height={280}>
            <BarChart data={data} accessibilityLayer={false} margin={{ left: -16, right: 8 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis
                    dataKey="label"
                    tick={{ fontSize: 12 }}
                    interval="preserveStartEnd"
                    height={40}
                    label={{ value: axisLabel, position: 'insideBottom', fontSize: 12 }}
                />
                <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
                <Tooltip />
                <Legend
                    itemSorter={(item) =>
                        rttDashboardCategories.indexOf(String(item.dataKey) as RttDashboardCategory)
                    }
                    // Names in the body colour: the swatch carries the category's colour.
                    formatter={(value: string) => (
                        <span style={{ color: theme.palette.text.primary }}>{value}</span>
                    )}
                />
                {rttDashboardCategories.map((category) => (
                    <Bar
                        key={category}
                        dataKey={category}
                        name={categoryLabels[category]}
                        stackId="tours"
                        fill={colours[category]}
                        isAnimationActive={false}
                    />
                ))}
            </BarChart>
        </ResponsiveContainer>
    );
}
