import type { FastifyPluginAsync } from 'fastify';
import {
    TenantConfigParams,
    TenantRevisionParams,
} from '../../../domain/contracts/client-configs.js';
import { requireAction } from '../../access/route-access.js';
import { tenantOwner } from '../../shared/config-revisions-repository.js';
import { registerRevisionRoutes } from '../../shared/config-revisions-routes.js';

/**
 * The tour commander's configuration of each organisation (current, save, history, restore),
 * with the same revision semantics as the client configurations; admins only.
 */
export const tourCommanderConfigRoutes: FastifyPluginAsync = async (fastify) => {
    const admin = requireAction('admin', { context: 'admin' });
    registerRevisionRoutes(fastify, {
        tag: 'tour-commander',
        currentPath: '/tenants/:tenantId/config',
        historyPath: '/tenants/:tenantId/configHistory',
        what: 'tour commander configuration of the organisation',
        params: TenantConfigParams,
        revisionParams: TenantRevisionParams,
        read: admin,
        write: admin,
        owner: async (request) => ({
            kind: 'tourCommander',
            tenantId: await tenantOwner(
                fastify.db,
                (request.params as { tenantId: string }).tenantId,
            ),
        }),
    });
};
