/**
 * Daily activities, "Usage & analysis" (domain §2, issue 16 part 1): one row per tour of a
 * depot's day with its app usage, sequence fidelity and adherence, star rating, and by right its
 * RTT category (r:rtt), recommendations (r:tour-activity-recommendations) and the full figures
 * (r:tour-activity-full); one tour's row with the figures behind its recommendations; and its
 * location history (r:tour-location-history).
 * `GET /tour-commander/v1/tour-activities?path=&date=`, `…/tour-activities/:tourId?path=`,
 * `…/tour-activities/:tourId/location-history?path=`.
 */
import { Type, type Static } from 'typebox';
import { appUsageLevels } from '../liveStatus.js';
import { missedWindowCauses } from '../missedWindowCauses.js';
import { recommendationCodes } from '../recommendations.js';
import { rttCategories } from '../rtt.js';
import { tourStates, waypointStates } from '../tours.js';
import { DepotTourQuery } from './depot-tours.js';
import { TourParams } from './tours.js';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const Time = Type.String({ format: 'date-time' });
const OptionalTime = Type.Union([Time, Type.Null()]);
const OptionalText = Type.Union([Type.String(), Type.Null()]);
const OptionalNumber = Type.Union([Type.Number(), Type.Null()]);
const OptionalInteger = Type.Union([Type.Integer(), Type.Null()]);
const Count = Type.Integer({ minimum: 0 });

/** The depot (`path`) and the day; without `date`, the depot's today. */
export const TourActivityQuery = Type.Object(
    {
        path: DepotTourQuery.properties.path,
        date: Type.Optional(Day),
    },
    { additionalProperties: false },
);
export type TourActivityQuery = Static<typeof TourActivityQuery>;

export const TourActivityParams = TourParams;
export type TourActivityParams = Static<typeof TourActivityParams>;

/** A recommendation with the figure that raised it and its threshold (docs/analytics.md). */
export const TourRecommendation = Type.Object({
    code: Type.Enum(recommendationCodes),
    value: Type.Number(),
    threshold: Type.Number(),
});
export type TourRecommendation = Static<typeof TourRecommendation>;

/** The RTT category of the tour number on the day (r:rtt; domain/rttHistory.ts). */
export const TourActivityRtt = Type.Object({
    /** The category shown: the 7-day one, Blocked for a Medium tour with a bad day. */
    category: Type.Union([Type.Enum(rttCategories), Type.Null()]),
    sevenDayCategory: Type.Union([Type.Enum(rttCategories), Type.Null()]),
    /** Stop-weighted mean |ATA − first ETA| of the 7 days before the date, minutes, one decimal. */
    sevenDayAverageMinutes: OptionalNumber,
});
export type TourActivityRtt = Static<typeof TourActivityRtt>;

const FrameTally = Type.Object({ total: Count, missed: Count });

/** The whole day in figures (r:tour-activity-full); null where the day does not tell. */
export const TourActivityFull = Type.Object({
    logins: Count,
    loginDevices: Count,
    sequenceRequests: Count,
    /** Started minus planned start; negative: early. */
    startDelayMinutes: OptionalInteger,
    plannedStart: OptionalTime,
    startedAt: OptionalTime,
    finishedAt: OptionalTime,
    serviceMinutes: OptionalInteger,
    drivingMinutes: OptionalInteger,
    breakMinutes: OptionalInteger,
    distanceMetres: Type.Number({ minimum: 0 }),
    /** Mean |ATA − first ETA| of the day, minutes (one decimal), over `stops` considered stops. */
    etaDeviation: Type.Object({ averageMinutes: OptionalNumber, stops: Count }),
    missedWindows: Type.Object({
        total: Count,
        byCause: Type.Record(Type.String(), Count, {
            description: `By cause: ${missedWindowCauses.join(', ')}`,
        }),
    }),
});
export type TourActivityFull = Static<typeof TourActivityFull>;

