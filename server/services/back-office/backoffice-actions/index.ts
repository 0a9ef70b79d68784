import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { roleSyncRoutes } from './role-sync-routes.js';
import { translationRoutes } from './translation-routes.js';

/** Backoffice actions (admins only, domain §2): role sync between environments and translation update. */
export const backofficeActionRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    await fastify.register(roleSyncRoutes);
    await fastify.register(translationRoutes);
};
