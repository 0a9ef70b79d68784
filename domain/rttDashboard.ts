/**
 * The tracking dashboard's figures (domain §9, issue 16 part 5), folded from one read of a
 * depot's tours: each tour's RTT category on its day is that of `rttOnDate` (domain/rttHistory.ts)
 * over the stored days of its tour number (the 7 days before, and the day itself for a Medium
 * tour's bad day); the tours are counted per ISO week over RTT_DASHBOARD_WEEKS weeks, per working day
 * (Monday to Saturday with a tour) for the trend tiles, and listed when Blocked on the latest
 * working day. Pure.
 */
import type {
    RttCategoryCounts,
    RttTrend,
    RttTrendDay,
    RttWeek,
} from './contracts/rtt-dashboard.js';
import { RTT_HISTORY_DAYS, rttCategory, rttCategoryToday, type RttCategory } from './rtt.js';
import { RTT_DASHBOARD_WEEKS } from './rttHistory.js';

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The calendar date `days` after `date` (negative goes back). */
const addDays = (date: string, days: number) => dateOf(dayNumber(date) + days);

/** 0 for Monday … 6 for Sunday (the week starts on Monday, shell §1). */
const weekdayOf = (date: string) => (new Date(dayNumber(date) * DAY_MS).getUTCDay() + 6) % 7;

/** Domain §9's working days: Monday to Saturday (with tours, see `foldRttDashboard`). */
export const isWorkingWeekday = (date: string) => weekdayOf(date) < 6;

/** The ISO week of `date`: its week-numbering year, number and Monday. */
export function isoWeekOf(date: string): { year: number; week: number; monday: string } {
    const monday = addDays(date, -weekdayOf(date));
    // The week belongs to the year of its Thursday; week 1 holds the year's first Thursday.
    const thursday = dayNumber(monday) + 3;
    const year = new Date(thursday * DAY_MS).getUTCFullYear();
    const week = Math.floor((thursday - Date.UTC(year, 0, 1) / DAY_MS) / 7) + 1;
    return { year, week, monday };
}

/**
 * The days the dashboard of `date` reads: `from`, the Monday RTT_DASHBOARD_WEEKS − 1 weeks before
 * the date's week, to the date; the 7 days before `from` (`historyFrom`) only as history.
 */
export function rttDashboardSpan(date: string): { historyFrom: string; from: string; to: string } {
    const from = addDays(isoWeekOf(date).monday, -7 * (RTT_DASHBOARD_WEEKS - 1));
    return { historyFrom: addDays(from, -RTT_HISTORY_DAYS), from, to: date };
}

export const rttDashboardCategories = ['GOOD', 'MEDIUM', 'BLOCKED', 'NONE'] as const;
export type RttDashboardCategory = (typeof rttDashboardCategories)[number];

/**
 * One tour on its day, as read: its stored mean ETA deviation over `stops` stops (none without
 * figures). A depot has one tour of a number a day, so date and number name it.
 */
export interface RttDashboardTour {
    date: string;
    tourNumber: string;
    /** Within the caller's scopes: counted. Others only lend their days to the tour number's history. */
    visible: boolean;
    averageMinutes: number | null;
    stops: number;
}

/** A counted tour with its category on its day and the figures behind it. */
export interface RttTourDay {
    date: string;
    tourNumber: string;
    category: RttDashboardCategory;
    sevenDayCategory: RttCategory | null;
    sevenDayAverageMinutes: number | null;
    /** The measured stops of the 7 days before. */
    sevenDayStops: number;
    dayAverageMinutes: number | null;
    dayStops: number;
}

export interface RttDashboardFold {
    weeks: RttWeek[];
    trend: RttTrend;
    /** The visible tours Blocked on the latest working day (by tour number), and that day. */
    blocked: { date: string | null; tours: RttTourDay[] };
}

const emptyCounts = (): RttCategoryCounts => ({ GOOD: 0, MEDIUM: 0, BLOCKED: 0, NONE: 0 });
const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const measured = (day: { averageMinutes: number | null; stops: number }) =>
    day.averageMinutes !== null && day.stops > 0;
const byTourNumber = (a: RttTourDay, b: RttTourDay) =>
    a.tourNumber.localeCompare(b.tourNumber, 'en', { numeric: true });

/**
 * Each visible tour of `from`…`to` with its category from the days of its tour number: the rule
 * of `rttOnDate` (domain/rttHistory.ts: the stop-weighted mean of D−7 … D−1, skipping days
 * without a measured stop; Medium turning Blocked on a day over the limit), computed on arrays
 * indexed by day so that 15 weeks of a 300-tour depot fold in milliseconds, with no date
 * arithmetic per tour.
 */
