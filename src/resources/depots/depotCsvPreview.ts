import Papa from 'papaparse';
import {
    csvRowNumber,
    depotCsvColumns,
    depotCsvDuplicates,
    depotCsvRowErrors,
    readDepotCsvRecords,
    type DepotCsvRow,
    type DepotFieldRule,
} from '../../../domain/depots';

/** One problem of a previewed row, as a translation key and its arguments. */
export interface PreviewProblem {
    row: number;
    key: string;
    args: Record<string, string | number>;
}

/** A parsed file: the header problem, or its rows and every problem the browser can find without stored data. */
export interface DepotCsvPreview {
    headerProblem: boolean;
    rows: DepotCsvRow[];
    problems: PreviewProblem[];
    badRows: number;
}

/** Parses a CSV text with papaparse and checks every row with the shared rules (domain/depots.ts). */
export function previewDepotCsv(text: string): DepotCsvPreview {
    const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false, delimiter: ',' });
    const records = readDepotCsvRecords(parsed.data);
    if (records.headerProblem) return { headerProblem: true, rows: [], problems: [], badRows: 0 };
    const problems: PreviewProblem[] = records.problems.map((problem) => ({
        row: problem.row,
        key: 'app.depots.upload.cells',
        args: { count: problem.cells, expected: depotCsvColumns.length },
    }));
    records.rows.forEach((row, index) => {
        for (const problem of depotCsvRowErrors(row)) problems.push({ row: csvRowNumber(index), key: `app.depots.rules.${problem.rule satisfies DepotFieldRule}`, args: { column: problem.column } });
    });
    for (const duplicate of depotCsvDuplicates(records.rows)) {
        problems.push({ row: duplicate.row, key: 'app.depots.upload.duplicate', args: { column: duplicate.column, value: duplicate.value, first: duplicate.firstRow } });
    }
    problems.sort((a, b) => a.row - b.row);
    return { headerProblem: false, rows: records.rows, problems, badRows: new Set(problems.map((problem) => problem.row)).size };
}
