import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { badRequest } from '../../errors.js';
import { appendAudit } from '../../shared/audit-repository.js';
import { duplicateExternalIdFrom } from './depot-checks.js';
import { parseDepotCsv, validateDepotRows } from './depot-upload-validation.js';
import { insertDepots } from './depots-repository.js';
import { lockTenantDepots } from './tenant-depot-context.js';

/**
 * Creates the depots of a CSV file (domain §5), all rows or none: every row is checked under the
 * locks of its organisations; any problem is 400 DEPOT_UPLOAD_INVALID listing every problem of
 * every row (`row <n>`, the header being row 1). A valid file is inserted in one transaction
 * (multi-row statements) with one audit entry. Answers how many depots were created.
 */
export async function uploadDepots(
    db: Database,
    request: FastifyRequest,
    csv: string,
): Promise<number> {
    const { rows, problems: shapeProblems } = parseDepotCsv(csv);
    const tenantIds = [
        ...new Set(rows.map((row) => row.organizationId.trim()).filter(Boolean)),
    ].sort();
    let transactionStart = 0;
    try {
        const created = await db.transaction(async (tx) => {
            transactionStart = performance.now();
            // Locks first (sorted: no deadlock between two uploads), then every check against what is stored.
            for (const tenantId of tenantIds) await lockTenantDepots(tx, tenantId);
            const { values, problems } = await validateDepotRows(
                tx,
                request.caller.actions,
                rows,
                shapeProblems,
            );
            if (problems.length > 0) {
                const rowsWithProblems = new Set(problems.map((problem) => problem.field)).size;
                throw badRequest(
                    `${rowsWithProblems} row(s) of the file are invalid; nothing was imported.`,
                    problems,
                    'DEPOT_UPLOAD_INVALID',
                );
            }
            await insertDepots(tx, values);
            await appendAudit(tx, request, {
                action: 'depots-uploaded',
                entityType: 'depot',
                entityId: null,
                changes: {
                    created: values.length,
                    tenants: tenantIds,
                    internalDepotIds: values.map((value) => value.internalDepotId),
                },
            });
            return values.length;
        });
        // Every tenant waits for this transaction on the embedded database: its length is logged.
        const transactionMs = Math.round(performance.now() - transactionStart);
        request.log.info({ created, transactionMs }, 'depots uploaded');
        return created;
    } catch (error) {
        throw duplicateExternalIdFrom(error) ?? error;
    }
}
