import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type {
    Vehicle,
    VehicleBody,
    VehicleUpdateBody,
} from '../../../../domain/contracts/fleet.js';
import { vehicleNumberRule } from '../../../../domain/userRules.js';
import type { Database, Queryable } from '../../../db/client.js';
import { newId } from '../../../db/ids.js';
import { users, vehicles } from '../../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../../errors.js';
import { appendAudit } from '../../../shared/audit-repository.js';
import { assertRules, isUniqueViolation } from '../../../shared/field-rules.js';
import { findSubcontractor } from './subcontractors-repository.js';
import { findVehicle, isDriverOf, numberTaken } from './vehicles-repository.js';

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

/** Adds a vehicle to a subcontractor inside the caller's scopes (number unique in the depot). */
export async function createVehicle(
    db: Database,
    request: FastifyRequest,
    body: VehicleBody,
): Promise<Vehicle | undefined> {
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
    return findVehicle(db, 'ALL', id);
}

/** Changes a vehicle's number or regular driver, if the stored version is still `body.version`. */
export async function updateVehicle(
    db: Database,
    request: FastifyRequest,
    id: string,
    body: VehicleUpdateBody,
): Promise<Vehicle | undefined> {
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
}

/** Deletes a vehicle inside the caller's scopes; accounts using it lose the link. */
export async function deleteVehicle(
    db: Database,
    request: FastifyRequest,
    id: string,
): Promise<Vehicle> {
    const found = await findVehicle(db, request.access.scopes, id);
    if (!found) throw notFound(`Vehicle ${id}`);
    await db.transaction(async (tx) => {
        await tx
            .update(users)
            .set({ vehicleId: null, version: sql`${users.version} + 1`, updatedAt: new Date() })
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
}
