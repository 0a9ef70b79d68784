import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { roleCrudRoutes } from './roles-routes.js';

/** Roles of organisations and the platform's technical roles (domain §3 Role, §5 Roles). */
export const roleRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    await fastify.register(roleCrudRoutes);
};
