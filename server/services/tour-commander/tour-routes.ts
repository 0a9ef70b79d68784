import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { authErrors, ErrorEnvelope, SimpleRestQuery } from '../../../domain/contracts/common.js';
import {
    TourDetail,
    TourFilter,
    TourListItem,
    TourParams,
    tourSortFields,
} from '../../../domain/contracts/tours.js';
import { requireAction } from '../../access/route-access.js';
import { notFound } from '../../errors.js';
import { contentRange, filterParser, parseListQuery } from '../../shared/simple-rest.js';
import { findTourDetail } from './tour-detail-repository.js';
import { listTours } from './tour-list-repository.js';

const parseTourFilter = filterParser(TourFilter);

/**
 * The admin's tour pages (shell §2.5 `tour-commander/tour/list` and `tour/view/:tourId`): the
 * tours of every organisation, and one tour with its waypoints, jobs, events and driven path.
 * Admins only.
 */
export const tourRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    const admin = requireAction('admin', { context: 'admin' });

    fastify.get(
        '/tours',
        {
            config: { access: admin },
            schema: {
                tags: ['tour-commander'],
                summary:
                    'Tours of every organisation on a day (filter.date) or a range of at most 31 days (filter.from, filter.to); filterable by organisation, depot, type and state; sortable, paginated',
                querystring: SimpleRestQuery,
                response: { 200: Type.Array(TourListItem), ...authErrors },
            },
        },
        async (request, reply) => {
            const params = parseListQuery(
                request.query,
                tourSortFields,
                'tourDate',
                parseTourFilter,
            );
            const { rows, total } = await listTours(fastify.db, params);
            reply.header('content-range', contentRange('tours', params.offset, rows.length, total));
            return rows;
        },
    );

    fastify.get(
        '/tours/:tourId',
        {
            config: { access: admin },
            schema: {
                tags: ['tour-commander'],
                summary:
                    "One tour with its waypoints in planned order, its jobs, the vehicle's latest state, its newest 200 driver-app events and its driven path",
                params: TourParams,
                response: { 200: TourDetail, 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const tour = await findTourDetail(fastify.db, request.params.tourId);
            if (!tour) throw notFound(`Tour ${request.params.tourId}`);
            return tour;
        },
    );
};
