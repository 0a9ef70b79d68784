import { useMemo } from 'react';
import { useLocaleState } from 'react-admin';
import { EMPTY_VALUE, type Formatters } from '../../../domain/formatting';

/** The language's short word for minutes ("min", "Min.", "perc"), from the browser's Intl data. */
function minuteUnit(locale: string): string {
    try {
        const parts = new Intl.NumberFormat(locale, {
            style: 'unit',
            unit: 'minute',
            unitDisplay: 'short',
        }).formatToParts(5);
        return parts.find((part) => part.type === 'unit')?.value ?? 'min';
    } catch {
        return 'min';
    }
}

/**
 * Minutes as text: the number in the user's number format and the language's unit (`42 min`);
 * a dash when unknown. `signed` writes a + before a positive number (a start delay).
 */
export function useMinutes(formatters: Formatters) {
    const [locale] = useLocaleState();
    return useMemo(() => {
        const unit = minuteUnit(locale);
        return (value: number | null | undefined, signed = false) =>
            value === null || value === undefined
                ? EMPTY_VALUE
                : `${signed && value > 0 ? '+' : ''}${formatters.number(value)} ${unit}`;
    }, [locale, formatters]);
}
