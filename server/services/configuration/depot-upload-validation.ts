import Papa from 'papaparse';
import {
    csvRowNumber,
    DEPOT_UPLOAD_MAX_ROWS,
    depotCsvColumns,
    depotCsvContextProblems,
    depotCsvDuplicates,
    depotCsvRowErrors,
    depotCsvRowToBody,
    describeDepotCsvDuplicate,
    describeDepotCsvProblem,
    formatDeviceMapping,
    parseDeviceMapping,
    readDepotCsvRecords,
    type DepotCsvColumn,
    type DepotCsvDuplicate,
    type DepotCsvRow,
    type DepotProblemRule,
} from '../../../domain/depots.js';
import type { CreateDepotBody } from '../../../domain/contracts/depots.js';
import type { ErrorDetail } from '../../../domain/contracts/common.js';
import type { ProfileActions } from '../../../domain/permissions.js';
import { can, canAnywhereUnder } from '../../../domain/permissionChecks.js';
import type { Queryable } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { badRequest } from '../../errors.js';
import { depotValues, type DepotValues } from './depot-values.js';
import { loadTenantDepotContext, type TenantDepotContext } from './tenant-depot-context.js';

/** Each problem of a row as one detail: `{ field: 'row <n>', message, rule, params: { column, ... } }`. */
export type UploadProblem = ErrorDetail;

const rowProblem = (
    row: number,
    message: string,
    rule: DepotProblemRule,
    params: Record<string, string | number> = {},
): UploadProblem => ({
    field: `row ${row}`,
    message,
    rule,
    params,
});

/** The rows of a CSV text (papaparse, RFC 4180) and their shape problems, or a 400 for a file without the fixed header or rows. */
export function parseDepotCsv(text: string): { rows: DepotCsvRow[]; problems: UploadProblem[] } {
    const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
        skipEmptyLines: false,
        delimiter: ',',
    });
    const { headerProblem, rows, problems } = readDepotCsvRecords(parsed.data);
    if (headerProblem)
        throw badRequest(
            headerProblem,
            [rowProblem(1, headerProblem, 'csvHeader', { columns: depotCsvColumns.join(',') })],
            'DEPOT_UPLOAD_INVALID',
        );
    if (rows.length === 0)
        throw badRequest(
            'The file holds no depot rows.',
            [rowProblem(2, 'no depot rows below the header', 'csvEmpty')],
            'DEPOT_UPLOAD_INVALID',
        );
    if (rows.length > DEPOT_UPLOAD_MAX_ROWS) {
        const message = `The file holds ${rows.length} rows; at most ${DEPOT_UPLOAD_MAX_ROWS} can be uploaded at once.`;
        throw badRequest(
            message,
            [
                rowProblem(csvRowNumber(DEPOT_UPLOAD_MAX_ROWS), message, 'csvTooManyRows', {
                    rows: rows.length,
                    max: DEPOT_UPLOAD_MAX_ROWS,
                }),
            ],
            'DEPOT_UPLOAD_INVALID',
        );
    }
    return {
        rows,
        problems: problems.map((problem) =>
            rowProblem(problem.row, problem.message, 'csvCells', {
                count: problem.cells,
                expected: depotCsvColumns.length,
            }),
        ),
    };
}

/**
 * Checks every row (domain rules, then organisation, permission, region, configured services,
 * duplicates in the file and against stored depots) and answers the rows to insert, or every
 * problem of every row, each with its reason (`rule`) and the CSV column in `params`. An unknown
 * organisation or region reads exactly like one where the caller may not create depots.
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
            const allowed = canAnywhereUnder(actions, 'c:depot', {
                context: 'tenant',
                path: tenantId,
            });
            contexts.set(
                tenantId,
                allowed ? await loadTenantDepotContext(db, tenantId) : undefined,
            );
        }
        return contexts.get(tenantId);
    };
    const mayCreateAt = (path: string) => can(actions, 'c:depot', { context: 'tenant', path });
    const duplicatesByRow = new Map<number, DepotCsvDuplicate[]>();
    for (const duplicate of depotCsvDuplicates(rows))
        duplicatesByRow.set(duplicate.row, [
            ...(duplicatesByRow.get(duplicate.row) ?? []),
            duplicate,
        ]);
    const values: DepotValues[] = [];
    for (const [index, row] of rows.entries()) {
        const rowNumber = csvRowNumber(index);
        const add = (
            column: DepotCsvColumn,
            message: string,
            rule: DepotProblemRule,
            params: Record<string, string | number> = {},
        ) => problems.push(rowProblem(rowNumber, message, rule, { column, ...params }));
        for (const problem of depotCsvRowErrors(row))
            add(problem.column, describeDepotCsvProblem(problem), problem.rule);
        const body: CreateDepotBody = depotCsvRowToBody(row);
        if (body.tenantId === '') continue;
        const context = await contextOf(body.tenantId);
        for (const problem of depotCsvContextProblems(row, context, mayCreateAt))
            add(problem.column, problem.message, problem.rule, problem.params);
        if (!context) continue;
        for (const duplicate of duplicatesByRow.get(rowNumber) ?? []) {
            add(duplicate.column, describeDepotCsvDuplicate(duplicate), 'duplicateInFile', {
                value: duplicate.value,
                first: duplicate.firstRow,
            });
        }
        if (body.externalDepotId !== '' && context.externalIds.has(body.externalDepotId)) {
            add(
                'externalDepotId',
                `externalDepotId ${body.externalDepotId} is already used by a stored depot of ${body.tenantId}`,
                'externalDepotIdTaken',
                { value: body.externalDepotId },
            );
        }
        for (const entry of body.deviceMappings) {
            const pair = parseDeviceMapping(entry);
            if (pair && context.mappings.has(formatDeviceMapping(pair))) {
                add(
                    'deviceMapping',
                    `deviceMapping ${formatDeviceMapping(pair)} is already used by a stored depot`,
                    'deviceMappingTaken',
                    { value: formatDeviceMapping(pair) },
                );
            }
        }
        if (
            problems.length === 0 &&
            body.latitude !== null &&
            body.latitude !== undefined &&
            body.longitude !== null &&
            body.longitude !== undefined
        ) {
            values.push(
                depotValues(newId(), body, { latitude: body.latitude, longitude: body.longitude }),
            );
        }
    }
    return { values, problems };
}
