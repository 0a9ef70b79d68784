import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { sameDocument, type ConfigSchemaName } from '../../domain/clientConfigs.js';
import type { ConfigDocument, ConfigRevision } from '../../domain/contracts/client-configs.js';
import type { Database, Queryable } from '../db/client.js';
import { newId } from '../db/ids.js';
import {
    depotConfigRevisions,
    tenantConfigRevisions,
    tenants,
    tourCommanderConfigRevisions,
    users,
} from '../db/schema/index.js';
import { AppError, badRequest, conflict, notFound } from '../errors.js';
import { appendAudit } from './audit-repository.js';
import { assertValidConfig } from './config-schemas.js';

/**
 * Revisions of client configurations (tenant, depot, tour commander): every save is a new
 * revision numbered per owner, the highest is current (docs/decisions.md). One transaction per
 * write, with its audit entry; a stale base revision or a concurrent save of the same base is
 * 409 STALE_RECORD and changes nothing.
 */

/** Whose configuration, already checked to lie inside the caller's scopes. */
export type RevisionOwner =
    | { kind: 'tenant'; tenantId: string }
    | { kind: 'depot'; tenantId: string; internalDepotId: string }
    | { kind: 'tourCommander'; tenantId: string };

const schemaOf: Record<RevisionOwner['kind'], ConfigSchemaName> = {
    tenant: 'tenant',
    depot: 'depot',
    tourCommander: 'tour-commander',
};
const entityOf: Record<RevisionOwner['kind'], string> = {
    tenant: 'tenant-client-config',
    depot: 'depot-client-config',
    tourCommander: 'tour-commander-config',
};

function tableOf(owner: RevisionOwner) {
    switch (owner.kind) {
        case 'tenant':
            return {
                table: tenantConfigRevisions,
                where: eq(tenantConfigRevisions.tenantId, owner.tenantId),
                values: { tenantId: owner.tenantId },
            };
        case 'tourCommander':
            return {
                table: tourCommanderConfigRevisions,
                where: eq(tourCommanderConfigRevisions.tenantId, owner.tenantId),
                values: { tenantId: owner.tenantId },
            };
        case 'depot':
            return {
                table: depotConfigRevisions,
                where: eq(depotConfigRevisions.depotId, owner.internalDepotId),
                values: { tenantId: owner.tenantId, depotId: owner.internalDepotId },
            };
    }
}

const ownerId = (owner: RevisionOwner) =>
    owner.kind === 'depot' ? owner.internalDepotId : owner.tenantId;

const emptyRevision = (): ConfigRevision => ({
    revision: 0,
    document: {},
    createdAt: null,
    createdBy: null,
    restoredFrom: null,
});

async function selectRevisions(
    db: Queryable,
    owner: RevisionOwner,
    extra?: SQL,
    limit?: number,
): Promise<ConfigRevision[]> {
    const { table, where } = tableOf(owner);
    const query = db
        .select({
            revision: table.revision,
            document: table.document,
            createdAt: table.createdAt,
            restoredFrom: table.restoredFrom,
            userId: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
        })
        .from(table)
        .leftJoin(users, eq(users.id, table.createdBy))
        .where(and(where, extra))
        .orderBy(desc(table.revision));
    const rows = limit === undefined ? await query : await query.limit(limit);
    return rows.map((row) => ({
        revision: row.revision,
        document: row.document,
        createdAt: row.createdAt.toISOString(),
        createdBy: row.userId
            ? { id: row.userId, name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() }
            : null,
        restoredFrom: row.restoredFrom,
    }));
}

/** The current revision, or revision 0 with `{}` when none was saved. */
export async function currentRevision(
    db: Queryable,
    owner: RevisionOwner,
): Promise<ConfigRevision> {
    const [latest] = await selectRevisions(db, owner, undefined, 1);
    return latest ?? emptyRevision();
}

/** Every revision, newest first. */
export function revisionHistory(db: Queryable, owner: RevisionOwner): Promise<ConfigRevision[]> {
    return selectRevisions(db, owner);
}

