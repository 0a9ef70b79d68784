import type { FastifyRequest } from 'fastify';
import Papa from 'papaparse';
import {
    ADDRESS_INFO_MAX_PER_DEPOT,
    checkAddressInfoRecords,
    describeAddressInfoProblem,
    type AddressInfoProblem,
} from '../../../domain/addressDeliveryInfo.js';
import type {
    AddressDeliveryInfo,
    AddressDeliveryInfoUploadAnswer,
} from '../../../domain/contracts/address-delivery-info.js';
import type { ErrorDetail } from '../../../domain/contracts/common.js';
import type { ErrorCode } from '../../../domain/errors.js';
import type { Database } from '../../db/client.js';
import { badRequest, notFound } from '../../errors.js';
import { appendAudit } from '../../shared/audit-repository.js';
import {
    countAddressDeliveryInfos,
    deleteAddressDeliveryInfo,
    upsertAddressDeliveryInfos,
    type DepotAtPath,
} from './address-delivery-info-repository.js';

const UPLOAD_INVALID: ErrorCode = 'ADDRESS_INFO_UPLOAD_INVALID';

/** A problem as an error detail: `{ field: 'row <n>', message, rule, params: { column, ... } }`. */
const detailOf = (problem: AddressInfoProblem): ErrorDetail => ({
    field: `row ${problem.row}`,
    message: describeAddressInfoProblem(problem),
    rule: problem.rule,
    params: problem.column ? { ...problem.params, column: problem.column } : problem.params,
});

function refuse(problems: readonly AddressInfoProblem[]): never {
    const rows = new Set(problems.map((problem) => problem.row)).size;
    throw badRequest(
        `${rows} row(s) of the file are invalid; nothing was imported.`,
        problems.map(detailOf),
        UPLOAD_INVALID,
    );
}

/** The records of a CSV text (papaparse, RFC 4180, comma-separated; a byte order mark ignored). */
function parseAddressInfoCsv(text: string): string[][] {
    return Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
        skipEmptyLines: false,
        delimiter: ',',
    }).data;
}

/**
 * Imports a depot's address delivery information from a CSV file, all rows or none: every row is
 * checked first (domain/addressDeliveryInfo.ts) and any problem answers 400
 * ADDRESS_INFO_UPLOAD_INVALID listing each (`row <n>`, the header being row 1, with the column and
 * the reason). Then one transaction replaces the entries of known addresses, inserts the others,
 * checks the depot's entry limit and appends one audit entry.
 */
export async function uploadAddressDeliveryInfos(
    db: Database,
    request: FastifyRequest,
    depot: DepotAtPath,
    csv: string,
): Promise<AddressDeliveryInfoUploadAnswer> {
    const checked = checkAddressInfoRecords(parseAddressInfoCsv(csv));
    if (checked.problems.length > 0) refuse(checked.problems);
    const answer = await db.transaction(async (tx) => {
        const counts = await upsertAddressDeliveryInfos(
            tx,
            depot,
            checked.entries,
            request.caller.userId,
        );
        const total = await countAddressDeliveryInfos(tx, depot.id);
        if (total > ADDRESS_INFO_MAX_PER_DEPOT)
            refuse([
                {
                    row: checked.entries.at(-1)?.row ?? 2,
                    rule: 'depotFull',
                    params: { total, max: ADDRESS_INFO_MAX_PER_DEPOT },
                },
            ]);
        await appendAudit(tx, request, {
            action: 'address-delivery-infos-uploaded',
            entityType: 'address-delivery-info',
            entityId: null,
            changes: { depotId: depot.id, ...counts },
        });
        return counts;
    });
    request.log.info({ depotId: depot.id, ...answer }, 'address delivery information uploaded');
    return answer;
}

/** Deletes one entry of the depot (404 when the depot has none with this id), with an audit entry; answers it. */
export async function removeAddressDeliveryInfo(
    db: Database,
    request: FastifyRequest,
    depot: DepotAtPath,
    id: string,
): Promise<AddressDeliveryInfo> {
    return db.transaction(async (tx) => {
        const removed = await deleteAddressDeliveryInfo(tx, depot.id, id);
        if (!removed) throw notFound(`Address delivery information ${id}`);
        await appendAudit(tx, request, {
            action: 'address-delivery-info-deleted',
            entityType: 'address-delivery-info',
            entityId: id,
            changes: { depotId: depot.id, addressKey: removed.addressKey },
        });
        return removed;
    });
}
