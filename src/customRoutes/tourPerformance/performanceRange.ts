import { TOUR_PERFORMANCE_MAX_DAYS } from '../../../domain/contracts/tour-performance';
import { addDays, isIsoDate, type DateRange, type IsoDate } from '../../controls/dateRange';

/**
 * The days the tour performance pages show: by default the 7 days up to yesterday at the depot;
 * never after today there, at most TOUR_PERFORMANCE_MAX_DAYS days (a longer pick keeps its
 * first day and is cut). The details page carries its range in the path as `<from>_<to>`.
 */

/** Today on the depot's wall clock. */
export const depotToday = (timeZone: string, now = new Date()): IsoDate =>
    new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);

const defaultRange = (today: IsoDate): DateRange => ({
    from: addDays(today, -7),
    to: addDays(today, -1),
});

/** A picked range as the pages read it: not after today, at most the longest range. */
export function allowedRange(range: DateRange, today: IsoDate): DateRange {
    const to = range.to > today ? today : range.to;
    const from = range.from > to ? to : range.from;
    const last = addDays(from, TOUR_PERFORMANCE_MAX_DAYS - 1);
    return { from, to: to > last ? last : to };
}

/** The range of `from` and `to` (search parameters), else the default range. */
export function rangeOf(
    from: string | null | undefined,
    to: string | null | undefined,
    today: IsoDate,
): DateRange {
    return isIsoDate(from) && isIsoDate(to) && from <= to
        ? allowedRange({ from, to }, today)
        : defaultRange(today);
}

/** `<from>_<to>`, the details page's `:dates`. */
export const datesParam = (range: DateRange) => `${range.from}_${range.to}`;

/** The range of a details page's `:dates`, or undefined when it is not one. */
export function rangeOfDates(dates: string | undefined): DateRange | undefined {
    const [from, to, ...rest] = (dates ?? '').split('_');
    return rest.length === 0 && isIsoDate(from) && isIsoDate(to) && from <= to
        ? { from, to }
        : undefined;
}
