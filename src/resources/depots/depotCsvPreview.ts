import Papa from 'papaparse';
import {
    csvRowNumber,
    depotCsvColumns,
    depotCsvContextProblems,
    depotCsvDuplicates,
    depotCsvRowErrors,
    readDepotCsvRecords,
    type DepotCsvRow,
    type DepotProblemRule,
    type DepotRowOrganisation,
} from '../../../domain/depots';

/** One problem of a previewed row: the reason and its values (the CSV column among them), like the server's details. */
interface PreviewProblem {
    row: number;
    rule: DepotProblemRule;
    params: Record<string, string | number>;
}

/** A parsed file: the header problem, or its rows and every problem the browser can find without stored data. */
export interface DepotCsvPreview {
    headerProblem: boolean;
    rows: DepotCsvRow[];
    problems: PreviewProblem[];
    badRows: number;
}

/**
 * What the browser knows of the organisations a file names (loaded when the file is chosen):
 * the organisations the user may create depots in, with their regions and configured services
 * where loaded; `mayCreateAt` checks the user's c:depot on a region path.
 */
export interface DepotPreviewContext {
    organisations: ReadonlyMap<string, DepotRowOrganisation>;
    mayCreateAt: (path: string) => boolean;
}

/** Parses a CSV text with papaparse. */
function parseDepotCsvText(text: string): string[][] {
    return Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
        skipEmptyLines: false,
        delimiter: ',',
    }).data;
}

/** The distinct organisation ids a file's rows name (for loading their regions and services). */
export const depotCsvOrganisationIds = (rows: readonly DepotCsvRow[]): string[] =>
    [...new Set(rows.map((row) => row.organizationId.trim()).filter((id) => id !== ''))].sort();

/**
 * Checks every row with the shared rules (domain/depots.ts); with a context also the
 * organisation, region and configured services (the server checks all of it again, and the
 * stored duplicates only it can see).
 */
export function previewDepotCsv(text: string, context?: DepotPreviewContext): DepotCsvPreview {
    const records = readDepotCsvRecords(parseDepotCsvText(text));
    if (records.headerProblem) return { headerProblem: true, rows: [], problems: [], badRows: 0 };
    const problems: PreviewProblem[] = records.problems.map((problem) => ({
        row: problem.row,
        rule: 'csvCells',
        params: { count: problem.cells, expected: depotCsvColumns.length },
    }));
    records.rows.forEach((row, index) => {
        const rowNumber = csvRowNumber(index);
        for (const problem of depotCsvRowErrors(row))
            problems.push({
                row: rowNumber,
                rule: problem.rule,
                params: { column: problem.column },
            });
        if (!context) return;
        const organisation = context.organisations.get(row.organizationId.trim());
        for (const problem of depotCsvContextProblems(row, organisation, context.mayCreateAt)) {
            problems.push({
                row: rowNumber,
                rule: problem.rule,
                params: { column: problem.column, ...problem.params },
            });
        }
    });
    for (const duplicate of depotCsvDuplicates(records.rows)) {
        problems.push({
            row: duplicate.row,
            rule: 'duplicateInFile',
            params: { column: duplicate.column, value: duplicate.value, first: duplicate.firstRow },
        });
    }
    problems.sort((a, b) => a.row - b.row);
    return {
        headerProblem: false,
        rows: records.rows,
        problems,
        badRows: new Set(problems.map((problem) => problem.row)).size,
    };
}
