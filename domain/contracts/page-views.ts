/**
 * The product's own page-change analytics (shell §2.8, §6, §9): what the browser sends with
 * consent, and the recorded page views as the admin list shows them.
 */
import { Type, type Static } from 'typebox';
import { languages } from '../enums.js';
import {
    PAGE_VIEW_PATH_MAX_LENGTH,
    PAGE_VIEW_ROUTE_NAME_MAX_LENGTH,
    screenClasses,
} from '../pageViews.js';

/** `POST /analytics/page-views`: sent only with analytics consent; a path without query or fragment. */
export const PageView = Type.Object(
    {
        consent: Type.Literal(true),
        path: Type.String({
            minLength: 1,
            maxLength: PAGE_VIEW_PATH_MAX_LENGTH,
            pattern: '^/[^?#]*$',
        }),
        routeName: Type.Optional(
            Type.String({ minLength: 1, maxLength: PAGE_VIEW_ROUTE_NAME_MAX_LENGTH }),
        ),
        language: Type.Enum(languages),
        screen: Type.Enum(screenClasses),
    },
    { additionalProperties: false },
);
export type PageView = Static<typeof PageView>;

/** A recorded page view as the admin list shows it (`GET /analytics/page-views`). */
export const PageViewRecord = Type.Object({
    id: Type.String(),
    occurredAt: Type.String({ format: 'date-time' }),
    path: Type.String(),
    routeName: Type.Union([Type.String(), Type.Null()]),
    language: Type.String(),
    screen: Type.Enum(screenClasses),
    tenantId: Type.Union([Type.String(), Type.Null()]),
    /** Role names with their context, e.g. `DEPOT:Standard Access (Depot)`, sorted, no duplicates. */
    roles: Type.Array(Type.String()),
});
export type PageViewRecord = Static<typeof PageViewRecord>;

/** Sortable columns of the page-view list (simple REST `sort`). */
export const pageViewSortFields = [
    'occurredAt',
    'path',
    'routeName',
    'language',
    'screen',
    'tenantId',
] as const;
export type PageViewSortField = (typeof pageViewSortFields)[number];

const IsoDate = Type.String({
    pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2}))?$',
});

/** Filters of the page-view list; `q` searches the path, `from`/`to` are ISO dates (a plain `to` date includes its day, UTC). */
export const PageViewFilter = Type.Object(
    {
        q: Type.Optional(Type.String({ maxLength: PAGE_VIEW_PATH_MAX_LENGTH })),
        tenantId: Type.Optional(Type.String({ maxLength: 100 })),
        language: Type.Optional(Type.Enum(languages)),
        from: Type.Optional(IsoDate),
        to: Type.Optional(IsoDate),
    },
    { additionalProperties: false },
);
export type PageViewFilter = Static<typeof PageViewFilter>;
