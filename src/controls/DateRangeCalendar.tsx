import { Box, ButtonBase, IconButton, Typography } from '@mui/material';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useTranslate } from 'react-admin';
import {
    addMonths,
    formatDay,
    inRange,
    isDayDisabled,
    monthGrid,
    monthTitle,
    moveFocus,
    parseIsoDate,
    weekdayNames,
    type DateRange,
    type IsoDate,
} from './dateRange';

export interface DateRangeCalendarProps {
    locale: string;
    value: DateRange | undefined;
    /** The start picked so far, waiting for the end. */
    pending: IsoDate | undefined;
    min?: IsoDate;
    max?: IsoDate;
    /** The day that has the keyboard focus; its month is shown. */
    focusDate: IsoDate;
    onFocusDate: (date: IsoDate) => void;
    onPick: (date: IsoDate) => void;
}

/**
 * One month as a grid of day buttons, weeks from Monday, names from the locale. Arrow keys,
 * Home/End and Page Up/Down move the focus (one tab stop: the focused day); Enter or Space picks.
 * Days that cannot be picked stay focusable and say so (aria-disabled).
 */
export function DateRangeCalendar({
    locale,
    value,
    pending,
    min,
    max,
    focusDate,
    onFocusDate,
    onPick,
}: DateRangeCalendarProps) {
    const translate = useTranslate();
    const titleId = useId();
    const gridRef = useRef<HTMLTableElement>(null);
    const keyboardMove = useRef(false);
    const { year, month } = parseIsoDate(focusDate) ?? { year: 1970, month: 1 };
    const shortNames = weekdayNames(locale, 'short');
    const longNames = weekdayNames(locale, 'long');
    const selection = pending ? { from: pending, to: pending } : value;

    // Opening the calendar puts the focus on its focused day.
    useEffect(() => {
        gridRef.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
    }, []);

    useEffect(() => {
        if (!keyboardMove.current) return;
        keyboardMove.current = false;
        gridRef.current?.querySelector<HTMLElement>(`[data-date="${focusDate}"]`)?.focus();
    }, [focusDate]);

    const onKeyDown = (event: KeyboardEvent<HTMLElement>, date: IsoDate) => {
        const next = moveFocus(date, event.key);
        if (!next) return;
        event.preventDefault();
        keyboardMove.current = true;
        onFocusDate(next);
    };

    return (
        <Box sx={{ p: 1 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
                <IconButton
                    aria-label={translate('app.dateRange.previousMonth')}
                    onClick={() => onFocusDate(addMonths(focusDate, -1))}
                >
                    <ChevronLeft />
                </IconButton>
                <Typography id={titleId} variant="subtitle1" aria-live="polite">
                    {monthTitle(locale, year, month)}
                </Typography>
                <IconButton
                    aria-label={translate('app.dateRange.nextMonth')}
                    onClick={() => onFocusDate(addMonths(focusDate, 1))}
                >
                    <ChevronRight />
                </IconButton>
            </Box>
            <Box
                component="table"
                role="grid"
                aria-labelledby={titleId}
                ref={gridRef}
                sx={{ borderCollapse: 'collapse', mx: 'auto' }}
            >
                <thead>
                    <tr>
                        {shortNames.map((name, index) => (
                            <Box
                                component="th"
                                scope="col"
                                key={name}
                                abbr={longNames[index]}
                                sx={{
                                    typography: 'caption',
                                    color: 'text.secondary',
                                    fontWeight: 'normal',
                                    p: 0.5,
                                }}
                            >
                                {name}
                            </Box>
                        ))}
                    </tr>
                </thead>
                <tbody>
                    {monthGrid(year, month).map((week) => (
                        <tr key={week[0]?.date}>
                            {week.map((day) => {
                                const disabled = isDayDisabled(day.date, {
                                    min,
                                    max,
                                    value,
                                    pending,
                                });
                                const selected = inRange(day.date, selection);
                                const edge =
                                    selection !== undefined &&
                                    (day.date === selection.from || day.date === selection.to);
                                return (
                                    <Box
                                        component="td"
                                        key={day.date}
                                        aria-selected={selected}
                                        sx={{ p: 0 }}
                                    >
                                        <ButtonBase
                                            data-date={day.date}
                                            tabIndex={day.date === focusDate ? 0 : -1}
                                            aria-label={formatDay(locale, day.date, 'full')}
                                            aria-disabled={disabled || undefined}
                                            onClick={() => !disabled && onPick(day.date)}
                                            onKeyDown={(event) => onKeyDown(event, day.date)}
                                            sx={{
                                                width: 40,
                                                height: 40,
                                                borderRadius: edge ? '50%' : 0,
                                                typography: 'body2',
                                                color: disabled
                                                    ? 'text.disabled'
                                                    : day.inMonth
                                                      ? 'text.primary'
                                                      : 'text.secondary',
                                                bgcolor: edge
                                                    ? 'primary.main'
                                                    : selected
                                                      ? 'action.selected'
                                                      : 'transparent',
                                                ...(edge && { color: 'primary.contrastText' }),
                                                cursor: disabled ? 'default' : 'pointer',
                                                '&:focus-visible': {
                                                    outline: '2px solid',
                                                    outlineColor: 'primary.main',
                                                    outlineOffset: '-2px',
                                                },
                                            }}
                                        >
                                            {day.day}
                                        </ButtonBase>
                                    </Box>
                                );
                            })}
                        </tr>
                    ))}
                </tbody>
            </Box>
        </Box>
    );
}