function categorise(
    rows: readonly RttDashboardTour[],
    historyFrom: string,
    from: string,
    to: string,
): RttTourDay[] {
    const first = dayNumber(historyFrom);
    const length = dayNumber(to) - first + 1;
    const indexOf = new Map<string, number>();
    for (let index = 0; index < length; index++) indexOf.set(dateOf(first + index), index);
    // Per tour number, minutes × stops and stops of each measured day.
    const history = new Map<string, { weighted: Float64Array; stops: Float64Array }>();
    for (const row of rows) {
        const index = indexOf.get(row.date);
        if (index === undefined || !measured(row)) continue;
        let days = history.get(row.tourNumber);
        if (!days) {
            days = { weighted: new Float64Array(length), stops: new Float64Array(length) };
            history.set(row.tourNumber, days);
        }
        days.weighted[index] = (row.averageMinutes ?? 0) * row.stops;
        days.stops[index] = row.stops;
    }
    const result: RttTourDay[] = [];
    for (const row of rows) {
        if (!row.visible || row.date < from || row.date > to) continue;
        const index = indexOf.get(row.date) ?? 0;
        const days = history.get(row.tourNumber);
        let minutes = 0;
        let stops = 0;
        for (let back = 1; back <= RTT_HISTORY_DAYS && days; back++) {
            minutes += days.weighted[index - back] ?? 0;
            stops += days.stops[index - back] ?? 0;
        }
        const sevenDayAverage = stops === 0 ? null : minutes / stops;
        const sevenDay = rttCategory(sevenDayAverage);
        const dayAverage = measured(row) ? row.averageMinutes : null;
        result.push({
            date: row.date,
            tourNumber: row.tourNumber,
            category: rttCategoryToday(sevenDay, dayAverage) ?? 'NONE',
            sevenDayCategory: sevenDay,
            sevenDayAverageMinutes: sevenDayAverage === null ? null : oneDecimal(sevenDayAverage),
            sevenDayStops: stops,
            dayAverageMinutes: dayAverage,
            dayStops: dayAverage === null ? 0 : row.stops,
        });
    }
    return result;
}

function trendDay(date: string, tours: readonly RttTourDay[]): RttTrendDay {
    const counts = emptyCounts();
    let minutes = 0;
    let stops = 0;
    for (const tour of tours) {
        counts[tour.category]++;
        if (tour.dayAverageMinutes === null) continue;
        minutes += tour.dayAverageMinutes * tour.dayStops;
        stops += tour.dayStops;
    }
    return {
        date,
        tours: tours.length,
        counts,
        averageDeviationMinutes: stops === 0 ? null : oneDecimal(minutes / stops),
        measuredStops: stops,
    };
}

function trendOf(latest: RttTrendDay | null, previous: RttTrendDay | null): RttTrend {
    if (!latest || !previous) return { latest, previous, change: null };
    const counts = emptyCounts();
    for (const category of rttDashboardCategories)
        counts[category] = latest.counts[category] - previous.counts[category];
    const a = latest.averageDeviationMinutes;
    const b = previous.averageDeviationMinutes;
    return {
        latest,
        previous,
        change: {
            counts,
            averageDeviationMinutes: a === null || b === null ? null : oneDecimal(a - b),
        },
    };
}

/**
 * The dashboard of `date` from the depot's tours of `rttDashboardSpan(date)` (any order): weeks
 * oldest first, the date's week cut at the date; the trend of the last 2 working days (Monday to
 * Saturday with a visible tour) up to the date; the tours Blocked on the latest of them.
 */
export function foldRttDashboard(
    rows: readonly RttDashboardTour[],
    date: string,
): RttDashboardFold {
    const { historyFrom, from } = rttDashboardSpan(date);
    const tours = categorise(rows, historyFrom, from, date);
    const weeks: RttWeek[] = Array.from({ length: RTT_DASHBOARD_WEEKS }, (_, index) => {
        const monday = addDays(from, 7 * index);
        const { year, week } = isoWeekOf(monday);
        const sunday = addDays(monday, 6);
        return {
            year,
            week,
            from: monday,
            to: sunday < date ? sunday : date,
            tours: 0,
            counts: emptyCounts(),
        };
    });
    const byDate = new Map<string, RttTourDay[]>();
    const weekIndex = new Map<string, number>();
    for (const tour of tours) {
        let index = weekIndex.get(tour.date);
        if (index === undefined) {
            index = Math.floor((dayNumber(tour.date) - dayNumber(from)) / 7);
            weekIndex.set(tour.date, index);
        }
        const week = weeks[index];
        if (week) {
            week.tours++;
            week.counts[tour.category]++;
        }
        const ofDate = byDate.get(tour.date);
        if (ofDate) ofDate.push(tour);
        else byDate.set(tour.date, [tour]);
    }
    const [latest, previous] = [...byDate.keys()]
        .filter(isWorkingWeekday)
        .sort()
        .reverse()
        .slice(0, 2)
        .map((day) => trendDay(day, byDate.get(day) ?? []));
    const blockedDate = latest?.date ?? null;
    return {
        weeks,
        trend: trendOf(latest ?? null, previous ?? null),
        blocked: {
            date: blockedDate,
            tours: (blockedDate ? (byDate.get(blockedDate) ?? []) : [])
                .filter((tour) => tour.category === 'BLOCKED')
                .sort(byTourNumber),
        },
    };
}
