import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { assignedScopes, visibleDepotScopes } from '../../../domain/permissions.js';
import { forbidden } from '../../errors.js';
import { authErrors } from '../common-schemas.js';
import { listDistributionCenters } from './distribution-centers-repository.js';
import { buildScopeTree, findScopeNode } from './scope-tree.js';
import { DistributionCenter, DistributionCentersQuery, ScopeNode, ScopesQuery } from './schemas.js';

/** `GET /distributionCenters` and `GET /scopes` (shell §7), answering only what the caller's scopes allow. */
export const scopeRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    fastify.get(
        '/distributionCenters',
        {
            schema: {
                tags: ['back-office'],
                summary: 'Depots the caller may see, optionally under a scope path, in tenant, group, number, name order',
                querystring: DistributionCentersQuery,
                response: { 200: Type.Array(DistributionCenter), ...authErrors },
            },
        },
        async (request) => listDistributionCenters(fastify.db, visibleDepotScopes(request.caller.actions), request.query.path || undefined),
    );

    fastify.get(
        '/scopes',
        {
            schema: {
                tags: ['back-office'],
                summary: 'Scope tree (tenant > country > group > depot > subcontractor) limited to the caller, `level` levels deep',
                querystring: ScopesQuery,
                response: { 200: ScopeNode, ...authErrors },
            },
        },
        async (request) => {
            const tree = await buildScopeTree(fastify.db, assignedScopes(request.caller.actions), request.query.level);
            const path = request.query.path;
            if (!path) return tree;
            const subtree = findScopeNode(tree, path);
            if (!subtree) throw forbidden('NO_DATA_PERMISSION', `The scope ${path} does not exist or is outside your permissions.`);
            return subtree;
        },
    );
};
