import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { backOfficeUserInvitationRoutes } from './invitation-routes.js';
import { mailOutboxRoutes } from './mail-outbox-routes.js';
import { backOfficeUserReadRoutes } from './read-routes.js';
import { backOfficeUserWriteRoutes } from './write-routes.js';

/** Back-office users (issue 5, domain §7): list, export, download, create, edit, permissions, delete, roles and scopes. */
export const backOfficeUserRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    await fastify.register(backOfficeUserReadRoutes);
    await fastify.register(backOfficeUserWriteRoutes);
    await fastify.register(backOfficeUserInvitationRoutes);
    await fastify.register(mailOutboxRoutes);
};
