import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { authErrors, SimpleRestQuery } from '../../../domain/contracts/common.js';
import {
    PageView,
    PageViewFilter,
    PageViewRecord,
    pageViewSortFields,
} from '../../../domain/contracts/page-views.js';
import { requireAction, signedIn } from '../../access/route-access.js';
import { badRequest } from '../../errors.js';
import { contentRange, parseListQuery } from '../../shared/simple-rest.js';
import { listPageViews, trackPageView } from './page-views-repository.js';

export interface AnalyticsOptions {
    /** E-mail domains of the product's own staff: their page views are never stored (shell §9). */
    internalEmailDomains: readonly string[];
}

/** A page view is a few hundred bytes; anything much larger is refused before it is parsed. */
const PAGE_VIEW_BODY_LIMIT = 2048;

function parsePageViewFilter(raw: Record<string, unknown>): PageViewFilter {
    const first = Value.Errors(PageViewFilter, raw)[0];
    const field = first
        ? first.keyword === 'additionalProperties'
            ? `/${String((first.params as { additionalProperties?: unknown }).additionalProperties ?? '')}`
            : first.instancePath
        : undefined;
    if (first && field !== undefined)
        throw badRequest(`filter${field} ${first.message}`, [
            { field: `/querystring/filter${field}`, message: first.message },
        ]);
    const filter = raw as PageViewFilter;
    for (const key of ['from', 'to'] as const) {
        const value = filter[key];
        if (value !== undefined && Number.isNaN(Date.parse(value))) {
            throw badRequest(`filter/${key} is not a date`, [
                {
                    field: `/querystring/filter/${key}`,
                    message: 'must be an ISO date or date-time',
                },
            ]);
        }
    }
    return filter;
}

/**
 * The product's own analytics sink (shell §2.8, §6, §9): page changes are recorded only with
 * consent (the body must say so) and never for internal e-mail domains; a record names the
 * organisation and role names of the viewer, never the viewer. Admins list what was recorded.
 */
export const analyticsRoutes: FastifyPluginAsyncTypebox<AnalyticsOptions> = async (
    fastify,
    options,
) => {
    fastify.post(
        '/analytics/page-views',
        {
            bodyLimit: PAGE_VIEW_BODY_LIMIT,
            config: { access: signedIn({ rows: 'own' }) },
            schema: {
                tags: ['back-office'],
                summary:
                    'Records a page change (with analytics consent); nothing is stored for internal e-mail domains',
                body: PageView,
                response: { 204: Type.Null(), ...authErrors },
            },
        },
        async (request, reply) => {
            await trackPageView(
                fastify.db,
                request.body,
                request.caller,
                options.internalEmailDomains,
            );
            return reply.code(204).send(null);
        },
    );

    fastify.get(
        '/analytics/page-views',
        {
            config: { access: requireAction('admin', { context: 'admin' }) },
            schema: {
                tags: ['back-office'],
                summary:
                    'Recorded page views, newest first: sortable, paginated (range), filtered by q (path), tenantId, language, from, to',
                querystring: SimpleRestQuery,
                response: { 200: Type.Array(PageViewRecord), ...authErrors },
            },
        },
        async (request, reply) => {
            const params = parseListQuery(
                request.query,
                pageViewSortFields,
                'occurredAt',
                parsePageViewFilter,
            );
            if (!request.query.sort) params.sort.order = 'DESC';
            const { rows, total } = await listPageViews(fastify.db, params);
            reply.header(
                'content-range',
                contentRange('page-views', params.offset, rows.length, total),
            );
            return rows;
        },
    );
};
