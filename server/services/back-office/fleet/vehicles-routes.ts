import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authErrors, ErrorEnvelope, SimpleRestQuery } from '../../../../domain/contracts/common.js';
import {
    IdParams,
    Vehicle,
    VehicleBody,
    VehicleFilter,
    VehicleList,
    vehicleSortFields,
    VehicleUpdateBody,
} from '../../../../domain/contracts/fleet.js';
import { requireAction } from '../../../access/route-access.js';
import { narrowScopes } from '../../../access/scopes.js';
import { notFound } from '../../../errors.js';
import { contentRange, filterParser, parseListQuery } from '../../../shared/simple-rest.js';
import { createVehicle, deleteVehicle, updateVehicle } from './vehicle-writes.js';
import { findVehicle, listVehicles } from './vehicles-repository.js';

const tags = ['back-office'];
const depotContext = { context: 'depot' } as const;
const some = { coverage: 'some' } as const;
const parseFilter = filterParser(VehicleFilter);

/**
 * Vehicles of subcontractors (domain §3, §5) in the react-admin simple REST contract. Reads need
 * r:suco; writes need u:suco at the vehicle's subcontractor (the spec has no vehicle action
 * codes). Anything outside the caller's scopes answers 404 like an unknown id.
 */
export const vehicleRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    const { db } = fastify;

    fastify.get(
        '/vehicles',
        {
            config: { access: requireAction('r:suco', depotContext, some) },
            schema: {
                tags,
                summary:
                    'Vehicles the caller may see: sortable, paginated (range), filtered by depotId, subcontractorId, path, q',
                querystring: SimpleRestQuery,
                response: { 200: VehicleList, ...authErrors },
            },
        },
        async (request, reply) => {
            const params = parseListQuery(request.query, vehicleSortFields, 'number', parseFilter);
            const { rows, total } = await listVehicles(
                db,
                narrowScopes(request.access.scopes, params.filter.path),
                params,
            );
            reply.header(
                'content-range',
                contentRange('vehicles', params.offset, rows.length, total),
            );
            return rows;
        },
    );

    fastify.get(
        '/vehicles/:id',
        {
            config: { access: requireAction('r:suco', depotContext, some) },
            schema: {
                tags,
                summary: 'One vehicle',
                params: IdParams,
                response: { 200: Vehicle, 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const found = await findVehicle(db, request.access.scopes, request.params.id);
            if (!found) throw notFound(`Vehicle ${request.params.id}`);
            return found;
        },
    );

    fastify.post(
        '/vehicles',
        {
            config: { access: requireAction('u:suco', depotContext, some) },
            schema: {
                tags,
                summary: 'Adds a vehicle to a subcontractor (number unique in the depot)',
                body: VehicleBody,
                response: { 201: Vehicle, 404: ErrorEnvelope, 409: ErrorEnvelope, ...authErrors },
            },
        },
        async (request, reply) => {
            const created = await createVehicle(db, request, request.body);
            reply.status(201);
            return created;
        },
    );

    fastify.put(
        '/vehicles/:id',
        {
            config: { access: requireAction('u:suco', depotContext, some) },
            schema: {
                tags,
                summary:
                    'Changes a vehicle’s number or regular driver (needs the version it was based on)',
                params: IdParams,
                body: VehicleUpdateBody,
                response: { 200: Vehicle, 404: ErrorEnvelope, 409: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => updateVehicle(db, request, request.params.id, request.body),
    );

    fastify.delete(
        '/vehicles/:id',
        {
            config: { access: requireAction('u:suco', depotContext, some) },
            schema: {
                tags,
                summary: 'Deletes a vehicle; accounts using it lose the link',
                params: IdParams,
                response: { 200: Vehicle, 404: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => deleteVehicle(db, request, request.params.id),
    );
};
