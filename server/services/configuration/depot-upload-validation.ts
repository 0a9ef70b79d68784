import { setImmediate as nextTurn } from 'node:timers/promises';
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
    splitDeviceMappings,
    type DepotCsvColumn,
    type DepotCsvDuplicate,
    type DepotCsvRow,
    type DepotProblemRule,
} from '../../../domain/depots.js';
import type { CreateDepotBody, DeviceMapping } from '../../../domain/contracts/depots.js';
import type { ErrorDetail } from '../../../domain/contracts/common.js';
import type { ProfileActions } from '../../../domain/permissions.js';
import { can, canAnywhereUnder } from '../../../domain/permissionChecks.js';
import type { Queryable } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { badRequest } from '../../errors.js';
import { depotValues, type DepotValues } from './depot-values.js';
import {
    loadTenantDepotContext,
    type TenantDepotContext,
    type WantedDepotKeys,
} from './tenant-depot-context.js';

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
 * What an upload's checks read of each organisation its file names: the ids and mappings its
 * rows use, or undefined where the caller may not create depots (nothing is read there).
 */
export type DepotUploadLookups = ReadonlyMap<string, WantedDepotKeys | undefined>;

/** The organisations of an upload's rows, as `checkDepotRows` sees them (undefined: unknown or not allowed). */
export type DepotUploadContexts = ReadonlyMap<string, TenantDepotContext | undefined>;

/** Rows checked between two turns of the event loop, so other requests are answered meanwhile. */
const ROWS_PER_TURN = 1_000;

/** The organisations a file names and, where the caller may create depots, the ids and mappings of their rows. */
export function depotUploadLookups(
    actions: ProfileActions,
    rows: readonly DepotCsvRow[],
): DepotUploadLookups {
    const wanted = new Map<string, { ids: Set<string>; mappings: Map<string, DeviceMapping> }>();
    const lookups = new Map<string, WantedDepotKeys | undefined>();
    for (const row of rows) {
        const tenantId = row.organizationId.trim();
        if (tenantId === '') continue;
        if (!lookups.has(tenantId)) {
            // c:depot anywhere in the organisation (a region-scoped holder may upload rows for its regions).
            const allowed = canAnywhereUnder(actions, 'c:depot', {
                context: 'tenant',
                path: tenantId,
            });
            lookups.set(tenantId, undefined);
            if (allowed) wanted.set(tenantId, { ids: new Set(), mappings: new Map() });
        }
        const keys = wanted.get(tenantId);
        if (!keys) continue;
        const externalId = row.externalDepotId.trim();
        if (externalId !== '') keys.ids.add(externalId);
        for (const entry of splitDeviceMappings(row.deviceMapping)) {
            const pair = parseDeviceMapping(entry);
            if (pair) keys.mappings.set(formatDeviceMapping(pair), pair);
        }
    }
    for (const [tenantId, keys] of wanted)
        lookups.set(tenantId, {
            externalDepotIds: [...keys.ids],
            mappings: [...keys.mappings.values()],
        });
    return lookups;
}

/** Reads what `lookups` names: per organisation a few set-based statements, never every stored depot. */
export async function loadDepotUploadContexts(
    db: Queryable,
    lookups: DepotUploadLookups,
): Promise<DepotUploadContexts> {
    const contexts = new Map<string, TenantDepotContext | undefined>();
    for (const [tenantId, wanted] of lookups)
        contexts.set(tenantId, wanted && (await loadTenantDepotContext(db, tenantId, wanted)));
    return contexts;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((value, index) => value === b[index]);
const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
    a.size === b.size && [...a].every((value) => b.has(value));
const sameMap = (a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>) =>
    a.size === b.size && [...a].every(([key, value]) => b.get(key) === value);

/** True when two readings of an upload's organisations would give every row the same checks. */
export function sameDepotUploadContexts(a: DepotUploadContexts, b: DepotUploadContexts): boolean {
    return [...a].every(([tenantId, first]) => {
        const second = b.get(tenantId);
        if (!first || !second) return first === second;
        return (
            sameList(first.services, second.services) &&
            sameSet(first.groupIds, second.groupIds) &&
            sameMap(first.externalIds, second.externalIds) &&
            sameMap(first.mappings, second.mappings)
        );
    });
}

/**
 * Checks every row (domain rules, then organisation, permission, region, configured services,
 * duplicates in the file and against the stored depots in `contexts`) and answers the rows to
 * insert, or every problem of every row, each with its reason (`rule`) and the CSV column in
 * `params`. An unknown organisation or region reads exactly like one where the caller may not
 * create depots. Reads nothing; lets other requests run every `ROWS_PER_TURN` rows.
 */
export async function checkDepotRows(
    actions: ProfileActions,
    rows: readonly DepotCsvRow[],
    earlier: readonly UploadProblem[],
    contexts: DepotUploadContexts,
): Promise<{ values: DepotValues[]; problems: UploadProblem[] }> {
    const problems: UploadProblem[] = [...earlier];
    const allowedPaths = new Map<string, boolean>();
    const mayCreateAt = (path: string) => {
        let allowed = allowedPaths.get(path);
        if (allowed === undefined) {
            allowed = can(actions, 'c:depot', { context: 'tenant', path });
            allowedPaths.set(path, allowed);
        }
        return allowed;
    };
    const duplicatesByRow = new Map<number, DepotCsvDuplicate[]>();
    for (const duplicate of depotCsvDuplicates(rows))
        duplicatesByRow.set(duplicate.row, [
            ...(duplicatesByRow.get(duplicate.row) ?? []),
            duplicate,
        ]);
    const values: DepotValues[] = [];
    for (const [index, row] of rows.entries()) {
        if (index > 0 && index % ROWS_PER_TURN === 0) await nextTurn();
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
        const context = contexts.get(body.tenantId);
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
