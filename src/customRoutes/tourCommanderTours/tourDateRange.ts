import { TOUR_LIST_MAX_DAYS } from '../../../domain/contracts/tours';
import { addDays, type DateRange } from '../../controls/dateRange';

/**
 * The range the tour list reads for a picked range: one longer than the list reads at once
 * (TOUR_LIST_MAX_DAYS days, both ends included) keeps its first day and is cut to that length,
 * and the date field then shows the range that is listed.
 */
export function listedRange(range: DateRange): DateRange {
    const last = addDays(range.from, TOUR_LIST_MAX_DAYS - 1);
    return range.to > last ? { from: range.from, to: last } : range;
}
