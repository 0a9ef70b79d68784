/** Health statistics of a depot or an organisation for one day (shell §2.1, §3, §7). */
import { Type, type Static } from 'typebox';

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
