import Papa from 'papaparse';
import {
    csvRowNumber,
    DEPOT_UPLOAD_MAX_ROWS,
    depotCsvDuplicates,
    depotCsvRowErrors,
    depotCsvRowToBody,
    describeDepotCsvDuplicate,
    describeDepotCsvProblem,
    formatDeviceMapping,
    parseDeviceMapping,
    unconfiguredServices,
    type CreateDepotBody,
    readDepotCsvRecords,
    type DepotCsvDuplicate,
    type DepotCsvRow,
} from '../../../domain/depots.js';
import type { ErrorDetail } from '../../../domain/errors.js';
import type { ProfileActions } from '../../../domain/permissions.js';
import { can, canAnywhereUnder } from '../../../domain/permissionChecks.js';
import { joinScopePath } from '../../../domain/scopePath.js';
import type { Queryable } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { badRequest } from '../../errors.js';
import { depotValues, loadTenantDepotContext, type DepotValues, type TenantDepotContext } from './depot-writes.js';

/** Each problem of a row as one detail: `{ field: 'row <n>', message }`. */
export type UploadProblem = ErrorDetail;

/** The rows of a CSV text (papaparse, RFC 4180) and their shape problems, or a 400 for a file without the fixed header or rows. */
export function parseDepotCsv(text: string): { rows: DepotCsvRow[]; problems: UploadProblem[] } {
    const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false, delimiter: ',' });
    const { headerProblem, rows, problems } = readDepotCsvRecords(parsed.data);
    if (headerProblem) throw badRequest(headerProblem, [{ field: 'row 1', message: headerProblem }], 'DEPOT_UPLOAD_INVALID');
    if (rows.length === 0) throw badRequest('The file holds no depot rows.', [{ field: 'row 2', message: 'no depot rows below the header' }], 'DEPOT_UPLOAD_INVALID');
    if (rows.length > DEPOT_UPLOAD_MAX_ROWS) {
        const message = `The file holds ${rows.length} rows; at most ${DEPOT_UPLOAD_MAX_ROWS} can be uploaded at once.`;
        throw badRequest(message, [{ field: `row ${csvRowNumber(DEPOT_UPLOAD_MAX_ROWS)}`, message }], 'DEPOT_UPLOAD_INVALID');
    }
    return { rows, problems: problems.map((problem) => ({ field: `row ${problem.row}`, message: problem.message })) };
}

/**
 * Checks every row (domain rules, then organisation, permission, region, configured services,
 * duplicates in the file and against stored depots) and answers the rows to insert, or every
 * problem of every row. An unknown organisation or region reads exactly like one where the
 * caller may not create depots.
 */
export async function validateDepotRows(
    db: Queryable,
    actions: ProfileActions,
    rows: readonly DepotCsvRow[],
    earlier: readonly UploadProblem[],
): Promise<{ values: DepotValues[]; problems: UploadProblem[] }> {
    const problems: UploadProblem[] = [...earlier];
    const contexts = new Map<string, TenantDepotContext | undefined>();
    const contextOf = async (tenantId: string) => {
        if (!contexts.has(tenantId)) {
            // c:depot anywhere in the organisation (a region-scoped holder may upload rows for its regions).
            const allowed = canAnywhereUnder(actions, 'c:depot', { context: 'tenant', path: tenantId });
            contexts.set(tenantId, allowed ? await loadTenantDepotContext(db, tenantId) : undefined);
        }
        return contexts.get(tenantId);
    };
    const duplicatesByRow = new Map<number, DepotCsvDuplicate[]>();
    for (const duplicate of depotCsvDuplicates(rows)) duplicatesByRow.set(duplicate.row, [...(duplicatesByRow.get(duplicate.row) ?? []), duplicate]);
    const values: DepotValues[] = [];
    for (const [index, row] of rows.entries()) {
        const rowNumber = csvRowNumber(index);
        const add = (message: string) => problems.push({ field: `row ${rowNumber}`, message });
        for (const problem of depotCsvRowErrors(row)) add(describeDepotCsvProblem(problem));
        const body: CreateDepotBody = depotCsvRowToBody(row);
        if (body.tenantId === '') continue;
        const context = await contextOf(body.tenantId);
        if (!context) {
            add(`organizationId ${body.tenantId}: unknown organisation, or you may not create depots there`);
            continue;
        }
        const regionPath = joinScopePath([body.tenantId, body.countryCode, body.groupId].filter((part) => part !== ''));
        if (body.groupId !== '' && (!can(actions, 'c:depot', { context: 'tenant', path: regionPath }) || !context.groupIds.has(body.groupId))) {
            add(`regionId ${body.groupId}: unknown region of ${body.tenantId}, or you may not create depots there`);
        }
        const unknown = unconfiguredServices(body.deviceMappings, context.services);
        if (unknown.length > 0) {
            add(`deviceMapping: service ${unknown.join(', ')} is not configured for ${body.tenantId} (${context.services.length > 0 ? `configured: ${context.services.join(', ')}` : 'none configured'})`);
        }
        for (const duplicate of duplicatesByRow.get(rowNumber) ?? []) add(describeDepotCsvDuplicate(duplicate));
        if (body.externalDepotId !== '' && context.externalIds.has(body.externalDepotId)) add(`externalDepotId ${body.externalDepotId} is already used by a stored depot of ${body.tenantId}`);
        for (const entry of body.deviceMappings) {
            const pair = parseDeviceMapping(entry);
            if (pair && context.mappings.has(formatDeviceMapping(pair))) add(`deviceMapping ${formatDeviceMapping(pair)} is already used by a stored depot`);
        }
        if (problems.length === 0 && body.latitude !== null && body.latitude !== undefined && body.longitude !== null && body.longitude !== undefined) {
            values.push(depotValues(newId(), body, { latitude: body.latitude, longitude: body.longitude }));
        }
    }
    return { values, problems };
}
