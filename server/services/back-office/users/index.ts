import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { backOfficeUserReadRoutes } from './read-routes.js';
import { backOfficeUserWriteRoutes } from './write-routes.js';

/** Back-office users (issue 5, domain §7): list, export, download, create, edit, permissions, delete, roles and scopes. */
export const backOfficeUserRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    await fastify.register(backOfficeUserReadRoutes);
    await fastify.register(backOfficeUserWriteRoutes);
};
