import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** Roles (issue 5). */
export const roleRoutes: FastifyPluginAsyncTypebox = async () => {};
