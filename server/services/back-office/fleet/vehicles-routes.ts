import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { vehicleNumberRule } from '../../../../domain/userRules.js';
import { requireAction } from '../../../access/route-access.js';
import { narrowScopes } from '../../../access/scopes.js';
import type { Queryable } from '../../../db/client.js';
import { newId } from '../../../db/ids.js';
import { users, vehicles } from '../../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../../errors.js';
import { contentRange, parseListQuery } from '../../../shared/simple-rest.js';
import { SimpleRestQuery } from '../../../../domain/contracts/common.js';
import { authErrors, ErrorEnvelope } from '../../../../domain/contracts/common.js';
import { appendAudit } from '../../../shared/audit-repository.js';
import { assertRules, isUniqueViolation } from '../../../shared/field-rules.js';
import { filterParser } from '../../../shared/simple-rest.js';
import {
    IdParams,
    Vehicle,
    VehicleBody,
    VehicleFilter,
    vehicleSortFields,
    VehicleUpdateBody,
} from './schemas.js';
import { findSubcontractor } from './subcontractors-repository.js';
import { findVehicle, isDriverOf, listVehicles, numberTaken } from './vehicles-repository.js';

const tags = ['back-office'];
const depotContext = { context: 'depot' } as const;
const some = { coverage: 'some' } as const;
const parseFilter = filterParser(VehicleFilter);

const duplicateNumber = (number: string) =>
    conflict(
        'DUPLICATE_VEHICLE_NUMBER',
        `Vehicle number ${number} is already used in this depot.`,
        [{ field: '/body/number', message: 'number is already used in this depot' }],
    );
const notADriver = () =>
    badRequest('baseDriverId must be a driver app account of the vehicle’s subcontractor.', [
        {
            field: '/body/baseDriverId',
            message: 'baseDriverId must be a driver of the vehicle’s subcontractor',
        },
    ]);

async function assertBaseDriver(
    db: Queryable,
    subcontractorId: string,
    baseDriverId: string | null | undefined,
): Promise<void> {
    if (baseDriverId && !(await isDriverOf(db, subcontractorId, baseDriverId))) throw notADriver();
}

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
                response: { 200: Type.Array(Vehicle), ...authErrors },
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
            const { body } = request;
            assertRules({ number: vehicleNumberRule(body.number) });
            const suco = await findSubcontractor(db, request.access.scopes, body.subcontractorId);
            if (!suco) throw notFound(`Subcontractor ${body.subcontractorId}`);
            await assertBaseDriver(db, suco.id, body.baseDriverId);
            const id = newId();
            try {
                await db.transaction(async (tx) => {
                    if (await numberTaken(tx, suco.depotId, body.number))
                        throw duplicateNumber(body.number);
                    const row = {
                        id,
                        tenantId: suco.tenantId,
                        depotId: suco.depotId,
                        subcontractorId: suco.id,
                        number: body.number,
                        baseDriverId: body.baseDriverId ?? null,
                        scopePath: suco.scopePath,
                    };
                    await tx.insert(vehicles).values(row);
                    await appendAudit(tx, request, {
                        action: 'create',
                        entityType: 'vehicle',
                        entityId: id,
                        changes: { after: row },
                    });
                });
            } catch (error) {
                if (isUniqueViolation(error)) throw duplicateNumber(body.number);
                throw error;
            }
            reply.status(201);
            return findVehicle(db, 'ALL', id);
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
        async (request) => {
            const { id } = request.params;
            const { body } = request;
            const before = await findVehicle(db, request.access.scopes, id);
            if (!before) throw notFound(`Vehicle ${id}`);
            assertRules({ number: vehicleNumberRule(body.number) });
            await assertBaseDriver(db, before.subcontractorId, body.baseDriverId);
            try {
                await db.transaction(async (tx) => {
                    if (await numberTaken(tx, before.depotId, body.number, id))
                        throw duplicateNumber(body.number);
                    const [updated] = await tx
                        .update(vehicles)
                        .set({
                            number: body.number,
                            baseDriverId: body.baseDriverId,
                            version: sql`${vehicles.version} + 1`,
                            updatedAt: new Date(),
                        })
                        .where(and(eq(vehicles.id, id), eq(vehicles.version, body.version)))
                        .returning({ id: vehicles.id });
                    if (!updated)
                        throw conflict(
                            'STALE_RECORD',
                            `Vehicle ${id} was changed by someone else; reload it and try again.`,
                            [{ field: '/body/version', message: 'is not the current version' }],
                        );
                    await appendAudit(tx, request, {
                        action: 'update',
                        entityType: 'vehicle',
                        entityId: id,
                        changes: {
                            before: { number: before.number, baseDriverId: before.baseDriverId },
                            after: { number: body.number, baseDriverId: body.baseDriverId },
                        },
                    });
                });
            } catch (error) {
                if (isUniqueViolation(error)) throw duplicateNumber(body.number);
                throw error;
            }
            return findVehicle(db, 'ALL', id);
        },
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
        async (request) => {
            const { id } = request.params;
            const found = await findVehicle(db, request.access.scopes, id);
            if (!found) throw notFound(`Vehicle ${id}`);
            await db.transaction(async (tx) => {
                await tx
                    .update(users)
                    .set({
                        vehicleId: null,
                        version: sql`${users.version} + 1`,
                        updatedAt: new Date(),
                    })
                    .where(eq(users.vehicleId, id));
                await tx.delete(vehicles).where(eq(vehicles.id, id));
                await appendAudit(tx, request, {
                    action: 'delete',
                    entityType: 'vehicle',
                    entityId: id,
                    changes: { before: found },
                });
            });
            return found;
        },
    );
};
