import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { secureService } from '../../access/route-access.js';
import { analyticsRoutes, type AnalyticsOptions } from './analytics-routes.js';
import { backofficeActionRoutes } from './backoffice-actions/index.js';
import { fleetRoutes } from './fleet/index.js';
import { healthRoutes } from './health-routes.js';
import { profileRoutes } from './profile-routes.js';
import { roleRoutes } from './roles/index.js';
import { scopeRoutes } from './scope-routes.js';
import { settingsRoutes } from './settings-routes.js';
import { statisticsRoutes } from './statistics-routes.js';
import { tenantConfigurationRoutes } from './tenant-configuration-routes.js';
import { userProfileRoutes } from './user-profile-routes.js';
import { backOfficeUserRoutes } from './users/index.js';

interface BackOfficeOptions {
    prefix: string;
    /** The analytics sink's settings (config.analytics); without them no domain counts as internal. */
    analytics?: AnalyticsOptions;
}

/**
 * The back-office service (`/api`): profile, settings, users and drivers, scopes, statistics,
 * health, tenant configuration and the analytics sink. Every route requires a signed-in
 * back-office user and declares what else it needs (`config.access`, server/access/route-access.ts).
 */
export default fp(
    async function backOffice(fastify: FastifyInstance, opts: BackOfficeOptions) {
        await fastify.register(
            async (service) => {
                secureService(service);
                await service.register(profileRoutes);
                await service.register(settingsRoutes);
                await service.register(userProfileRoutes);
                await service.register(scopeRoutes);
                await service.register(tenantConfigurationRoutes);
                await service.register(healthRoutes);
                await service.register(statisticsRoutes);
                await service.register(
                    analyticsRoutes,
                    opts.analytics ?? { internalEmailDomains: [] },
                );
                await service.register(backOfficeUserRoutes);
                await service.register(fleetRoutes);
                await service.register(roleRoutes);
                await service.register(backofficeActionRoutes);
            },
            { prefix: opts.prefix },
        );
    },
    { name: 'back-office', dependencies: ['authentication', 'database'] },
);
