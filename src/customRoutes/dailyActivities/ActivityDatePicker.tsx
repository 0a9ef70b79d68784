import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import DateRangeIcon from '@mui/icons-material/DateRange';
import { Box, IconButton, InputAdornment, Popover, TextField } from '@mui/material';
import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { Formatters } from '../../../domain/formatting';
import { DateRangeCalendar } from '../../controls/DateRangeCalendar';
import { addDays, type IsoDate } from '../../controls/dateRange';

const key = 'app.dailyActivities';
const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

interface ActivityDatePickerProps {
    date: IsoDate;
    /** The depot's today: no later day can be chosen. */
    max: IsoDate;
    onChange: (date: IsoDate) => void;
    formatters: Formatters;
}

/**
 * The day shown: the shared month calendar (src/controls/DateRangeCalendar) in a popover, where
 * one pick chooses the day (a page of one day has no range), and buttons for the day before and
 * after. The field shows the day in the user's date format.
 */
export function ActivityDatePicker({ date, max, onChange, formatters }: ActivityDatePickerProps) {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const [anchor, setAnchor] = useState<HTMLElement | null>(null);
    const [focusDate, setFocusDate] = useState<IsoDate>(date);
    const label = translate(`${key}.date`);
    const open = (event: MouseEvent<HTMLElement> | KeyboardEvent<HTMLElement>) => {
        setFocusDate(date);
        setAnchor(
            event.currentTarget.closest<HTMLElement>('.MuiFormControl-root') ?? event.currentTarget,
        );
    };
    return (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <IconButton
                aria-label={translate(`${key}.previousDay`)}
                onClick={() => onChange(addDays(date, -1))}
            >
                <ChevronLeft />
            </IconButton>
            <TextField
                label={label}
                value={formatters.date(date)}
                size="small"
                onClick={open}
                sx={{ width: 170 }}
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
                                <DateRangeIcon aria-hidden fontSize="small" />
                            </InputAdornment>
                        ),
                    },
                }}
            />
            <IconButton
                aria-label={translate(`${key}.nextDay`)}
                disabled={date >= max}
                onClick={() => onChange(addDays(date, 1))}
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
                    value={{ from: date, to: date }}
                    pending={undefined}
                    max={max}
                    focusDate={focusDate}
                    onFocusDate={setFocusDate}
                    onPick={(picked) => {
                        setAnchor(null);
                        onChange(picked);
                    }}
                />
            </Popover>
        </Box>
    );
}
