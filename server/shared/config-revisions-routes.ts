import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import type { RouteAccess } from '../access/route-access.js';
import { authErrors, ErrorEnvelope } from '../../domain/contracts/common.js';
import {
    currentRevision,
    restoreRevision,
    revisionHistory,
    saveRevision,
    type RevisionOwner,
} from './config-revisions-repository.js';
import {
    ConfigRestoreBody,
    ConfigRevision,
    ConfigSaveBody,
} from '../../domain/contracts/client-configs.js';

/**
 * The routes of a revisioned configuration (current, save, history, restore), used by the
 * configuration service (organisation and depot client configurations) and the tour commander.
 */
/** One owner kind's four routes: current, save, history, restore. */
export interface RevisionRouteSet {
    tag: string;
    /** e.g. `/tenants/:tenantId/clientConfigs` */
    currentPath: string;
    /** e.g. `/tenants/:tenantId/clientConfigsHistory` */
    historyPath: string;
    what: string;
    params: TSchema;
    revisionParams: TSchema;
    read: RouteAccess;
    write: RouteAccess;
    /** The owner the request names, inside the caller's scopes (`request.access.scopes`), else 404. */
    owner(request: FastifyRequest): Promise<RevisionOwner>;
}

const errors = { 404: ErrorEnvelope, 409: ErrorEnvelope, ...authErrors };

/** Registers current / save / history / restore for one owner kind (shared with the tour commander service). */
export function registerRevisionRoutes(fastify: FastifyInstance, set: RevisionRouteSet): void {
    fastify.get(
        set.currentPath,
        {
            config: { access: set.read },
            schema: {
                tags: [set.tag],
                summary: `The current ${set.what} (revision 0 and {} when none was saved)`,
                params: set.params,
                response: { 200: ConfigRevision, ...errors },
            },
        },
        async (request) => currentRevision(fastify.db, await set.owner(request)),
    );
    fastify.post(
        set.currentPath,
        {
            config: { access: set.write },
            schema: {
                tags: [set.tag],
                summary: `Saves the ${set.what} as a new revision`,
                description:
                    "The document is validated against the organisation's schema (400 INVALID_CLIENT_CONFIG naming every failing field); a baseRevision that is not the current one is 409 STALE_RECORD. An unchanged document creates nothing and answers 200 with the current revision.",
                params: set.params,
                body: ConfigSaveBody,
                response: { 200: ConfigRevision, 201: ConfigRevision, ...errors },
            },
        },
        async (request, reply) => {
            const owner = await set.owner(request);
            const { created, revision } = await saveRevision(
                fastify.db,
                request,
                owner,
                request.body as ConfigSaveBody,
            );
            return reply.code(created ? 201 : 200).send(revision);
        },
    );
    fastify.get(
        set.historyPath,
        {
            config: { access: set.read },
            schema: {
                tags: [set.tag],
                summary: `Every revision of the ${set.what}, newest first, with who and when`,
                params: set.params,
                response: { 200: Type.Array(ConfigRevision), ...errors },
            },
        },
        async (request) => revisionHistory(fastify.db, await set.owner(request)),
    );
    fastify.post(
        `${set.historyPath}/:revision/restore`,
        {
            config: { access: set.write },
            schema: {
                tags: [set.tag],
                summary: `Restores an older revision of the ${set.what}: a new revision with its document`,
                description:
                    'The old document is validated against the current schema; a baseRevision that is not the current one is 409 STALE_RECORD.',
                params: set.revisionParams,
                body: ConfigRestoreBody,
                response: { 201: ConfigRevision, ...errors },
            },
        },
        async (request, reply) => {
            const owner = await set.owner(request);
            const { revision } = request.params as { revision: number };
            const result = await restoreRevision(
                fastify.db,
                request,
                owner,
                revision,
                (request.body as ConfigRestoreBody).baseRevision,
            );
            return reply.code(201).send(result.revision);
        },
    );
}
