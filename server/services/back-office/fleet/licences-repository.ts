import { and, count, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { AppLicenses } from '../../../../domain/contracts/fleet.js';
import type { Queryable } from '../../../db/client.js';
import { depots, driverAppLogins, subcontractors, users } from '../../../db/schema/index.js';
import { tenantSettings } from '../../../shared/field-rules.js';
import { driverAppUserTypes } from '../../../../domain/enums.js';

/** `YYYY-MM` of the month before the one `now` falls in, in `timeZone`. */
export function previousMonth(now: Date, timeZone: string): string {
    const parts = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
    }).formatToParts(now);
    const year = Number(parts.find((part) => part.type === 'year')?.value);
    const month = Number(parts.find((part) => part.type === 'month')?.value);
    const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
    return `${previous.year}-${String(previous.month).padStart(2, '0')}`;
}

/** A UTC window surely containing the whole local month (a day of margin each side for any zone). */
function utcWindow(month: string): { from: Date; to: Date } {
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    return {
        from: new Date(Date.UTC(year, monthNumber - 1, 1) - 86_400_000),
        to: new Date(Date.UTC(year, monthNumber, 1) + 86_400_000),
    };
}

/**
 * Account counting (domain §9): the peak over the days of `month` (local days of the
 * organisation's time zone) of distinct driver and courier accounts with a driver-app LOGIN, for
 * the organisation and per depot, and the account counts.
 */
async function appLicenses(
    db: Queryable,
    tenantId: string,
    timeZone: string,
    month: string,
): Promise<AppLicenses> {
    const { from, to } = utcWindow(month);
    const localDay = sql<string>`to_char(${driverAppLogins.occurredAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
    const inMonth = and(
        eq(driverAppLogins.tenantId, tenantId),
        isNotNull(driverAppLogins.userId),
        gte(driverAppLogins.occurredAt, from),
        lt(driverAppLogins.occurredAt, to),
        sql`to_char(${driverAppLogins.occurredAt} at time zone ${timeZone}, 'YYYY-MM') = ${month}`,
        inArray(users.type, [...driverAppUserTypes]),
    );
    const users_ = sql`count(distinct ${driverAppLogins.userId})::int`;
    const [daily, depotDaily, accountRows, depotRows] = await Promise.all([
        db
            .select({ day: localDay, logins: sql<number>`${users_}` })
            .from(driverAppLogins)
            .innerJoin(users, eq(users.id, driverAppLogins.userId))
            .where(inMonth)
            // By position: the day expression carries the time zone as a parameter, which GROUP BY would not match.
            .groupBy(sql`1`),
        db
            .select({
                depotId: driverAppLogins.depotId,
                day: localDay,
                logins: sql<number>`${users_}`,
            })
            .from(driverAppLogins)
            .innerJoin(users, eq(users.id, driverAppLogins.userId))
            .where(inMonth)
            .groupBy(sql`1, 2`),
        db
            .select({
                depotId: subcontractors.depotId,
                type: users.type,
                active: users.active,
                total: count(),
            })
            .from(users)
            .innerJoin(subcontractors, eq(subcontractors.id, users.subcontractorId))
            .where(
                and(
                    eq(subcontractors.tenantId, tenantId),
                    inArray(users.type, [...driverAppUserTypes]),
                ),
            )
            .groupBy(subcontractors.depotId, users.type, users.active),
        db
            .select({
                internalDepotId: depots.internalDepotId,
                externalDepotId: depots.externalDepotId,
                name: depots.name,
            })
            .from(depots)
            .where(eq(depots.tenantId, tenantId))
            .orderBy(depots.name, depots.internalDepotId),
    ]);
    // The peak and its day; the earliest day wins a tie.
    const peak = [...daily].sort((a, b) => b.logins - a.logins || a.day.localeCompare(b.day))[0];
    const depotPeak = new Map<string, number>();
    for (const row of depotDaily)
        depotPeak.set(row.depotId, Math.max(depotPeak.get(row.depotId) ?? 0, row.logins));
    const sum = (filter: (row: (typeof accountRows)[number]) => boolean) =>
        accountRows.filter(filter).reduce((total, row) => total + row.total, 0);
    return {
        tenantId,
        month,
        maxAppUsages: peak?.logins ?? 0,
        peakDay: peak?.day ?? null,
        accounts: {
            drivers: sum((row) => row.type === 'Driver'),
            courierAccounts: sum((row) => row.type === 'TempDriver'),
            active: sum((row) => row.active),
            inactive: sum((row) => !row.active),
        },
        depots: depotRows.map((depot) => ({
            ...depot,
            drivers: sum((row) => row.depotId === depot.internalDepotId && row.type === 'Driver'),
            courierAccounts: sum(
                (row) => row.depotId === depot.internalDepotId && row.type === 'TempDriver',
            ),
            maxAppUsages: depotPeak.get(depot.internalDepotId) ?? 0,
        })),
    };
}

/**
 * The app licences of an organisation for `month` (default: the previous calendar month in the
 * organisation's time zone); undefined when the organisation is unknown.
 */
export async function organisationAppLicenses(
    db: Queryable,
    tenantId: string,
    month: string | undefined,
): Promise<AppLicenses | undefined> {
    const settings = await tenantSettings(db, tenantId);
    if (!settings) return undefined;
    const counted = month ?? previousMonth(new Date(), settings.timeZone);
    return appLicenses(db, tenantId, settings.timeZone, counted);
}
