import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authErrors, ErrorEnvelope } from '../../../domain/contracts/common.js';
import { TenantConfigParams } from '../../../domain/contracts/client-configs.js';
import { MfaRequirement, MfaRequirementBody } from '../../../domain/contracts/mfa-requirement.js';
import { configurationRequiresMfa } from '../../../domain/mfaRequirement.js';
import { defaultTenantFrontendConfiguration } from '../../../domain/tenantConfiguration.js';
import { requireAction } from '../../access/route-access.js';
import {
    currentRevision,
    saveRevision,
    tenantOwner,
} from '../../shared/config-revisions-repository.js';

const TENANT_ADMIN = 'tenant-admin';

/**
 * An organisation's MFA requirement (`frontend.requireMfa` of its client configuration, read at
 * each sign-in: server/identity/mfa-requirement.ts). The rest of the client configuration stays
 * with admins; organisation admins (tenant-admin covering the organisation) and admins read and
 * set this one key. A change is a new revision of the configuration, audited like any other.
 */
export const mfaRequirementRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    const access = requireAction(TENANT_ADMIN, {
        context: 'tenant',
        path: (request) => (request.params as { tenantId: string }).tenantId,
    });
    const ownerOf = async (tenantId: string) => ({
        kind: 'tenant' as const,
        tenantId: await tenantOwner(fastify.db, tenantId),
    });

    fastify.get(
        '/tenants/:tenantId/mfaRequirement',
        {
            config: { access },
            schema: {
                tags: ['configuration'],
                summary:
                    'Whether the organisation requires two-step sign-in of its back-office users (organisation admins and admins)',
                params: TenantConfigParams,
                response: { 200: MfaRequirement, 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const current = await currentRevision(
                fastify.db,
                await ownerOf(request.params.tenantId),
            );
            return {
                required: configurationRequiresMfa(current.document),
                revision: current.revision,
            };
        },
    );

    fastify.put(
        '/tenants/:tenantId/mfaRequirement',
        {
            config: { access },
            schema: {
                tags: ['configuration'],
                summary:
                    "Requires (or no longer requires) two-step sign-in of the organisation's back-office users, from their next sign-in; a new revision of its client configuration, audited",
                params: TenantConfigParams,
                body: MfaRequirementBody,
                response: {
                    200: MfaRequirement,
                    404: ErrorEnvelope,
                    409: ErrorEnvelope,
                    ...authErrors,
                },
            },
        },
        async (request) => {
            const owner = await ownerOf(request.params.tenantId);
            const current = await currentRevision(fastify.db, owner);
            const frontend =
                typeof current.document.frontend === 'object' && current.document.frontend
                    ? current.document.frontend
                    : defaultTenantFrontendConfiguration;
            const { revision } = await saveRevision(fastify.db, request, owner, {
                document: {
                    ...current.document,
                    frontend: { ...frontend, requireMfa: request.body.required },
                },
                baseRevision: request.body.baseRevision,
            });
            return {
                required: configurationRequiresMfa(revision.document),
                revision: revision.revision,
            };
        },
    );
};
