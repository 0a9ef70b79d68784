import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type {
    Subcontractor,
    SubcontractorBody,
    SubcontractorUpdateBody,
} from '../../../../domain/contracts/fleet.js';
import {
    emptyToNull,
    subcontractorCodeRule,
    subcontractorNameRule,
} from '../../../../domain/userRules.js';
import type { Database } from '../../../db/client.js';
import { referenceDataChanged } from '../../../db/reference-data.js';
import { newId } from '../../../db/ids.js';
import { subcontractors } from '../../../db/schema/index.js';
import { conflict, notFound } from '../../../errors.js';
import { appendAudit } from '../../../shared/audit-repository.js';
import { assertRules, isUniqueViolation } from '../../../shared/field-rules.js';
import {
    assignedUserCount,
    duplicateFields,
    findDepotIn,
    findSubcontractor,
    generateCode,
    vehicleCount,
} from './subcontractors-repository.js';

const duplicate = (fields: ('name' | 'code')[]) =>
    conflict(
        'DUPLICATE_SUBCONTRACTOR',
        `The subcontractor ${fields.join(' and ')} is already used in this depot.`,
        fields.map((field) => ({
            field: `/body/${field}`,
            message: `${field} is already used in this depot`,
        })),
    );
const stale = (id: string) =>
    conflict(
        'STALE_RECORD',
        `Subcontractor ${id} was changed by someone else; reload it and try again.`,
        [{ field: '/body/version', message: 'is not the current version' }],
    );

/** Adds a subcontractor to a depot inside the caller's scopes; the ID is generated when absent. */
export async function createSubcontractor(
    db: Database,
    request: FastifyRequest,
    body: SubcontractorBody,
): Promise<Subcontractor | undefined> {
    assertRules({
        name: subcontractorNameRule(body.name),
        code: subcontractorCodeRule(body.code),
    });
    const name = body.name.trim();
    const givenCode = emptyToNull(body.code)?.trim() ?? null;
    const depot = await findDepotIn(db, request.access.scopes, body.depotId);
    if (!depot) throw notFound(`Depot ${body.depotId}`);
    const id = newId();
    try {
        await db.transaction(async (tx) => {
            const taken = await duplicateFields(tx, depot.id, name, givenCode);
            if (taken.length > 0) throw duplicate(taken);
            const code = givenCode ?? (await generateCode(tx, depot.id));
            const row = {
                id,
                tenantId: depot.tenantId,
                depotId: depot.id,
                name,
                code,
                scopePath: `${depot.scopePath}.${id}`,
            };
            await tx.insert(subcontractors).values(row);
            await appendAudit(tx, request, {
                action: 'create',
                entityType: 'subcontractor',
                entityId: id,
                changes: { after: row },
            });
        });
        referenceDataChanged(db);
    } catch (error) {
        if (isUniqueViolation(error)) throw duplicate(givenCode ? ['name', 'code'] : ['name']);
        throw error;
    }
    return findSubcontractor(db, 'ALL', id);
}

/** Renames a subcontractor or changes its ID, if the stored version is still `body.version`. */
export async function updateSubcontractor(
    db: Database,
    request: FastifyRequest,
    id: string,
    body: SubcontractorUpdateBody,
): Promise<Subcontractor | undefined> {
    const before = await findSubcontractor(db, request.access.scopes, id);
    if (!before) throw notFound(`Subcontractor ${id}`);
    assertRules({
        name: subcontractorNameRule(body.name),
        code: emptyToNull(body.code) === null ? 'required' : subcontractorCodeRule(body.code),
    });
    const name = body.name.trim();
    const code = body.code.trim();
    try {
        await db.transaction(async (tx) => {
            const taken = await duplicateFields(tx, before.depotId, name, code, id);
            if (taken.length > 0) throw duplicate(taken);
            const [updated] = await tx
                .update(subcontractors)
                .set({
                    name,
                    code,
                    version: sql`${subcontractors.version} + 1`,
                    updatedAt: new Date(),
                })
                .where(and(eq(subcontractors.id, id), eq(subcontractors.version, body.version)))
                .returning({ id: subcontractors.id });
            if (!updated) throw stale(id);
            await appendAudit(tx, request, {
                action: 'update',
                entityType: 'subcontractor',
                entityId: id,
                changes: {
                    before: { name: before.name, code: before.code },
                    after: { name, code },
                },
            });
        });
        referenceDataChanged(db);
    } catch (error) {
        if (isUniqueViolation(error)) throw duplicate(['name', 'code']);
        throw error;
    }
    return findSubcontractor(db, 'ALL', id);
}

/** Deletes a subcontractor without users or vehicles (409 SUBCONTRACTOR_HAS_USERS_OR_VEHICLES_ASSIGNED otherwise). */
export async function deleteSubcontractor(
    db: Database,
    request: FastifyRequest,
    id: string,
): Promise<Subcontractor> {
    const found = await findSubcontractor(db, request.access.scopes, id);
    if (!found) throw notFound(`Subcontractor ${id}`);
    await db.transaction(async (tx) => {
        // Lock the row, so a user or vehicle added meanwhile is either counted here or refused by the foreign key.
        const [locked] = await tx
            .select({ users: assignedUserCount, vehicles: vehicleCount })
            .from(subcontractors)
            .where(eq(subcontractors.id, id))
            .for('update');
        if (!locked) throw notFound(`Subcontractor ${id}`);
        if (locked.users > 0 || locked.vehicles > 0) {
            throw conflict(
                'SUBCONTRACTOR_HAS_USERS_OR_VEHICLES_ASSIGNED',
                `Subcontractor ${id} still has ${locked.users} users and ${locked.vehicles} vehicles assigned.`,
            );
        }
        await tx.delete(subcontractors).where(eq(subcontractors.id, id));
        await appendAudit(tx, request, {
            action: 'delete',
            entityType: 'subcontractor',
            entityId: id,
            changes: { before: found },
        });
    });
    referenceDataChanged(db);
    return found;
}
