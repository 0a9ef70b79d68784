import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authErrors } from '../../../../domain/contracts/common.js';
import { RttDashboard, RttDashboardQuery } from '../../../../domain/contracts/rtt-dashboard.js';
import { queryPath, requireAction } from '../../../access/route-access.js';
import { depotOfPath } from '../live/live-access.js';
import { readRttDashboard } from './read-rtt-dashboard.js';

/**
 * The tracking dashboard (domain §2 `betterTracking`, §9; r:rtt-dashboard at the depot `path`,
 * subcontractor users at their subcontractor under it): the depot's tours within the caller's
 * scopes by RTT category over 15 weeks, the trend of the last 2 working days and the tours Blocked
 * on the latest of them. A path that names no depot is refused like one outside the scopes.
 */
export const rttDashboardRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    const { db } = fastify;
    fastify.get(
        '/rtt-dashboard',
        {
            config: {
                access: requireAction(
                    'r:rtt-dashboard',
                    { context: 'depot', path: queryPath() },
                    { coverage: 'some' },
                ),
            },
            schema: {
                tags: ['tour-commander'],
                summary:
                    "The depot's tours by RTT category per ISO week over 15 weeks up to the date (default the depot's today), the trend of the last 2 working days, and the tours Blocked on the latest of them with the figures behind (their recipients get no RTT e-mail)",
                querystring: RttDashboardQuery,
                response: { 200: RttDashboard, ...authErrors },
            },
        },
        async (request) => {
            const depot = await depotOfPath(db, request.query.path);
            return readRttDashboard(db, depot, request.access.scopes, request.query.date);
        },
    );
};
