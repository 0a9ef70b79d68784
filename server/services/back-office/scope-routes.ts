import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { authErrors } from '../../../domain/contracts/common.js';
import {
    DistributionCenter,
    DistributionCentersQuery,
    ScopeNode,
    ScopesQuery,
} from '../../../domain/contracts/scopes.js';
import { noDataPermission, queryPath, signedIn } from '../../access/route-access.js';
import { listDistributionCenters } from './distribution-centers-repository.js';
import { scopeSubtree } from './scope-tree.js';

/**
 * `GET /distributionCenters` and `GET /scopes` (shell §7): open to every signed-in user, answering
 * only what the caller's scopes allow. A `path` filter of the depot list outside those scopes
 * gives an empty list (as an unknown path does); a `path` naming a scope-tree node outside them
 * is 403 NO_DATA_PERMISSION (as an unknown node is).
 */
export const scopeRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    fastify.get(
        '/distributionCenters',
        {
            config: {
                access: signedIn({
                    rows: 'visibleDepots',
                    within: queryPath('path'),
                    outside: 'empty',
                }),
            },
            schema: {
                tags: ['back-office'],
                summary:
                    'Depots the caller may see, optionally under a scope path, in tenant, group, number, name order',
                querystring: DistributionCentersQuery,
                response: { 200: Type.Array(DistributionCenter), ...authErrors },
            },
        },
        async (request) => listDistributionCenters(fastify.db, request.access.scopes),
    );

    fastify.get(
        '/scopes',
        {
            config: {
                access: signedIn({
                    rows: 'scopeTree',
                    within: queryPath('path'),
                    outside: 'refuse',
                }),
            },
            schema: {
                tags: ['back-office'],
                summary:
                    'Scope tree (tenant > country > group > depot > subcontractor) limited to the caller, `level` levels deep',
                querystring: ScopesQuery,
                response: { 200: ScopeNode, ...authErrors },
            },
        },
        async (request) => {
            const { scopes, path } = request.access;
            const node = await scopeSubtree(fastify.db, scopes, request.query.level, path);
            if (!node) throw noDataPermission(path ?? '');
            return node;
        },
    );
};
