import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import DateRangeIcon from '@mui/icons-material/DateRange';
import { Box, IconButton, InputAdornment, Popover, TextField } from '@mui/material';
import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { DateRangeCalendar } from './DateRangeCalendar';
import { addDays, type IsoDate } from './dateRange';

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

interface DayPickerProps {
    /** The field's name. */
    label: string;
    value: IsoDate;
    /** `value` as the user's settings write a date. */
    text: string;
    /** The last day that can be chosen (the depot's today). */
    max: IsoDate;
    onChange: (date: IsoDate) => void;
}

/**
 * One day, for pages that look at a single date: the shared month calendar
 * (./DateRangeCalendar.tsx) in a popover, where one pick chooses the day and closes it, and
 * buttons for the day before and the day after. Days after `max` cannot be chosen. The field
 * opens the calendar on a click, Enter, Space or Arrow Down.
 */
export function DayPicker({ label, value, text, max, onChange }: DayPickerProps) {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const [anchor, setAnchor] = useState<HTMLElement | null>(null);
    const [focusDate, setFocusDate] = useState<IsoDate>(value);
    const open = (event: MouseEvent<HTMLElement> | KeyboardEvent<HTMLElement>) => {
        setFocusDate(value);
        setAnchor(
            event.currentTarget.closest<HTMLElement>('.MuiFormControl-root') ?? event.currentTarget,
        );
    };
    const choose = (date: IsoDate) => {
        if (date !== value) onChange(date);
    };
    return (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <IconButton
                aria-label={translate('app.dayPicker.previousDay')}
                onClick={() => choose(addDays(value, -1))}
            >
                <ChevronLeft />
            </IconButton>
            <TextField
                label={label}
                value={text}
                size="small"
                onClick={open}
                sx={{ width: { xs: 170, sm: 200 } }}
                slotProps={{
                    htmlInput: {
                        readOnly: true,
                        'aria-haspopup': 'dialog',
                        onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
                            if (!OPEN_KEYS.has(event.key)) return;
                            event.preventDefault();
                            open(event);
                        },
                    },
                    input: {
                        endAdornment: (
                            <InputAdornment position="end">
                                <IconButton
                                    edge="end"
                                    aria-label={translate('app.dayPicker.pickDay')}
                                    aria-haspopup="dialog"
                                    // The field itself is the keyboard's way in; one tab stop.
                                    tabIndex={-1}
                                >
                                    <DateRangeIcon />
                                </IconButton>
                            </InputAdornment>
                        ),
                    },
                }}
            />
            <IconButton
                aria-label={translate('app.dayPicker.nextDay')}
                disabled={value >= max}
                onClick={() => choose(addDays(value, 1))}
            >
                <ChevronRight />
            </IconButton>
            <Popover
                open={Boolean(anchor)}
                anchorEl={anchor}
                onClose={() => setAnchor(null)}
                anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
                slotProps={{ paper: { role: 'dialog', 'aria-label': label } }}
            >
                <DateRangeCalendar
                    locale={locale}
                    value={{ from: value, to: value }}
                    pending={undefined}
                    max={max}
                    focusDate={focusDate}
                    onFocusDate={setFocusDate}
                    onPick={(date) => {
                        setAnchor(null);
                        choose(date);
                    }}
                />
            </Popover>
        </Box>
    );
}
