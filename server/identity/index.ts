import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import { createCognitoAdminClient, createIdentityAdmin } from './admin-client.js';
import endpoint from './endpoint.js';
import { createKeyStore } from './keys.js';
import type { IdentityService } from './types.js';
import { createAccessTokenVerifier, createApiTokenVerifier } from './verify.js';

interface IdentityPluginOptions {
    config: AppConfig['identity'];
    /** Where the embedded endpoint is served; fastify-plugin ignores `prefix`, so it is applied to the child here. */
    prefix?: string;
}

/**
 * Identity: decorates `fastify.identity` (access-token verification for every service) and
 * `fastify.identityAdmin` (identity management through the AWS SDK's Admin calls), and, in
 * embedded mode, serves the Cognito-compatible endpoint. In `cognito` mode tokens are checked
 * against the external pool's JWKS, admin calls go to the real pool, and no route is served.
 */
async function identity(fastify: FastifyInstance, opts: IdentityPluginOptions) {
    const { config } = opts;
    const embedded =
        config.mode === 'embedded'
            ? { db: fastify.db, keys: createKeyStore(fastify.db, config) }
            : undefined;
    const verifyAccess = createAccessTokenVerifier(config, embedded);
    const service: IdentityService = {
        verifyAccessToken: createApiTokenVerifier(config, embedded),
    };
    fastify.decorate('identity', service);
    const adminClient = createCognitoAdminClient(fastify, config);
    fastify.decorate('identityAdmin', createIdentityAdmin(adminClient, config.userPoolId));
    fastify.addHook('onClose', async () => adminClient.destroy());
    if (embedded) {
        await fastify.register(endpoint, {
            prefix: opts.prefix ?? '/cognito-idp',
            context: { ...embedded, config, verifyAccess },
        });
    }
}

export default fp(identity, { name: 'identity', dependencies: ['database'] });
