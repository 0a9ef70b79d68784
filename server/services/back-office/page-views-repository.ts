import {
    and,
    asc,
    count,
    desc,
    eq,
    gte,
    ilike,
    lt,
    lte,
    type AnyColumn,
    type SQL,
} from 'drizzle-orm';
import type {
    PageView,
    PageViewFilter,
    PageViewRecord,
    PageViewSortField,
} from '../../../domain/contracts/page-views.js';
import { analyticsRoleNames, isInternalEmail } from '../../../domain/pageViews.js';
import type { Caller } from '../../access/caller-repository.js';
import type { Queryable } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { pageViews } from '../../db/schema/index.js';
import type { ListParams } from '../../shared/simple-rest.js';

/**
 * Records a page change seen by `viewer` with their organisation and role names, never the
 * viewer; nothing when the viewer's e-mail is in one of `internalEmailDomains` (shell §9).
 */
export async function trackPageView(
    db: Queryable,
    view: PageView,
    viewer: Pick<Caller, 'email' | 'tenantId' | 'assignments'>,
    internalEmailDomains: readonly string[],
): Promise<void> {
    if (isInternalEmail(viewer.email, internalEmailDomains)) return;
    await recordPageView(db, view, {
        tenantId: viewer.tenantId,
        roles: analyticsRoleNames(viewer.assignments.map((assignment) => assignment.role)),
    });
}

/** Stores one page view with the viewer's organisation and role names, never the viewer. */
async function recordPageView(
    db: Queryable,
    view: PageView,
    viewer: { tenantId: string | null; roles: string[] },
): Promise<void> {
    await db.insert(pageViews).values({
        id: newId(),
        path: view.path,
        routeName: view.routeName ?? null,
        language: view.language,
        screen: view.screen,
        tenantId: viewer.tenantId,
        roles: viewer.roles,
    });
}

const sortColumns: Record<PageViewSortField, AnyColumn> = {
    occurredAt: pageViews.occurredAt,
    path: pageViews.path,
    routeName: pageViews.routeName,
    language: pageViews.language,
    screen: pageViews.screen,
    tenantId: pageViews.tenantId,
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

function whereClause(filter: PageViewFilter): SQL | undefined {
    const search = filter.q?.trim();
    // A plain date in `to` includes that whole (UTC) day.
    const to =
        filter.to === undefined
            ? undefined
            : DATE_ONLY.test(filter.to)
              ? lt(pageViews.occurredAt, new Date(Date.parse(filter.to) + DAY_MS))
              : lte(pageViews.occurredAt, new Date(filter.to));
    return and(
        search ? ilike(pageViews.path, `%${escapeLike(search)}%`) : undefined,
        filter.tenantId ? eq(pageViews.tenantId, filter.tenantId) : undefined,
        filter.language ? eq(pageViews.language, filter.language) : undefined,
        filter.from ? gte(pageViews.occurredAt, new Date(filter.from)) : undefined,
        to,
    );
}

/** One page of the recorded page views, and how many match in total. */
export async function listPageViews(
    db: Queryable,
    params: ListParams<PageViewSortField, PageViewFilter>,
): Promise<{ rows: PageViewRecord[]; total: number }> {
    const where = whereClause(params.filter);
    const direction = params.sort.order === 'ASC' ? asc : desc;
    const [rows, totals] = await Promise.all([
        db
            .select()
            .from(pageViews)
            .where(where)
            .orderBy(
                direction(sortColumns[params.sort.field]),
                direction(pageViews.occurredAt),
                asc(pageViews.id),
            )
            .limit(params.limit)
            .offset(params.offset),
        db.select({ total: count() }).from(pageViews).where(where),
    ]);
    return {
        rows: rows.map((row) => ({ ...row, occurredAt: row.occurredAt.toISOString() })),
        total: totals[0]?.total ?? 0,
    };
}
