import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authErrors } from '../../../domain/contracts/common.js';
import { NotificationStatistics, StatisticsQuery } from '../../../domain/contracts/statistics.js';
import { queryPath, signedIn } from '../../access/route-access.js';
import { notificationStatistics, READ_ADDRESS_CORRECTIONS } from './statistics-repository.js';

/**
 * `GET /statistics?path=` (shell §2.9, §7): the navigation drawer's notification counts for a
 * scope path. A path outside the caller's scopes is 403 NO_DATA_PERMISSION (as an unknown one);
 * inside them, each count covers only where the caller holds the feature it belongs to.
 */
export const statisticsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    fastify.get(
        '/statistics',
        {
            config: {
                access: signedIn({
                    rows: 'scopeTree',
                    within: queryPath('path'),
                    outside: 'refuse',
                }),
            },
            schema: {
                tags: ['back-office'],
                summary: `Notification counts under a scope path: pending address corrections where the caller holds ${READ_ADDRESS_CORRECTIONS}`,
                querystring: StatisticsQuery,
                response: { 200: NotificationStatistics, ...authErrors },
            },
        },
        async (request) =>
            notificationStatistics(
                fastify.db,
                request.caller.actions,
                request.access.scopes,
                request.access.path,
            ),
    );
};
