/**
 * The tracking dashboard (domain §2 `betterTracking`, §9; issue 16 part 5): a depot's tours by
 * RTT category over 15 ISO weeks, the trend of the last 2 working days and the tours Blocked on
 * the latest of them, with why. `GET /tour-commander/v1/rtt-dashboard?path=&date=` (r:rtt-dashboard).
 * The categories are computed by domain/rttDashboard.ts.
 */
import { Type, type Static } from 'typebox';
import { missedWindowCauses } from '../missedWindowCauses.js';
import { rttCategories } from '../rtt.js';
import { DepotTourQuery } from './depot-tours.js';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const OptionalText = Type.Union([Type.String(), Type.Null()]);
const OptionalNumber = Type.Union([Type.Number(), Type.Null()]);
const Count = Type.Integer({ minimum: 0 });

/** The depot (`path`) and the last day shown; without `date`, the depot's today (never later). */
export const RttDashboardQuery = Type.Object(
    {
        path: DepotTourQuery.properties.path,
        date: Type.Optional(Day),
    },
    { additionalProperties: false },
);
export type RttDashboardQuery = Static<typeof RttDashboardQuery>;

/** Tours per category; NONE: no measured stop in the 7 days. */
export const RttCategoryCounts = Type.Object({
    GOOD: Count,
    MEDIUM: Count,
    BLOCKED: Count,
    NONE: Count,
});
export type RttCategoryCounts = Static<typeof RttCategoryCounts>;

/** One ISO week: its tours (one per tour and day) by the category of their day. */
export const RttWeek = Type.Object({
    /** ISO week-numbering year and week (1–53). */
    year: Type.Integer(),
    week: Type.Integer({ minimum: 1, maximum: 53 }),
    /** Its Monday. */
    from: Day,
    /** Its Sunday, or the date asked for in the date's own week. */
    to: Day,
    tours: Count,
    counts: RttCategoryCounts,
});
export type RttWeek = Static<typeof RttWeek>;

/** A working day of the trend tiles. */
export const RttTrendDay = Type.Object({
    date: Day,
    tours: Count,
    counts: RttCategoryCounts,
    /** Stop-weighted mean ETA deviation of the day's tours, minutes (one decimal). */
    averageDeviationMinutes: OptionalNumber,
    measuredStops: Count,
});
export type RttTrendDay = Static<typeof RttTrendDay>;

/** The latest working day against the one before: latest minus previous. */
const RttTrendChange = Type.Object({
    counts: Type.Object({
        GOOD: Type.Integer(),
        MEDIUM: Type.Integer(),
        BLOCKED: Type.Integer(),
        NONE: Type.Integer(),
    }),
    averageDeviationMinutes: OptionalNumber,
});

/** Domain §9: the last 2 working days (Monday to Saturday with tours) up to the date. */
export const RttTrend = Type.Object({
    latest: Type.Union([RttTrendDay, Type.Null()]),
    previous: Type.Union([RttTrendDay, Type.Null()]),
    /** Null unless both days exist. */
    change: Type.Union([RttTrendChange, Type.Null()]),
});
export type RttTrend = Static<typeof RttTrend>;

/** A tour Blocked on the day, and why (its recipients get no RTT e-mail, domain §9). */
export const RttBlockedTour = Type.Object({
    id: Type.String(),
    tourNumber: Type.String(),
    vehicleNumber: OptionalText,
    driverName: OptionalText,
    subcontractorName: OptionalText,
    /** MEDIUM: a Medium tour shown Blocked for its bad day. */
    sevenDayCategory: Type.Enum(rttCategories),
    sevenDayAverageMinutes: Type.Number(),
    /** The measured stops the 7-day average is over. */
    sevenDayStops: Count,
    dayAverageMinutes: OptionalNumber,
    dayStops: Count,
    nightEtas: Count,
    missedWindows: Count,
    /** The most frequent cause of the day's missed windows (first in the causes' order on a tie). */
    mainMissedWindowCause: Type.Union([Type.Enum(missedWindowCauses), Type.Null()]),
    mainMissedWindowCauseCount: Count,
    /** Done stops left out of the ETA accuracy (docs/analytics.md, not-considered reasons). */
    notConsidered: Count,
});
export type RttBlockedTour = Static<typeof RttBlockedTour>;

export const RttDashboard = Type.Object({
    depot: Type.Object({
        id: Type.String(),
        externalId: Type.String(),
        name: Type.String(),
        timeZone: Type.String(),
    }),
    /** The last day shown. */
    date: Day,
    /** The depot's today (the latest date that may be asked for). */
    today: Day,
    /** RTT_DASHBOARD_WEEKS weeks, oldest first, the date's week last. */
    weeks: Type.Array(RttWeek),
    trend: RttTrend,
    blocked: Type.Object({
        /** The latest working day (null without any). */
        date: Type.Union([Day, Type.Null()]),
        tours: Type.Array(RttBlockedTour),
    }),
});
export type RttDashboard = Static<typeof RttDashboard>;
