import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { HistoryLineStyle } from './historyMapStyles';

/** A short sample of a map line, drawn with its own colour, width and dashes. */
export function LineSample({ style }: { style: HistoryLineStyle }) {
    return (
        <Box component="svg" aria-hidden width={28} height={10} sx={{ flex: 'none' }}>
            <line
                x1={1}
                y1={5}
                x2={27}
                y2={5}
                stroke={style.color}
                strokeWidth={style.weight}
                strokeDasharray={style.dashArray}
            />
        </Box>
    );
}

/** A sample of a stop on the map: its fill, and a dark edge when it is marked. */
export function StopSample({ fill, marked = false }: { fill: string; marked?: boolean }) {
    return (
        <Box
            aria-hidden
            sx={{
                flex: 'none',
                width: 12,
                height: 12,
                borderRadius: '50%',
                bgcolor: fill,
                border: marked ? '3px solid #000000' : '2px solid #ffffff',
                boxShadow: marked ? 'none' : '0 0 0 1px #9e9e9e',
            }}
        />
    );
}

/** One entry of a map key: a sample and its meaning in words. */
export function LegendEntry({ sample, text }: { sample: ReactNode; text: string }) {
    return (
        <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            {sample}
            <Typography variant="body2" component="span">
                {text}
            </Typography>
        </Box>
    );
}

/** A map key: its entries as a list that wraps on narrow screens. */
export function HistoryLegend({ label, children }: { label: string; children: ReactNode }) {
    return (
        <Box
            component="ul"
            aria-label={label}
            sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 2 }}
        >
            {children}
        </Box>
    );
}
