import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import { Box, Button, Slider, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import type { Formatters } from '../../../domain/formatting';
import { nextReplayMoment, type ReplayTimeline } from './replay';

const key = 'app.tourHistory.replay';
const MINUTE_MS = 60_000;
/** A step of the playing replay. */
const TICK_MS = 100;

interface ReplayControlsProps {
    timeline: ReplayTimeline;
    at: number;
    onChange: (at: number) => void;
    playing: boolean;
    onPlayingChange: (playing: boolean) => void;
    formatters: Formatters;
    /** Stops reached by `at`, of all stops. */
    reached: number;
    total: number;
}

/**
 * The replay's time slider (arrow keys a minute, Page Up and Down or Shift a quarter of an hour,
 * Home and End the start and the finish) with play and pause; playing runs through the day in
 * about a minute and stops at its end.
 */
export function ReplayControls(props: ReplayControlsProps) {
    const { timeline, at, onChange, playing, onPlayingChange, formatters } = props;
    const translate = useTranslate();

    useEffect(() => {
        if (!playing) return;
        // One step per render: the next is scheduled once this moment is shown.
        const timer = setTimeout(() => {
            const next = nextReplayMoment(timeline, at);
            onChange(next);
            if (next >= timeline.end) onPlayingChange(false);
        }, TICK_MS);
        return () => clearTimeout(timer);
    }, [playing, timeline, at, onChange, onPlayingChange]);

    const toggle = () => {
        // Playing again from the end starts over.
        if (!playing && at >= timeline.end) onChange(timeline.start);
        onPlayingChange(!playing);
    };
    const time = formatters.time(at);
    return (
        <Box sx={{ display: 'grid', gap: 1 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
                <Button
                    variant="outlined"
                    size="small"
                    onClick={toggle}
                    startIcon={playing ? <Pause /> : <PlayArrow />}
                >
                    {translate(playing ? `${key}.pause` : `${key}.play`)}
                </Button>
                <Typography variant="body2">{translate(`${key}.at`, { time })}</Typography>
                <Typography variant="body2" color="text.secondary">
                    {translate(`${key}.reached`, { reached: props.reached, total: props.total })}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                    {translate(`${key}.span`, {
                        start: formatters.time(timeline.start),
                        end: formatters.time(timeline.end),
                    })}
                </Typography>
            </Box>
            <Box sx={{ px: 1.5 }}>
                <Slider
                    min={timeline.start}
                    max={timeline.end}
                    step={MINUTE_MS}
                    shiftStep={15 * MINUTE_MS}
                    value={at}
                    onChange={(_event, value) => {
                        onPlayingChange(false);
                        onChange(value);
                    }}
                    aria-label={translate(`${key}.slider`)}
                    getAriaValueText={(value) => formatters.time(value)}
                    valueLabelDisplay="auto"
                    valueLabelFormat={(value) => formatters.time(value)}
                />
            </Box>
        </Box>
    );
}
