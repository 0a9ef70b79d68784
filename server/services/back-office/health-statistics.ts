import type { HealthStatistics } from '../../../domain/contracts/health.js';
import { healthDay } from '../../../domain/healthStatus.js';
import type { ScopeSet } from '../../access/scopes.js';
import type { Queryable } from '../../db/client.js';
import { badRequest } from '../../errors.js';
import {
    findHealthDepot,
    findHealthTenant,
    healthStatistics,
    type HealthArea,
} from './health-repository.js';

/** 400 naming `/params/date`: neither `today` nor an existing `YYYY-MM-DD` date. */
export function invalidDate(date: string) {
    return badRequest(`/params/date must be an existing date (YYYY-MM-DD) or "today"`, [
        { field: '/params/date', message: `${date} is not a date` },
    ]);
}

/** The statistics of `area` on `date`; `today` is the day in `timeZone`. */
async function statisticsOn(
    db: Queryable,
    area: HealthArea,
    date: string,
    timeZone: string,
): Promise<HealthStatistics> {
    const day = healthDay(date, new Date(), timeZone);
    if (!day) throw invalidDate(date);
    return healthStatistics(db, area, day);
}

/** A depot's health statistics on `date`; undefined when the depot is unknown or outside `scopes`. */
export async function depotHealth(
    db: Queryable,
    scopes: ScopeSet,
    internalDepotId: string,
    date: string,
): Promise<HealthStatistics | undefined> {
    const depot = await findHealthDepot(db, scopes, internalDepotId);
    if (!depot) return undefined;
    return statisticsOn(db, { depotId: depot.internalDepotId }, date, depot.timeZone);
}

/**
 * An organisation's health statistics on `date` over the depots under `scopes`; `today` is the
 * day in the organisation's time zone. Undefined when the organisation is unknown.
 */
export async function tenantHealth(
    db: Queryable,
    scopes: ScopeSet,
    tenantId: string,
    date: string,
): Promise<HealthStatistics | undefined> {
    const tenant = await findHealthTenant(db, tenantId);
    if (!tenant) return undefined;
    return statisticsOn(db, { tenantId: tenant.id, scopes }, date, tenant.timeZone);
}
