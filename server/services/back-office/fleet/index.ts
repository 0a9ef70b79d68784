import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { appUserActivationRoutes } from './app-user-activation-routes.js';
import { appUserRoutes } from './app-users-routes.js';
import { licenceRoutes } from './licences-routes.js';
import { subcontractorRoutes } from './subcontractors-routes.js';
import { vehicleTrackerRoutes } from './vehicle-trackers.js';
import { vehicleRoutes } from './vehicles-routes.js';

/** Driver app accounts, courier accounts, subcontractors, vehicles and app licences (issue 5). */
export const fleetRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    await fastify.register(appUserRoutes);
    await fastify.register(appUserActivationRoutes);
    await fastify.register(subcontractorRoutes);
    await fastify.register(vehicleRoutes);
    await fastify.register(vehicleTrackerRoutes);
    await fastify.register(licenceRoutes);
};
