import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireAction } from '../../access/route-access.js';
import { notFound } from '../../errors.js';
import { tenantOwner } from '../../shared/config-revisions-repository.js';
import { registerRevisionRoutes } from '../../shared/config-revisions-routes.js';
import {
    DepotConfigParams,
    DepotRevisionParams,
    TenantConfigParams,
    TenantRevisionParams,
} from '../../../domain/contracts/client-configs.js';
import { findDepotOwner } from './depots-repository.js';

/**
 * Tenant and depot client configurations, their history and restore (shell §7, domain §2).
 * Tenant configurations are for admins only (the organisation pages are admin pages); depot
 * configurations are read with r:depot-mgmt-list and written with u:depot covering the depot
 * (tenant context); a depot outside those scopes is 404 like an unknown one.
 */
export const clientConfigRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    const admin = requireAction('admin', { context: 'admin' });
    registerRevisionRoutes(fastify, {
        tag: 'configuration',
        currentPath: '/tenants/:tenantId/clientConfigs',
        historyPath: '/tenants/:tenantId/clientConfigsHistory',
        what: "organisation's client configuration",
        params: TenantConfigParams,
        revisionParams: TenantRevisionParams,
        read: admin,
        write: admin,
        owner: async (request) => ({
            kind: 'tenant',
            tenantId: await tenantOwner(
                fastify.db,
                (request.params as { tenantId: string }).tenantId,
            ),
        }),
    });

    registerRevisionRoutes(fastify, {
        tag: 'configuration',
        currentPath: '/depots/:internalDepotId/clientConfigs',
        historyPath: '/depots/:internalDepotId/clientConfigsHistory',
        what: "depot's client configuration (its overrides of the organisation's)",
        params: DepotConfigParams,
        revisionParams: DepotRevisionParams,
        read: requireAction('r:depot-mgmt-list', { context: 'tenant' }, { coverage: 'some' }),
        write: requireAction('u:depot', { context: 'tenant' }, { coverage: 'some' }),
        owner: async (request) => {
            const { internalDepotId } = request.params as { internalDepotId: string };
            const depot = await findDepotOwner(fastify.db, request.access.scopes, internalDepotId);
            if (!depot) throw notFound(`Depot ${internalDepotId}`);
            return {
                kind: 'depot',
                tenantId: depot.tenantId,
                internalDepotId: depot.internalDepotId,
            };
        },
    });
};
