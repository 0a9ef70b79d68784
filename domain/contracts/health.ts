/** Health statistics of a depot or an organisation for one day (shell §2.1, §3, §7). */
import { Type, type Static } from 'typebox';
import { depotHealthStates } from '../healthStatus.js';
import { BusinessHours } from './tenant-configuration.js';

/** An organisation id as the browser sends it (letters, digits, `-`, `_`). */
const TenantId = Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' });

/** `YYYY-MM-DD` or `today`; the calendar check follows in the route (400 naming `/params/date`). */
const HealthDate = Type.String({ pattern: '^(today|\\d{4}-\\d{2}-\\d{2})$' });

export const DepotHealthParams = Type.Object({
    internalDepotId: Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' }),
    date: HealthDate,
});
export type DepotHealthParams = Static<typeof DepotHealthParams>;

export const TenantHealthParams = Type.Object({ tenantId: TenantId, date: HealthDate });
export type TenantHealthParams = Static<typeof TenantHealthParams>;

/** Health statistics of a depot or tenant for one day (shell §3); null when there is no such data. */
export const HealthStatistics = Type.Object({
    lastAssignmentAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    lastStatusChangeAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type HealthStatistics = Static<typeof HealthStatistics>;

/** `GET /tenants/:tenantId/health-status`: the organisation whose depots are listed. */
export const HealthStatusParams = Type.Object({ tenantId: TenantId });
export type HealthStatusParams = Static<typeof HealthStatusParams>;

const Instant = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

/** Today's tours of a depot by state. */
export const DepotTourCounts = Type.Object({
    notStarted: Type.Integer({ minimum: 0 }),
    onRoad: Type.Integer({ minimum: 0 }),
    finished: Type.Integer({ minimum: 0 }),
});
export type DepotTourCounts = Static<typeof DepotTourCounts>;

/**
 * One depot on the health status page (shell §2.7, §9): today's figures in the depot's time zone,
 * the freshness of each data source, and the badge's rule. Times are null when there is no data.
 */
export const DepotHealthStatus = Type.Object({
    internalDepotId: Type.String(),
    externalDepotId: Type.String(),
    name: Type.String(),
    timeZone: Type.String(),
    /** Today in the depot's time zone (`YYYY-MM-DD`). */
    date: Type.String({ format: 'date' }),
    /** The last assignment to a vehicle today (the badge's first time). */
    lastAssignmentAt: Instant,
    /** The last scan or status change on a vehicle today (the badge's second time). */
    lastStatusChangeAt: Instant,
    /** The newest position of any of the depot's vehicles. */
    lastPositionAt: Instant,
    /** Data gateway: the newest assignment received for the depot, whatever its day. */
    lastImportAt: Instant,
    /** Driver apps: the newest event of any of the depot's vehicles. */
    lastAppEventAt: Instant,
    tours: DepotTourCounts,
    /** The badge's rule now: a warning, fine, or outside the hours the rule applies. */
    health: Type.Enum(depotHealthStates),
});
export type DepotHealthStatus = Static<typeof DepotHealthStatus>;

/** The organisation's health status: every depot the caller may see, and when it was computed. */
export const HealthStatus = Type.Object({
    tenantId: Type.String(),
    /** The instant the warnings were computed for. */
    checkedAt: Type.String({ format: 'date-time' }),
    /** The organisation's business hours the rule used. */
    businessHours: BusinessHours,
    depots: Type.Array(DepotHealthStatus),
});
export type HealthStatus = Static<typeof HealthStatus>;
