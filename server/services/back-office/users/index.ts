import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** Back-office users (issue 5). */
export const backOfficeUserRoutes: FastifyPluginAsyncTypebox = async () => {};
