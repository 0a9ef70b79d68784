import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorEnvelope } from '../../../domain/contracts/common.js';
import {
    ExternalAssignmentPage,
    ExternalAssignmentsQuery,
    ExternalDepotPage,
    ExternalDepotsQuery,
} from '../../../domain/contracts/data-gateway.js';
import { organisationAssignments, organisationDepots } from './machine-repository.js';

const machineErrors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope } as const;

/**
 * The data gateway's reads for machine clients (`/data-gateway/api/v1/external/*`): the data
 * of the credential's organisation only, 0-based pages.
 */
export const machineRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    fastify.get(
        '/external/depots',
        {
            config: { machineScope: 'depots:read' },
            schema: {
                tags: ['data-gateway'],
                summary:
                    "The organisation's depots: external id, name, address, coordinates, time zone (0-based pages)",
                querystring: ExternalDepotsQuery,
                response: { 200: ExternalDepotPage, ...machineErrors },
            },
        },
        async (request) => {
            const { page = 0, size = 100 } = request.query;
            return organisationDepots(fastify.db, request.machine.tenantId, page, size);
        },
    );

    fastify.get(
        '/external/assignments',
        {
            config: { machineScope: 'assignments:read' },
            schema: {
                tags: ['data-gateway'],
                summary:
                    "The organisation's job assignments of a day, optionally of one depot (externalDepotId); 0-based pages",
                querystring: ExternalAssignmentsQuery,
                response: { 200: ExternalAssignmentPage, ...machineErrors },
            },
        },
        async (request) => {
            const { date, externalDepotId, page = 0, size = 100 } = request.query;
            return organisationAssignments(
                fastify.db,
                request.machine.tenantId,
                { date, externalDepotId },
                page,
                size,
            );
        },
    );
};
