import { useTheme } from '@mui/material';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface MissedWindowCauseChartProps {
    /** One bar per cause, in the causes' order, with its translated name. */
    bars: readonly { label: string; count: number }[];
    /** Names the value in the tooltip. */
    countLabel: string;
}

/**
 * The missed windows by cause as horizontal bars (recharts, loaded with this chart only).
 * Hidden from assistive technology by its section: the numbers are in the tables beside it.
 */
export default function MissedWindowCauseChart({ bars, countLabel }: MissedWindowCauseChartProps) {
    const theme = useTheme();
    return (
        <ResponsiveContainer width="100%" height={44 * bars.length + 24}>
            <BarChart
                data={[...bars]}
                layout="vertical"
                accessibilityLayer={false}
                margin={{ left: 8, right: 16 }}
            >
                <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
                <YAxis
                    type="category"
                    dataKey="label"
                    width={140}
                    tick={{ fontSize: 12 }}
                    interval={0}
                />
                <Tooltip />
                <Bar
                    dataKey="count"
                    name={countLabel}
                    fill={theme.palette.warning.main}
                    isAnimationActive={false}
                />
            </BarChart>
        </ResponsiveContainer>
    );
}
