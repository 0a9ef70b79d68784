import { and, asc, between, count, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
    TOUR_LIST_MAX_DAYS,
    type TourFilter,
    type TourListItem,
    type TourSortField,
} from '../../../domain/contracts/tours.js';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.js';
import { preparedStatement } from '../../db/prepared.js';
import { depots, subcontractors, tenants, tours, users, vehicles } from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';
import type { ListParams } from '../../shared/simple-rest.js';

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const isRealDay = (day: string) =>
    Number.isFinite(dayNumber(day)) &&
    new Date(dayNumber(day) * DAY_MS).toISOString().slice(0, 10) === day;

/**
 * The days a tour list reads: `date`, or `from` to `to` (both included, at most
 * TOUR_LIST_MAX_DAYS days). A list without a date is refused, so no read spans the history.
 */
function tourDateRange(filter: TourFilter): { from: string; to: string } {
    const bad = (field: string, message: string) =>
        badRequest(`filter/${field} ${message}`, [
            { field: `/querystring/filter/${field}`, message },
        ]);
    if (filter.date !== undefined) {
        if (filter.from !== undefined || filter.to !== undefined)
            throw bad('date', 'cannot be combined with from and to');
        if (!isRealDay(filter.date)) throw bad('date', 'must be a calendar day');
        return { from: filter.date, to: filter.date };
    }
    if (filter.from === undefined) throw bad('from', 'is required (or date)');
    if (filter.to === undefined) throw bad('to', 'is required with from');
    if (!isRealDay(filter.from)) throw bad('from', 'must be a calendar day');
    if (!isRealDay(filter.to)) throw bad('to', 'must be a calendar day');
    const days = dayNumber(filter.to) - dayNumber(filter.from) + 1;
    if (days < 1) throw bad('to', 'must not be before from');
    if (days > TOUR_LIST_MAX_DAYS)
        throw bad('to', `must be at most ${TOUR_LIST_MAX_DAYS} days after from, both included`);
    return { from: filter.from, to: filter.to };
}

/** Depot numbers and tour numbers sort naturally ("9" before "10"). */
const natural = (column: SQLWrapper) => sql`lpad(${column}, 20, '0')`;
const progress = sql`case when ${tours.waypointsTotal} = 0 then 0 else ${tours.waypointsDone}::float8 / ${tours.waypointsTotal} end`;

const sortExpressions: Record<TourSortField, SQLWrapper> = {
    tourDate: tours.tourDate,
    tourNumber: natural(tours.tourNumber),
    depot: natural(depots.externalDepotId),
    state: tours.state,
    progress,
    startedAt: tours.startedAt,
    finishedAt: tours.finishedAt,
};

/** The tie-breakers of every sort: date, depot, tour number, id. */
const defaultOrder = [
    asc(tours.tourDate),
    asc(sortExpressions.depot),
    asc(sortExpressions.tourNumber),
    asc(tours.id),
];

/** The list row's columns; the detail adds its own. */
const tourRowColumns = {
    id: tours.id,
    tourDate: tours.tourDate,
    tourNumber: tours.tourNumber,
    tenantId: tours.tenantId,
    tenantName: tenants.name,
    depotId: tours.depotId,
    depotExternalId: depots.externalDepotId,
    depotName: depots.name,
    depotTimeZone: depots.timeZone,
    vehicleNumber: vehicles.number,
    driverFirstName: users.firstName,
    driverLastName: users.lastName,
    subcontractorName: subcontractors.name,
    tourType: tours.tourType,
    sequenceOptimisation: tours.sequenceOptimisation,
    state: tours.state,
    plannedStart: tours.plannedStart,
    startedAt: tours.startedAt,
    finishedAt: tours.finishedAt,
    waypointsDone: tours.waypointsDone,
    waypointsTotal: tours.waypointsTotal,
    jobsSuccessful: tours.jobsSuccessful,
    jobsFailed: tours.jobsFailed,
    jobsTotal: tours.jobsTotal,
    distanceMetres: tours.distanceMetres,
    lastEventAt: tours.lastEventAt,
    projectedFinishAt: tours.projectedFinishAt,
};

/**
 * Tours with their organisation, depot, vehicle, driver and subcontractor (the list's columns,
 * plus the few the detail adds: the columns of joined rows cost nothing more).
 */
export const selectTourRows = <Extra extends SelectedFields = Record<never, never>>(
    db: Queryable,
    extra?: Extra,
) =>
    db
        .select({
            ...tourRowColumns,
            vehicleId: tours.vehicleId,
            sequenceFidelity: tours.sequenceFidelity,
            depotLatitude: depots.latitude,
            depotLongitude: depots.longitude,
            ...(extra as Extra),
        })
        .from(tours)
        .innerJoin(tenants, eq(tenants.id, tours.tenantId))
        .innerJoin(depots, eq(depots.internalDepotId, tours.depotId))
        .innerJoin(vehicles, eq(vehicles.id, tours.vehicleId))
        .leftJoin(users, eq(users.id, tours.driverId))
        .leftJoin(subcontractors, eq(subcontractors.id, tours.subcontractorId));

