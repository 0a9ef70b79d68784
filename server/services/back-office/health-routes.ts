import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authErrors, ErrorEnvelope } from '../../../domain/contracts/common.js';
import {
    DepotHealthParams,
    HealthStatistics,
    HealthStatus,
    HealthStatusParams,
    TenantHealthParams,
} from '../../../domain/contracts/health.js';
import { isCalendarDate } from '../../../domain/healthStatus.js';
import { paramPath, requireAction } from '../../access/route-access.js';
import { notFound } from '../../errors.js';
import { tenantHealthStatus } from './health-status.js';
import { depotHealth, invalidDate, tenantHealth } from './health-statistics.js';

const READ_HEALTH_STATUS = 'r:health-status';

/**
 * Health statistics of a depot or an organisation for one day (shell §2.1, §3, §7): the time of
 * the last assignment to a vehicle and of the last scan on a vehicle. `today` is the day in the
 * depot's (organisation's) time zone. And the organisation's health status page (shell §2.7,
 * §9): those times and more per depot, with the badge's warning.
 */
export const healthRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
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
            const statistics = await depotHealth(
                fastify.db,
                request.access.scopes,
                internalDepotId,
                date,
            );
            if (!statistics) throw notFound(`Depot ${internalDepotId}`);
            return statistics;
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
            const statistics = await tenantHealth(
                fastify.db,
                request.access.scopes,
                tenantId,
                date,
            );
            if (!statistics) throw notFound(`Tenant ${tenantId}`);
            return statistics;
        },
    );

    fastify.get(
        '/tenants/:tenantId/health-status',
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
                    "The organisation's health status: per depot today's last assignment, last scan and last position, the freshness of the data gateway and the driver apps, today's tours by state and the health warning",
                description: `Needs ${READ_HEALTH_STATUS} in the tenant context; lists the depots where the caller holds it. "Today" is the day in each depot's time zone; the warning follows shell §9 with the organisation's business hours.`,
                params: HealthStatusParams,
                response: { 200: HealthStatus, 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const { tenantId } = request.params;
            const status = await tenantHealthStatus(
                fastify.db,
                request.access.scopes,
                tenantId,
                new Date(),
            );
            if (!status) throw notFound(`Tenant ${tenantId}`);
            return status;
        },
    );
};
