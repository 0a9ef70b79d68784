import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { referenceDataChanged } from '../../db/reference-data.js';
import { badRequest } from '../../errors.js';
import { appendAudit } from '../../shared/audit-repository.js';
import { duplicateExternalIdFrom } from './depot-checks.js';
import {
    checkDepotRows,
    depotUploadLookups,
    loadDepotUploadContexts,
    parseDepotCsv,
    sameDepotUploadContexts,
    type UploadProblem,
} from './depot-upload-validation.js';
import { insertDepots } from './depots-repository.js';
import { lockTenantDepots } from './tenant-depot-context.js';

function refuse(problems: readonly UploadProblem[]): never {
    const rowsWithProblems = new Set(problems.map((problem) => problem.field)).size;
    throw badRequest(
        `${rowsWithProblems} row(s) of the file are invalid; nothing was imported.`,
        [...problems],
        'DEPOT_UPLOAD_INVALID',
    );
}

/**
 * Creates the depots of a CSV file (domain §5), all rows or none; any problem is 400
 * DEPOT_UPLOAD_INVALID listing every problem of every row (`row <n>`, the header being row 1).
 * Every row is checked before the transaction, which on PGlite every tenant waits for (issue 13
 * point 24). Under the locks of its organisations the transaction reads again only what may have
 * changed since (the organisations, their regions and services, and which of the file's ids and
 * mappings are stored), checks the rows again only if any of it did, then inserts them set-based
 * with one audit entry. Answers how many depots were created.
 */
export async function uploadDepots(
    db: Database,
    request: FastifyRequest,
    csv: string,
): Promise<number> {
    const { actions } = request.caller;
    const { rows, problems: shapeProblems } = parseDepotCsv(csv);
    const lookups = depotUploadLookups(actions, rows);
    const contexts = await loadDepotUploadContexts(db, lookups);
    const checked = await checkDepotRows(actions, rows, shapeProblems, contexts);
    if (checked.problems.length > 0) refuse(checked.problems);
    const tenantIds = [...lookups.keys()].sort();
    let transactionStart = 0;
    try {
        const created = await db.transaction(async (tx) => {
            transactionStart = performance.now();
            // Locks first (sorted: no deadlock between two uploads).
            for (const tenantId of tenantIds) await lockTenantDepots(tx, tenantId);
            const current = await loadDepotUploadContexts(tx, lookups);
            let { values } = checked;
            if (!sameDepotUploadContexts(contexts, current)) {
                const again = await checkDepotRows(actions, rows, shapeProblems, current);
                if (again.problems.length > 0) refuse(again.problems);
                values = again.values;
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
        referenceDataChanged(db);
        // Every tenant waits for this transaction on the embedded database: its length is logged.
        const transactionMs = Math.round(performance.now() - transactionStart);
        request.log.info({ created, transactionMs }, 'depots uploaded');
        return created;
    } catch (error) {
        throw duplicateExternalIdFrom(error) ?? error;
    }
}
