import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authErrors, ErrorEnvelope } from '../../../domain/contracts/common.js';
import {
    TenantConfiguration,
    TenantConfigurationParams,
} from '../../../domain/contracts/tenant-configuration.js';
import { signedIn } from '../../access/route-access.js';
import { notFound } from '../../errors.js';
import { findTenantConfiguration } from './tenant-configuration-repository.js';

/**
 * `GET /tenant-configuration/:tenantId` (shell §3, §7): the frontend configuration of an
 * organisation the caller holds any scope in, with the defaults of shell §9 where unset.
 */
export const tenantConfigurationRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    fastify.get(
        '/tenant-configuration/:tenantId',
        {
            config: { access: signedIn({ rows: 'scopeTree' }) },
            schema: {
                tags: ['back-office'],
                summary:
                    'Frontend configuration of an organisation (underscores of its id sent as hyphens)',
                description:
                    'The browser replaces underscores in the tenant id with hyphens (shell §7); the organisation whose id reads the same with `_` written as `-` is answered, an exact id first. Another organisation answers 404 like an unknown one.',
                params: TenantConfigurationParams,
                response: { 200: TenantConfiguration, 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const configuration = await findTenantConfiguration(
                fastify.db,
                request.access.scopes,
                request.params.tenantId,
            );
            if (!configuration) throw notFound(`Tenant configuration ${request.params.tenantId}`);
            return configuration;
        },
    );
};
