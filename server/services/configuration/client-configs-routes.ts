import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** Tenant and depot client configurations, their history and restore: placeholder. */
export const clientConfigRoutes: FastifyPluginAsyncTypebox = async () => {};
