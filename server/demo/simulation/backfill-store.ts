/**
 * What the backfill reads and prepares in the database besides its rows: which depot days are
 * complete, the leftovers of an interrupted one, the references its rows make, and the day
 * partitions of its events and positions.
 */
import { addDays, unitKey, type BackfillUnit } from './backfill-model.js';
import { BACKFILL_SOURCE_KEY } from './backfill-records.js';
import { yieldToEventLoop, type BulkSession } from './backfill-session.js';

/** Serialises partition upkeep across app servers (server/services/tour-commander/partitions.ts). */
const PARTITION_LOCK_KEY = 7_140_001;

function window(units: readonly BackfillUnit[]) {
    const dates = units.map((unit) => unit.date).sort();
    return {
        depotIds: [...new Set(units.map((unit) => unit.depot.internalDepotId))],
        first: dates[0] ?? '9999-12-31',
        last: dates[dates.length - 1] ?? '0000-01-01',
    };
}

/** The depot days that have tours already. */
export async function completeDays(
    session: BulkSession,
    units: readonly BackfillUnit[],
): Promise<Set<string>> {
    if (units.length === 0) return new Set();
    const { depotIds, first, last } = window(units);
    const found = await session.query<{ depot_id: string; day: string }>(
        `select depot_id, tour_date::text as day from tours
         where depot_id = any($1::text[]) and tour_date between $2::date and $3::date
         group by depot_id, tour_date`,
        [depotIds, first, last],
    );
    return new Set(found.map((row) => unitKey(row.depot_id, row.day)));
}

/** Removes the rows of depot days that a stopped backfill began (logins, jobs, events) but did not finish. */
export async function removeInterrupted(
    session: BulkSession,
    units: readonly BackfillUnit[],
    done: ReadonlySet<string>,
): Promise<void> {
    if (units.length === 0) return;
    const { depotIds, first } = window(units);
    const begun = await session.query<{ depot_id: string; day: string; tour_ids: string[] }>(
        `select l.depot_id, (l.occurred_at at time zone d.time_zone)::date::text as day,
            array_agg(distinct l.tour_id) as tour_ids
         from driver_app_logins l join depots d on d.internal_depot_id = l.depot_id
         where l.source_key = $1 and l.depot_id = any($2::text[]) and l.occurred_at >= $3::date - 1
         group by 1, 2`,
        [BACKFILL_SOURCE_KEY, depotIds, first],
    );
    const tourIds = begun
        .filter((row) => !done.has(unitKey(row.depot_id, row.day)))
        .flatMap((row) => row.tour_ids);
    if (tourIds.length === 0) return;
    await session.transaction(async (query) => {
        const jobsOf = 'select id from jobs where tour_id = any($1::text[])';
        for (const table of ['job_statuses', 'parcels', 'job_assignments'])
            await query(`delete from ${table} where job_id in (${jobsOf})`, [tourIds]);
        for (const table of ['jobs', 'driver_app_events', 'positions'])
            await query(`delete from ${table} where tour_id = any($1::text[])`, [tourIds]);
        await query(
            'delete from driver_app_logins where source_key = $1 and tour_id = any($2::text[])',
            [BACKFILL_SOURCE_KEY, tourIds],
        );
    });
}

/**
 * The rows skip PGlite's foreign-key checks (backfill-session.ts): every depot, vehicle,
 * subcontractor and driver they name must exist.
 */
export async function checkReferences(
    session: BulkSession,
    units: readonly BackfillUnit[],
): Promise<void> {
    const depots = [
        ...new Map(units.map((unit) => [unit.depot.internalDepotId, unit.depot])).values(),
    ];
    const vehicles = depots.flatMap((depot) => depot.vehicles);
    const wanted: [string, string, string[]][] = [
        ['tenants', 'id', depots.map((depot) => depot.tenantId)],
        ['depots', 'internal_depot_id', depots.map((depot) => depot.internalDepotId)],
        ['vehicles', 'id', vehicles.map((vehicle) => vehicle.id)],
        ['subcontractors', 'id', vehicles.map((vehicle) => vehicle.subcontractorId)],
        [
            'users',
            'id',
            vehicles.flatMap((v) => [
                ...(v.regularDriverId ? [v.regularDriverId] : []),
                ...v.standInDriverIds,
            ]),
        ],
    ];
    for (const [table, column, ids] of wanted) {
        const unique = [...new Set(ids)];
        const [found] = await session.query<{ count: number }>(
            `select count(*)::int as count from ${table} where ${column} = any($1::text[])`,
            [unique],
        );
        if (found?.count !== unique.length)
            throw new Error(
                `backfill: ${unique.length - (found?.count ?? 0)} of the ${table} it names do not exist`,
            );
    }
}

/**
 * The day partitions of the days with events or positions (UTC days, one either side for the
 * time zones), a day per transaction so that reads are not held up.
 */
export async function makePartitions(
    session: BulkSession,
    units: readonly BackfillUnit[],
): Promise<void> {
    const days = units
        .filter((unit) => unit.level.events || unit.level.positions)
        .map((unit) => unit.date)
        .sort();
    if (days.length === 0) return;
    const last = addDays(days[days.length - 1] as string, 1);
    for (let day = addDays(days[0] as string, -1); day <= last; day = addDays(day, 1)) {
        await session.transaction(async (query) => {
            await query('select pg_advisory_xact_lock($1)', [PARTITION_LOCK_KEY]);
            for (const table of ['driver_app_events', 'positions'])
                await query('select make_day_partitions($1, $2::date, $2::date)', [table, day]);
        });
        await yieldToEventLoop();
    }
}
