import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requireAction } from '../../access/route-access.js';
import { secureService } from '../../access/route-access.js';
import { registerRevisionRoutes, tenantOwner } from '../../shared/config-revisions-routes.js';
import {
    TenantConfigParams,
    TenantRevisionParams,
} from '../../../domain/contracts/client-configs.js';

/**
 * The tour commander service (`/tour-commander/v1`): for now the tour commander's configuration
 * of each organisation (`/administration/tour-commander/tenant-config`), with the same revision,
 * history and restore semantics as the client configurations; admins only.
 */
export default fp(
    async function tourCommander(fastify: FastifyInstance, opts: { prefix: string }) {
        await fastify.register(
            async (service) => {
                secureService(service);
                const admin = requireAction('admin', { context: 'admin' });
                registerRevisionRoutes(service, {
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
                            service,
                            (request.params as { tenantId: string }).tenantId,
                        ),
                    }),
                });
            },
            { prefix: opts.prefix },
        );
    },
    { name: 'tour-commander', dependencies: ['authentication', 'database'] },
);
