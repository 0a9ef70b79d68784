import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorEnvelope } from '../../../domain/contracts/common.js';
import {
    ExternalAssignmentPage,
    ExternalAssignmentsQuery,
    ExternalDepotPage,
    ExternalDepotsQuery,
} from '../../../domain/contracts/data-gateway.js';
import { JobImportBatch, JobImportResult } from '../../../domain/contracts/job-import.js';
import { importJobs } from './job-import.js';
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

    fastify.post(
        '/external/jobs',
        {
            config: { machineScope: 'jobs:write' },
            // 1,000 jobs with their parcels and contacts.
            bodyLimit: 8 * 1024 * 1024,
            schema: {
                tags: ['data-gateway'],
                summary:
                    'Imports a batch of jobs (at most 1,000) with their assignments and the tours they name',
                description:
                    'Each job and tour is checked on its own: the rejected ones are listed with their index, field and reason, the others are stored in one transaction. A job is known by its externalJobId within the organisation: sent again it is updated (never duplicated, never deleted); sent again unchanged it counts as `unchanged`. An assignment with key `TOUR` places the job on that tour of the depot and date (the tour is created when new; its vehicle is `vehicleNumber` of the tour entry, else the vehicle whose number is the tour number); jobs at the same coordinates (or address) form one stop.',
                body: JobImportBatch,
                response: { 200: JobImportResult, ...machineErrors },
            },
        },
        async (request) =>
            importJobs(
                fastify.db,
                {
                    tenantId: request.machine.tenantId,
                    credentialId: request.machine.credentialId,
                },
                request.body,
            ),
    );
};
