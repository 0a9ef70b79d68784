import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authErrors, ErrorEnvelope } from '../../../../domain/contracts/common.js';
import { DepotTourQuery } from '../../../../domain/contracts/depot-tours.js';
import {
    TourActivityDetail,
    TourActivityList,
    TourActivityParams,
    TourActivityQuery,
    TourLocationHistory,
} from '../../../../domain/contracts/tour-activities.js';
import { calendarDateIn, isCalendarDate } from '../../../../domain/healthStatus.js';
import { queryPath, requireAction } from '../../../access/route-access.js';
import { AppError, badRequest } from '../../../errors.js';
import { depotOfPath } from '../live/live-access.js';
import { findActivity } from './activity-repository.js';
import { TOUR_ACTIVITY_ACTION, TOUR_LOCATION_HISTORY_ACTION } from './activity-rights.js';
import { readLocationHistory } from './location-history-repository.js';
import { readDayActivityList, readTourActivity } from './read-tour-activities.js';

const tags = ['tour-commander'];

const badDate = (message: string) =>
    badRequest(`date ${message}`, [{ field: '/querystring/date', message }]);
const tourNotFound = (tourId: string) =>
    new AppError(404, 'TOUR_ACTIVITY_NOT_FOUND', `Tour ${tourId} was not found.`);

/**
 * Daily activities, "Usage & analysis" (domain §2, shell §2.6 `statistics/activities/:date?`):
 * a depot's tours of a day with their figures (r:tour-activity at the depot `path`; subcontractor
 * users see their subcontractor's tours), one tour's, and its location history
 * (r:tour-location-history). The RTT category (r:rtt), the recommendations
 * (r:tour-activity-recommendations) and the full figures (r:tour-activity-full) are answered
 * only for the tours those rights cover, and the answer says which the caller holds. A tour of
 * another depot, or outside the caller's scopes, is 404 TOUR_ACTIVITY_NOT_FOUND like an unknown one.
 */
export const tourActivityRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    const { db } = fastify;
    const access = requireAction(
        TOUR_ACTIVITY_ACTION,
        { context: 'depot', path: queryPath() },
        { coverage: 'some' },
    );

    fastify.get(
        '/tour-activities',
        {
            config: { access },
            schema: {
                tags,
                summary:
                    "Every tour of the depot's day (default today at the depot) with stops, jobs, app usage, sequence fidelity and adherence, star rating; the RTT category (r:rtt), recommendations (r:tour-activity-recommendations) and the full figures (r:tour-activity-full) only with their rights",
                querystring: TourActivityQuery,
                response: { 200: TourActivityList, ...authErrors },
            },
        },
        async (request) => {
            const { path, date: asked } = request.query;
            if (asked !== undefined && !isCalendarDate(asked))
                throw badDate('must be a calendar day');
            const depot = await depotOfPath(db, path);
            const today = calendarDateIn(new Date(), depot.timeZone);
            const date = asked ?? today;
            if (date > today) throw badDate(`must not be after today at the depot (${today})`);
            return readDayActivityList(
                db,
                request.caller.actions,
                depot,
                date,
                request.access.scopes,
            );
        },
    );

    fastify.get(
        '/tour-activities/:tourId',
        {
            config: { access },
            schema: {
                tags,
                summary:
                    "One tour's activity as in the day's list, with the figures its recommendations are drawn from (r:tour-activity-recommendations)",
                params: TourActivityParams,
                querystring: DepotTourQuery,
                response: { 200: TourActivityDetail, 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const { tourId } = request.params;
            const activity = await readTourActivity(
                db,
                request.caller.actions,
                request.query.path,
                tourId,
                request.access.scopes,
            );
            if (!activity) throw tourNotFound(tourId);
            return activity;
        },
    );

    fastify.get(
        '/tour-activities/:tourId/location-history',
        {
            config: {
                access: requireAction(
                    TOUR_LOCATION_HISTORY_ACTION,
                    { context: 'depot', path: queryPath() },
                    { coverage: 'some' },
                ),
            },
            schema: {
                tags,
                summary:
                    "The tour's day on the map: its positions (at most one per 30 s), its stops with arrival and departure, the app's foreground and background stretches and its logins; raw positions are kept EVENT_RETENTION_DAYS (35 by default)",
                params: TourActivityParams,
                querystring: DepotTourQuery,
                response: { 200: TourLocationHistory, 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const { tourId } = request.params;
            const row = await findActivity(db, tourId, request.query.path, request.access.scopes);
            if (!row) throw tourNotFound(tourId);
            const history = await readLocationHistory(
                db,
                row,
                fastify.appConfig.events.retentionDays,
            );
            if (!history)
                throw new AppError(
                    404,
                    'TOUR_LOCATION_HISTORY_NOT_FOUND',
                    `Tour ${tourId} has no location history (positions are kept ${fastify.appConfig.events.retentionDays} days).`,
                );
            return history;
        },
    );
};
