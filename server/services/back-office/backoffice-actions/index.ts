import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** Backoffice actions (admin only): role sync and translation update: placeholder. */
export const backofficeActionRoutes: FastifyPluginAsyncTypebox = async () => {};
