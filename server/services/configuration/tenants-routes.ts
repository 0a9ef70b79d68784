import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** Organisations (tenants) and their regions (depotGroups): placeholder, filled by the organisations work. */
export const tenantsRoutes: FastifyPluginAsyncTypebox = async () => {};
