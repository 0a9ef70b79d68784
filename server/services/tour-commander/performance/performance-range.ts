import { TOUR_PERFORMANCE_MAX_DAYS } from '../../../../domain/contracts/tour-performance.js';
import { badRequest } from '../../../errors.js';

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const isRealDay = (day: string) =>
    Number.isFinite(dayNumber(day)) &&
    new Date(dayNumber(day) * DAY_MS).toISOString().slice(0, 10) === day;

/** Today on the depot's wall clock (YYYY-MM-DD). */
export const depotToday = (timeZone: string, now = new Date()) =>
    new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);

/**
 * The days a tour performance request reads: `from` to `to`, both real calendar days, `to` not
 * before `from` nor after `today` (the depot's), at most TOUR_PERFORMANCE_MAX_DAYS days; else
 * 400 naming the field at fault.
 */
export function performanceRange(
    query: { from: string; to: string },
    today: string,
): { from: string; to: string } {
    const bad = (field: 'from' | 'to', message: string) =>
        badRequest(`${field} ${message}`, [{ field: `/querystring/${field}`, message }]);
    if (!isRealDay(query.from)) throw bad('from', 'must be a calendar day');
    if (!isRealDay(query.to)) throw bad('to', 'must be a calendar day');
    if (query.to < query.from) throw bad('to', 'must not be before from');
    if (query.to > today) throw bad('to', `must not be after today (${today} at the depot)`);
    const days = dayNumber(query.to) - dayNumber(query.from) + 1;
    if (days > TOUR_PERFORMANCE_MAX_DAYS)
        throw bad(
            'to',
            `must be at most ${TOUR_PERFORMANCE_MAX_DAYS} days after from, both included`,
        );
    return { from: query.from, to: query.to };
}
