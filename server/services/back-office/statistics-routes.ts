import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { grantedScopes } from '../../../domain/permissionChecks.js';
import { queryPath, signedIn } from '../../access/route-access.js';
import { authErrors } from '../../../domain/contracts/common.js';
import { intersectScopes, unionScopes } from './scope-sets.js';
import { NotificationStatistics, StatisticsQuery } from './schemas.js';
import { countPendingAddressCorrections } from './statistics-repository.js';

const READ_ADDRESS_CORRECTIONS = 'r:address-location-correction';

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
        async (request) => {
            const { actions } = request.caller;
            const corrections = intersectScopes(
                unionScopes(
                    grantedScopes(actions, READ_ADDRESS_CORRECTIONS, 'depot'),
                    grantedScopes(actions, READ_ADDRESS_CORRECTIONS, 'tenant'),
                ),
                request.access.scopes,
            );
            return {
                path: request.access.path ?? '',
                addressCorrections: {
                    pending: await countPendingAddressCorrections(fastify.db, corrections),
                },
            };
        },
    );
};
