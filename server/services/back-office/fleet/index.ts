import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** Driver app accounts, courier accounts, subcontractors, vehicles and app licences (issue 5). */
export const fleetRoutes: FastifyPluginAsyncTypebox = async () => {};
