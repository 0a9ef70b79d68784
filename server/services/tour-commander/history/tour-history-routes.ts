import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authErrors, ErrorEnvelope } from '../../../../domain/contracts/common.js';
import {
    TourHistory,
    TourHistoryParams,
    TourHistoryQuery,
} from '../../../../domain/contracts/tour-history.js';
import { DRIVEN_HISTORY_DAYS, drivenHistoryCovers } from '../../../../domain/drivenHistory.js';
import { queryPath, requireAction } from '../../../access/route-access.js';
import { AppError, notFound } from '../../../errors.js';
import { findDepotTour } from '../depot-tour-repository.js';
import { readTourHistory } from './tour-history-repository.js';

const tags = ['tour-commander'];

/** Today on the depot's calendar (YYYY-MM-DD). */
const todayIn = (timeZone: string, now = new Date()) =>
    new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);

/**
 * One tour's driven history and analysis (domain §2 Tour Driven History and Tour Analysis,
 * `tour-performance/history/v2/:tourId`): r:tour-perf at the depot (`path`; subcontractor users
 * at their subcontractor under it). A tour of another depot, or outside the caller's scopes, is
 * 404 like an unknown one; a tour older than the history's 30 days (domain §9) is 404
 * TOUR_LOCATION_HISTORY_NOT_FOUND (domain §8).
 */
export const tourHistoryRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    const { db } = fastify;
    const access = requireAction(
        'r:tour-perf',
        { context: 'depot', path: queryPath() },
        { coverage: 'some' },
    );

    fastify.get(
        '/tour-history/:tourId',
        {
            config: { access },
            schema: {
                tags,
                summary:
                    "One tour of the depot of the last 30 days: its figures, its stops with planned, suggested and driven sequence, times, not-considered reason and missed window, its driven path (one position per 15 s at most) and the app's re-orders",
                params: TourHistoryParams,
                querystring: TourHistoryQuery,
                response: { 200: TourHistory, 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const { tourId } = request.params;
            const tour = await findDepotTour(db, request.access.scopes, request.query.path, tourId);
            if (!tour) throw notFound(`Tour ${tourId}`);
            if (!drivenHistoryCovers(tour.tourDate, todayIn(tour.depotTimeZone)))
                throw new AppError(
                    404,
                    'TOUR_LOCATION_HISTORY_NOT_FOUND',
                    `The driven history covers the last ${DRIVEN_HISTORY_DAYS} days only.`,
                );
            return readTourHistory(db, tour);
        },
    );
};
