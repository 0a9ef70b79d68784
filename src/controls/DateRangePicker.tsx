import { IconButton, InputAdornment, Popover, TextField, Typography } from '@mui/material';
import DateRangeIcon from '@mui/icons-material/DateRange';
import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { DateRangeCalendar } from './DateRangeCalendar';
import { formatDay, pickDay, rangeOnClose, today, type DateRange, type IsoDate } from './dateRange';

export interface DateRangePickerProps {
    /** Translation key (or text) of the field's label. */
    label: string;
    value: DateRange | undefined;
    onChange: (range: DateRange) => void;
    min?: IsoDate;
    max?: IsoDate;
    disabled?: boolean;
    size?: 'small' | 'medium';
    fullWidth?: boolean;
}

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

function clamp(date: IsoDate, min: IsoDate | undefined, max: IsoDate | undefined): IsoDate {
    if (min && date < min) return min;
    if (max && date > max) return max;
    return date;
}

/**
 * A field showing a range of days that opens a month calendar (shell §4). The first pick is the
 * start, the second the end, in either order; closing after one pick gives a one-day range; the
 * single day already chosen cannot be picked again. Answers `{ from, to }` as `YYYY-MM-DD`.
 */
export function DateRangePicker({
    label,
    value,
    onChange,
    min,
    max,
    disabled,
    size = 'small',
    fullWidth = true,
}: DateRangePickerProps) {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const [anchor, setAnchor] = useState<HTMLElement | null>(null);
    const [pending, setPending] = useState<IsoDate>();
    const [focusDate, setFocusDate] = useState<IsoDate>(() =>
        clamp(value?.to ?? today(), min, max),
    );
    const text = translate(label, { _: label });

    const open = (element: HTMLElement) => {
        if (disabled) return;
        setPending(undefined);
        setFocusDate(clamp(value?.to ?? today(), min, max));
        setAnchor(element);
    };
    const close = () => {
        const single = rangeOnClose(pending);
        setPending(undefined);
        setAnchor(null);
        if (single) onChange(single);
    };
    const pick = (date: IsoDate) => {
        const next = pickDay(pending, date);
        setFocusDate(date);
        if (!next.range) {
            setPending(next.pending);
            return;
        }
        setPending(undefined);
        setAnchor(null);
        onChange(next.range);
    };

    const shown = value
        ? value.from === value.to
            ? formatDay(locale, value.from)
            : `${formatDay(locale, value.from)} – ${formatDay(locale, value.to)}`
        : '';
    const fieldAnchor = (event: MouseEvent<HTMLElement> | KeyboardEvent<HTMLElement>) =>
        event.currentTarget.closest<HTMLElement>('.MuiFormControl-root') ?? event.currentTarget;

    return (
        <>
            <TextField
                label={text}
                value={shown}
                size={size}
                fullWidth={fullWidth}
                disabled={disabled}
                onClick={(event) => open(fieldAnchor(event))}
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
                                    disabled={disabled}
                                    aria-label={translate('app.dateRange.open')}
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
                onClose={close}
                anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
                slotProps={{ paper: { role: 'dialog', 'aria-label': text } }}
            >
                <Typography variant="body2" aria-live="polite" sx={{ px: 2, pt: 1.5 }}>
                    {translate(pending ? 'app.dateRange.pickEnd' : 'app.dateRange.pickStart')}
                </Typography>
                <DateRangeCalendar
                    locale={locale}
                    value={value}
                    pending={pending}
                    min={min}
                    max={max}
                    focusDate={focusDate}
                    onFocusDate={setFocusDate}
                    onPick={pick}
                />
            </Popover>
        </>
    );
}
