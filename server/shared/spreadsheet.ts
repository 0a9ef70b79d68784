import writeXlsxFile, { type Cell, type Row } from 'write-excel-file/node';
import { getCellAddress } from 'write-excel-file/utility';

/** One column of an export: its header text, the kind of its cells, and optionally its look in Excel. */
export interface SpreadsheetColumn {
    header: string;
    type: 'text' | 'number' | 'date' | 'boolean';
    /** Width in characters (xlsx only). */
    width?: number;
    /** Excel number or date format (xlsx), e.g. `0.00` or `dd.mm.yyyy`; a date format without hours also makes the CSV show the date only. */
    format?: string;
}

export type SpreadsheetCell = string | number | Date | boolean | null;
export type SpreadsheetRow = readonly SpreadsheetCell[];

export const spreadsheetContentTypes = {
    csv: 'text/csv; charset=utf-8',
    xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** Dates are written in UTC, and the default format says so. */
const DEFAULT_DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss "UTC"';

/** Whether a date format shows a time of day (quoted literals such as "UTC" aside). */
const showsTime = (format: string) => /[hs]/i.test(format.replace(/"[^"]*"/g, ''));

/** The value of a row's cell, checked against its column: only text columns take any kind of value. */
function cellOf(column: SpreadsheetColumn, value: SpreadsheetCell | undefined): SpreadsheetCell {
    if (value === undefined || value === null) return null;
    if (value instanceof Date && Number.isNaN(value.getTime())) return null;
    if (typeof value === 'number' && !Number.isFinite(value)) return null;
    const kind = value instanceof Date ? 'date' : typeof value === 'string' ? 'text' : typeof value;
    if (column.type !== 'text' && kind !== column.type)
        throw new TypeError(`Column "${column.header}" holds ${column.type} cells, not ${kind}`);
    return value;
}

// ---- CSV --------------------------------------------------------------------------------------

/**
 * A cell a spreadsheet program would read as a formula (OWASP "CSV injection": = + - @, and tab
 * or carriage return before them) gets an apostrophe in front, so it stays text.
 */
function neutraliseFormula(value: string): string {
    return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvDate(value: Date, format: string): string {
    const iso = value.toISOString();
    return showsTime(format) ? `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC` : iso.slice(0, 10);
}

function csvText(column: SpreadsheetColumn, value: SpreadsheetCell): string {
    if (value === null) return '';
    if (value instanceof Date) return csvDate(value, column.format ?? DEFAULT_DATE_FORMAT);
    if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
    // Numbers are values, not text: "-5" keeps its sign.
    if (typeof value === 'number') return String(value);
    return neutraliseFormula(value);
}

function csvField(text: string): string {
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 CSV (commas, CRLF, quoted where needed) with a UTF-8 byte order mark and a header row. */
export function spreadsheetCsv(
    columns: readonly SpreadsheetColumn[],
    rows: readonly SpreadsheetRow[],
): Buffer {
    const lines = [
        columns.map((column) => csvField(neutraliseFormula(column.header))).join(','),
        ...rows.map((row) =>
            columns
                .map((column, index) => csvField(csvText(column, cellOf(column, row[index]))))
                .join(','),
        ),
    ];
    return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

// ---- xlsx -------------------------------------------------------------------------------------

/** The text of a text column's cell (which may hold any kind of value). */
const xlsxText = (value: string | number | Date | boolean) =>
    value instanceof Date ? csvDate(value, DEFAULT_DATE_FORMAT) : String(value);

function xlsxCell(column: SpreadsheetColumn, value: SpreadsheetCell): Cell {
    if (value === null) return null;
    switch (column.type) {
        case 'number':
            return { value, type: Number, ...(column.format ? { format: column.format } : {}) };
        case 'date':
            return { value, type: Date, format: column.format ?? DEFAULT_DATE_FORMAT };
        case 'boolean':
            return { value, type: Boolean };
        case 'text':
            // An explicit String type: a text starting with "=" stays text, never a formula.
            return { value: xlsxText(value), type: String };
    }
}

/**
 * write-excel-file 4.1 looks shared strings up in a plain object, so a text equal to a key of
 * Object.prototype ("constructor", "__proto__", ...) gets a bogus index and corrupts the sheet.
 * The sheet's XML is mended: those cells become inline strings.
 */
function inlinePrototypeKeys(texts: readonly (string | null)[][]): (xml: string) => string {
    const cells = texts.flatMap((row, rowIndex) =>
        row.flatMap((text, columnIndex) =>
            text !== null && text in Object.prototype
                ? [{ address: getCellAddress(rowIndex, columnIndex), text }]
                : [],
        ),
    );
    return (xml) =>
        cells.reduce(
            (sheet, { address, text }) =>
                // Those keys are plain identifiers: nothing to escape.
                sheet.replace(
                    new RegExp(`(<c r="${address}"[^>]*?) t="s"><v>[^<]*</v></c>`),
                    `$1 t="inlineStr"><is><t>${text}</t></is></c>`,
                ),
            xml,
        );
}

/** An .xlsx workbook of one sheet: the header row (bold, frozen), then the rows, typed by column. */
export async function spreadsheetXlsx(
    columns: readonly SpreadsheetColumn[],
    rows: readonly SpreadsheetRow[],
    sheetName: string,
): Promise<Buffer> {
    const cells = rows.map((row) => columns.map((column, index) => cellOf(column, row[index])));
    const texts = [
        columns.map((column) => column.header),
        ...cells.map((row) =>
            row.map((value, index) =>
                value !== null && columns[index]?.type === 'text' ? xlsxText(value) : null,
            ),
        ),
    ];
    const data: Row[] = [
        columns.map((column) => ({ value: column.header, type: String, fontWeight: 'bold' })),
        ...cells.map((row) =>
            row.map((value, index) => (columns[index] ? xlsxCell(columns[index], value) : null)),
        ),
    ];
    const transform = inlinePrototypeKeys(texts);
    return writeXlsxFile(
        data,
        {
            sheet: sheetName,
            stickyRowsCount: 1,
            columns: columns.map((column) => ({ width: column.width })),
        },
        { features: [{ files: { transform: { 'xl/worksheets/sheet{id}.xml': { transform } } } }] },
    ).toBuffer();
}