type TourRow = Awaited<ReturnType<typeof selectTourRows>>[number];

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** A stored row as the wire shape. */
export function tourListItem(row: TourRow): TourListItem {
    return {
        id: row.id,
        tourDate: row.tourDate,
        tourNumber: row.tourNumber,
        organisation: { id: row.tenantId, name: row.tenantName },
        depot: {
            id: row.depotId,
            externalId: row.depotExternalId,
            name: row.depotName,
            timeZone: row.depotTimeZone,
        },
        vehicleNumber: row.vehicleNumber,
        driverName:
            row.driverFirstName === null
                ? null
                : `${row.driverFirstName} ${row.driverLastName ?? ''}`.trim(),
        subcontractorName: row.subcontractorName,
        tourType: row.tourType,
        sequenceOptimisation: row.sequenceOptimisation,
        state: row.state,
        plannedStart: iso(row.plannedStart),
        startedAt: iso(row.startedAt),
        finishedAt: iso(row.finishedAt),
        waypointsDone: row.waypointsDone,
        waypointsTotal: row.waypointsTotal,
        jobsSuccessful: row.jobsSuccessful,
        jobsFailed: row.jobsFailed,
        jobsTotal: row.jobsTotal,
        distanceMetres: row.distanceMetres,
        lastEventAt: iso(row.lastEventAt),
        projectedFinishAt: iso(row.projectedFinishAt),
    };
}

/** What a list query's text depends on: the sort and which filters are given (their values are parameters). */
interface ListShape {
    sort: TourSortField;
    order: 'ASC' | 'DESC';
    oneDay: boolean;
    tenant: boolean;
    depot: boolean;
    tourType: boolean;
    state: boolean;
}

const placeholder = sql.placeholder;

function whereOf(shape: ListShape): SQL | undefined {
    return and(
        shape.oneDay
            ? eq(tours.tourDate, placeholder('from'))
            : between(tours.tourDate, placeholder('from'), placeholder('to')),
        shape.tenant ? eq(tours.tenantId, placeholder('tenantId')) : undefined,
        shape.depot ? eq(tours.depotId, placeholder('depotId')) : undefined,
        shape.tourType ? eq(tours.tourType, placeholder('tourType')) : undefined,
        shape.state ? eq(tours.state, placeholder('state')) : undefined,
    );
}

/**
 * The statements of a tour list page of one shape, prepared once: its rows with how many match
 * (one statement: a window count over the filtered tours, which the sort reads whole anyway),
 * and the count alone for a page past the end. The filters are all on `tours`: a depot's days
 * read `tours_depot_date_number_key`, an organisation's `tours_tenant_date_idx`, every
 * organisation's `tours_date_idx`. The page's ids are found first (tours and depots only), and
 * only its rows are joined with the rest.
 */
function listStatements(db: Queryable, shape: ListShape) {
    const name = [
        'tour_list',
        shape.sort,
        shape.order,
        shape.oneDay ? 'day' : 'range',
        ...(['tenant', 'depot', 'tourType', 'state'] as const).filter((key) => shape[key]),
    ].join('_');
    return preparedStatement(db, name, (prepared) => {
        const where = whereOf(shape);
        const sorted = sortExpressions[shape.sort];
        // Tours not started (or not finished) come last in both directions.
        const nullsLast = shape.sort === 'startedAt' || shape.sort === 'finishedAt';
        const order = [
            nullsLast
                ? sql`${sorted} ${sql.raw(shape.order)} nulls last`
                : (shape.order === 'ASC' ? asc : desc)(sorted),
            ...defaultOrder,
        ];
        const page = prepared
            .select({ id: tours.id, total: sql<number>`count(*) over ()`.as('total') })
            .from(tours)
            .innerJoin(depots, eq(depots.internalDepotId, tours.depotId))
            .where(where)
            .orderBy(...order)
            .limit(placeholder('limit'))
            .offset(placeholder('offset'))
            .as('page');
        return {
            rows: selectTourRows(prepared, { total: page.total })
                .innerJoin(page, eq(page.id, tours.id))
                .orderBy(...order)
                .prepare(`${name}_rows`),
            total: prepared
                .select({ total: count() })
                .from(tours)
                .where(where)
                .prepare(`${name}_total`),
        };
    });
}

/** One page of the tours of every organisation on a day or a range of days, and how many match. */
export async function listTours(
    db: Queryable,
    params: ListParams<TourSortField, TourFilter>,
): Promise<{ rows: TourListItem[]; total: number }> {
    const { filter } = params;
    const { from, to } = tourDateRange(filter);
    const statements = listStatements(db, {
        sort: params.sort.field,
        order: params.sort.order,
        oneDay: from === to,
        tenant: filter.tenantId !== undefined,
        depot: filter.depotId !== undefined,
        tourType: filter.tourType !== undefined,
        state: filter.state !== undefined,
    });
    const values = { ...filter, from, to, limit: params.limit, offset: params.offset };
    const rows = await statements.rows.execute(values);
    // A page past the end has no row to carry the count.
    const total =
        rows[0] !== undefined
            ? Number(rows[0].total)
            : params.offset > 0
              ? ((await statements.total.execute(values))[0]?.total ?? 0)
              : 0;
    return { rows: rows.map(tourListItem), total };
}
