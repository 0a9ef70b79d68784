import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { healthDay, isCalendarDate } from '../../../domain/healthStatus.js';
import { paramPath, requireAction } from '../../access/route-access.js';
import { badRequest, notFound } from '../../errors.js';
import { authErrors, ErrorEnvelope } from '../../../domain/contracts/common.js';
import {
    findHealthDepot,
    findHealthTenant,
    healthStatistics,
    type HealthArea,
} from './health-repository.js';
import { DepotHealthParams, HealthStatistics, TenantHealthParams } from './schemas.js';

const READ_HEALTH_STATUS = 'r:health-status';

function invalidDate(date: string) {
    return badRequest(`/params/date must be an existing date (YYYY-MM-DD) or "today"`, [
        { field: '/params/date', message: `${date} is not a date` },
    ]);
}

/**
 * Health statistics of a depot or an organisation for one day (shell §2.1, §3, §7): the time of
 * the last assignment to a vehicle and of the last scan on a vehicle. `today` is the day in the
 * depot's (organisation's) time zone.
 */
export const healthRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    const answer = async (area: HealthArea, date: string, timeZone: string) => {
        const day = healthDay(date, new Date(), timeZone);
        if (!day) throw invalidDate(date);
        return healthStatistics(fastify.db, area, day);
    };

    fastify.get(
        '/depots/:internalDepotId/health-statistics/:date',
        {
            config: {
                access: requireAction(
                    READ_HEALTH_STATUS,
                    { context: 'depot' },
                    { coverage: 'some' },
                ),
            },
            schema: {
                tags: ['back-office'],
                summary:
                    "A depot's last assignment to a vehicle and last scan on a vehicle on a day (YYYY-MM-DD or today)",
                description: `Needs ${READ_HEALTH_STATUS} covering the depot: a depot outside the caller's grant answers 404 like an unknown one.`,
                params: DepotHealthParams,
                response: { 200: HealthStatistics, 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const { internalDepotId, date } = request.params;
            if (date !== 'today' && !isCalendarDate(date)) throw invalidDate(date);
            const depot = await findHealthDepot(fastify.db, request.access.scopes, internalDepotId);
            if (!depot) throw notFound(`Depot ${internalDepotId}`);
            return answer({ depotId: depot.internalDepotId }, date, depot.timeZone);
        },
    );

    fastify.get(
        '/tenants/:tenantId/health-statistics/:date',
        {
            config: {
                access: requireAction(
                    READ_HEALTH_STATUS,
                    { context: 'tenant', path: paramPath('tenantId') },
                    { coverage: 'some' },
                ),
            },
            schema: {
                tags: ['back-office'],
                summary:
                    "An organisation's last assignment to a vehicle and last scan on a vehicle on a day, over the depots where the caller holds the feature",
                params: TenantHealthParams,
                response: { 200: HealthStatistics, 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const { tenantId, date } = request.params;
            if (date !== 'today' && !isCalendarDate(date)) throw invalidDate(date);
            const tenant = await findHealthTenant(fastify.db, tenantId);
            if (!tenant) throw notFound(`Tenant ${tenantId}`);
            return answer(
                { tenantId: tenant.id, scopes: request.access.scopes },
                date,
                tenant.timeZone,
            );
        },
    );
};
