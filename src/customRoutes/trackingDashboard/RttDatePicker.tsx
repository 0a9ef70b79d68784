import DateRangeIcon from '@mui/icons-material/DateRange';
import { IconButton, InputAdornment, Popover, TextField } from '@mui/material';
import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { DateRangeCalendar } from '../../controls/DateRangeCalendar';
import type { IsoDate } from '../../controls/dateRange';

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * One day picked in the shared month calendar (src/controls/DateRangeCalendar.tsx): the
 * dashboard looks at one date, so a pick closes the calendar at once. Days after `max` cannot be
 * picked. `label` and `text` are the field's name and the day as the user's settings write it.
 */
export function RttDatePicker({
    label,
    value,
    text,
    max,
    onChange,
}: {
    label: string;
    value: IsoDate;
    text: string;
    max: IsoDate;
    onChange: (date: IsoDate) => void;
}) {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const [anchor, setAnchor] = useState<HTMLElement | null>(null);
    const [focusDate, setFocusDate] = useState<IsoDate>(value);
    const open = (element: HTMLElement) => {
        setFocusDate(value);
        setAnchor(element);
    };
    const fieldAnchor = (event: MouseEvent<HTMLElement> | KeyboardEvent<HTMLElement>) =>
        event.currentTarget.closest<HTMLElement>('.MuiFormControl-root') ?? event.currentTarget;
    return (
        <>
            <TextField
                label={label}
                value={text}
                size="small"
                onClick={(event) => open(fieldAnchor(event))}
                sx={{ width: { xs: '100%', sm: 220 } }}
                slotProps={{
                    htmlInput: {
                        readOnly: true,
                        'aria-haspopup': 'dialog',
                        onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
                            if (!OPEN_KEYS.has(event.key)) return;
                            event.preventDefault();
                            open(fieldAnchor(event));
                        },
                    },
                    input: {
                        endAdornment: (
                            <InputAdornment position="end">
                                <IconButton
                                    edge="end"
                                    aria-label={translate('app.trackingDashboard.pickDay')}
                                    aria-haspopup="dialog"
                                    tabIndex={-1}
                                >
                                    <DateRangeIcon />
                                </IconButton>
                            </InputAdornment>
                        ),
                    },
                }}
            />
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
                        if (date !== value) onChange(date);
                    }}
                />
            </Popover>
        </>
    );
}