/** One tour of the day: every tour of the depot, started or not. */
export const TourActivity = Type.Object({
    id: Type.String(),
    tourDate: Day,
    tourNumber: Type.String(),
    vehicleNumber: Type.String(),
    driverName: OptionalText,
    subcontractorName: OptionalText,
    state: Type.Enum(tourStates),
    waypointsDone: Count,
    waypointsTotal: Count,
    jobsSuccessful: Count,
    jobsFailed: Count,
    jobsTotal: Count,
    /** NOT_USED for a tour that did not start (no analytics of its day). */
    appUsage: Type.Enum(appUsageLevels),
    appForegroundMinutes: OptionalInteger,
    /** Share of the done stops driven in the suggested order, per cent. */
    sequenceFidelity: OptionalNumber,
    /** Sequence deviation (0 perfect, about 2/3 random), three decimals. */
    sequenceAdherence: OptionalNumber,
    /** Mean stars of the tour's consignee reviews (one decimal); null without any. */
    starRating: OptionalNumber,
    reviewCount: Count,
    /** When the day's figures were computed (a running tour's every 10 minutes); null: none yet. */
    analysedAt: OptionalTime,
    rtt: Type.Optional(TourActivityRtt),
    recommendations: Type.Optional(Type.Array(TourRecommendation)),
    full: Type.Optional(TourActivityFull),
});
export type TourActivity = Static<typeof TourActivity>;

/** Which of the extra rights the caller holds at the depot (the page shows their columns). */
export const TourActivityRights = Type.Object({
    rtt: Type.Boolean(),
    recommendations: Type.Boolean(),
    full: Type.Boolean(),
    locationHistory: Type.Boolean(),
});
export type TourActivityRights = Static<typeof TourActivityRights>;

export const TourActivityList = Type.Object({
    date: Day,
    /** The depot's time zone: the day's times are shown in it. */
    timeZone: Type.String(),
    rights: TourActivityRights,
    /** In tour number order. */
    tours: Type.Array(TourActivity),
});
export type TourActivityList = Static<typeof TourActivityList>;

/** The figures the recommendations are drawn from (r:tour-activity-recommendations). */
export const RecommendationFigures = Type.Object({
    startedBeforeSequence: Type.Boolean(),
    firstWaypointChanges: Count,
    sequenceRequests: Count,
    appForegroundMinutes: OptionalInteger,
    sequenceFidelity: OptionalNumber,
    timeFrames: Type.Object({ driver: FrameTally, system: FrameTally }),
    logins: Count,
    loginDevices: Count,
    startDelayMinutes: OptionalInteger,
    plannedStart: OptionalTime,
    startedAt: OptionalTime,
});
export type RecommendationFigures = Static<typeof RecommendationFigures>;

/** One tour's activity with what its recommendations are drawn from. */
export const TourActivityDetail = Type.Object({
    timeZone: Type.String(),
    rights: TourActivityRights,
    tour: TourActivity,
    /** With r:tour-activity-recommendations, for a tour with figures. */
    recommendationFigures: Type.Optional(RecommendationFigures),
});
export type TourActivityDetail = Static<typeof TourActivityDetail>;

/** The app's state over a stretch of the day (from APP_STATE, LOGIN and LOGOUT events). */
const appStretchStates = ['FOREGROUND', 'BACKGROUND'] as const;
export const AppStretch = Type.Object({
    state: Type.Enum(appStretchStates),
    from: Time,
    to: Time,
});
export type AppStretch = Static<typeof AppStretch>;

/** A stop as the location history shows it: where, and when the vehicle came and left. */
export const LocationHistoryStop = Type.Object({
    id: Type.String(),
    plannedSequence: Type.Integer(),
    drivenSequence: OptionalInteger,
    state: Type.Enum(waypointStates),
    latitude: OptionalNumber,
    longitude: OptionalNumber,
    street: Type.String(),
    houseNo: OptionalText,
    postcode: Type.String(),
    locality: OptionalText,
    ata: OptionalTime,
    departedAt: OptionalTime,
});
export type LocationHistoryStop = Static<typeof LocationHistoryStop>;

export const LocationHistoryLogin = Type.Object({
    at: Time,
    deviceModel: OptionalText,
    appVersion: OptionalText,
});
export type LocationHistoryLogin = Static<typeof LocationHistoryLogin>;

/** At most one position per this many seconds. */
export const LOCATION_HISTORY_SECONDS = 30;

/** A tour's day on the map (r:tour-location-history; positions are kept 35 days). */
export const TourLocationHistory = Type.Object({
    tourId: Type.String(),
    tourNumber: Type.String(),
    tourDate: Day,
    depotLocation: Type.Object({ latitude: Type.Number(), longitude: Type.Number() }),
    /** In time order, at most one per LOCATION_HISTORY_SECONDS. */
    positions: Type.Array(
        Type.Object({ at: Time, latitude: Type.Number(), longitude: Type.Number() }),
    ),
    /** In planned order. */
    stops: Type.Array(LocationHistoryStop),
    /** In time order; the last open stretch ends at the tour's finish or last event. */
    appStretches: Type.Array(AppStretch),
    logins: Type.Array(LocationHistoryLogin),
});
export type TourLocationHistory = Static<typeof TourLocationHistory>;