function stale(current: number, base: number): AppError {
    return conflict(
        'STALE_RECORD',
        `The configuration changed meanwhile (revision ${current}, edited from ${base}); reload it and apply your change again.`,
        [{ field: '/body/baseRevision', message: `current revision is ${current}` }],
    );
}

function isUniqueViolation(error: unknown): boolean {
    for (
        let cause: unknown = error;
        cause instanceof Object;
        cause = (cause as { cause?: unknown }).cause
    ) {
        if ((cause as { code?: unknown }).code === '23505') return true;
    }
    return false;
}

interface WriteInput {
    document: ConfigDocument;
    baseRevision: number;
    restoredFrom: number | null;
}

/**
 * Appends a revision after checking the base revision and the document against the owner's
 * current schema; answers `created: false` (nothing written) when a save changes nothing.
 */
async function appendRevision(
    db: Database,
    request: FastifyRequest,
    owner: RevisionOwner,
    input: WriteInput,
): Promise<{ created: boolean; revision: ConfigRevision }> {
    assertValidConfig(owner.tenantId, schemaOf[owner.kind], input.document);
    const { table, values } = tableOf(owner);
    try {
        const created = await db.transaction(async (tx) => {
            const current = await currentRevision(tx, owner);
            if (current.revision !== input.baseRevision)
                throw stale(current.revision, input.baseRevision);
            if (
                input.restoredFrom === null &&
                current.revision > 0 &&
                sameDocument(current.document, input.document)
            )
                return false;
            const revision = current.revision + 1;
            await tx.insert(table).values({
                id: newId(),
                ...values,
                revision,
                document: input.document,
                restoredFrom: input.restoredFrom,
                createdBy: request.caller.userId,
            });
            await appendAudit(tx, request, {
                action:
                    input.restoredFrom === null
                        ? `${entityOf[owner.kind]}-saved`
                        : `${entityOf[owner.kind]}-restored`,
                entityType: entityOf[owner.kind],
                entityId: ownerId(owner),
                changes: {
                    revision,
                    before: current.document,
                    after: input.document,
                    ...(input.restoredFrom === null ? {} : { restoredFrom: input.restoredFrom }),
                },
            });
            return true;
        });
        return { created, revision: await currentRevision(db, owner) };
    } catch (error) {
        // Two saves from the same base: the unique (owner, revision) index refuses the later one.
        if (isUniqueViolation(error)) throw stale(input.baseRevision + 1, input.baseRevision);
        throw error;
    }
}

/** Saves an edited document as a new revision. */
export function saveRevision(
    db: Database,
    request: FastifyRequest,
    owner: RevisionOwner,
    body: { document: ConfigDocument; baseRevision: number },
) {
    return appendRevision(db, request, owner, {
        document: body.document,
        baseRevision: body.baseRevision,
        restoredFrom: null,
    });
}

/** Restores an older revision: a new revision with its document (validated against the current schema). */
export async function restoreRevision(
    db: Database,
    request: FastifyRequest,
    owner: RevisionOwner,
    revision: number,
    baseRevision: number,
) {
    const [old] = await selectRevisions(
        db,
        owner,
        sql`${tableOf(owner).table.revision} = ${revision}`,
        1,
    );
    if (!old) throw notFound(`Revision ${revision}`);
    if (old.revision === baseRevision)
        throw badRequest(`Revision ${revision} is already the current one.`, [
            { field: '/params/revision', message: 'is the current revision' },
        ]);
    return appendRevision(db, request, owner, {
        document: old.document,
        baseRevision,
        restoredFrom: old.revision,
    });
}

/** The id of an organisation that owns configurations (admins only reach their routes), else 404. */
export async function tenantOwner(db: Queryable, tenantId: string): Promise<string> {
    const [tenant] = await db
        .select({ id: tenants.id })
        .from(tenants)
        .where(eq(tenants.id, tenantId))
        .limit(1);
    if (!tenant) throw notFound(`Tenant ${tenantId}`);
    return tenant.id;
}
