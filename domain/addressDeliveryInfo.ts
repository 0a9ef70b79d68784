/**
 * Address delivery information (domain §2 Live Status "an upload of address delivery
 * information"; the decision is in docs/address-delivery-information.md): per delivery address of
 * a depot, what drivers need to deliver there. Uploaded as a CSV file with fixed columns; the
 * browser's preview and the server judge every row with these same rules (the server parses and
 * decides). Entries are keyed by a normalised address (`addressKeyOf`), so a re-upload of the
 * same address replaces its entry and a tour's waypoint finds it.
 */
import { coordinateTypes } from './addressCorrections.js';

export { coordinateTypes };
type DeliveryCoordinateType = (typeof coordinateTypes)[number];

/** The upload's header row, in this fixed order. */
export const addressInfoCsvColumns = [
    'street',
    'houseNumber',
    'zipCode',
    'locality',
    'country',
    'latitude',
    'longitude',
    'coordinateType',
    'deliveryNote',
    'accessCode',
    'safePlace',
    'openingHours',
] as const;
export type AddressInfoCsvColumn = (typeof addressInfoCsvColumns)[number];
type AddressInfoCsvRow = Record<AddressInfoCsvColumn, string>;
export const requiredAddressInfoCsvColumns: readonly AddressInfoCsvColumn[] = [
    'street',
    'zipCode',
    'country',
];

/** Data rows one upload may hold. */
const ADDRESS_INFO_MAX_ROWS = 10_000;
/** Bytes one uploaded file may have (10,000 rows of the longest cells fit). */
export const ADDRESS_INFO_MAX_FILE_BYTES = 8 * 1024 * 1024;
/** Entries one depot may hold (a re-upload of known addresses adds none). */
export const ADDRESS_INFO_MAX_PER_DEPOT = 100_000;

/** The longest text of each text column (a delivery note like a device service note: 200). */
const addressInfoMaxLengths = {
    street: 100,
    houseNumber: 20,
    zipCode: 20,
    locality: 100,
    deliveryNote: 200,
    accessCode: 30,
    safePlace: 100,
    openingHours: 100,
} as const satisfies Partial<Record<AddressInfoCsvColumn, number>>;

/** Columns whose text may span lines (quoted cells); the others are one line. */
const multiLineColumns: ReadonlySet<AddressInfoCsvColumn> = new Set([
    'deliveryNote',
    'safePlace',
    'openingHours',
]);
/** The columns that carry information for the driver: a row needs at least one. */
const informationColumns = [
    'latitude',
    'longitude',
    'deliveryNote',
    'accessCode',
    'safePlace',
    'openingHours',
] as const satisfies readonly AddressInfoCsvColumn[];

/** Every reason a row or the file can be refused for; the browser translates `app.addressInfo.rules.<rule>`. */
export const addressInfoRules = [
    'required',
    'tooLong',
    'invalidCharacters',
    'countryCode',
    'number',
    'latitudeRange',
    'longitudeRange',
    'coordinatesPair',
    'coordinateType',
    'coordinateTypeWithoutCoordinates',
    'noInformation',
    'duplicateInFile',
    'csvHeader',
    'csvEmpty',
    'csvTooManyRows',
    'csvCells',
    'depotFull',
] as const;
export type AddressInfoRule = (typeof addressInfoRules)[number];

const ruleSet: ReadonlySet<string> = new Set(addressInfoRules);
export const isAddressInfoRule = (rule: unknown): rule is AddressInfoRule =>
    typeof rule === 'string' && ruleSet.has(rule);

/**
 * One problem of the file: its spreadsheet row (the header is row 1), the column at fault when
 * the problem is in one cell, the reason, and the values its text fills in.
 */
export interface AddressInfoProblem {
    row: number;
    column?: AddressInfoCsvColumn;
    rule: AddressInfoRule;
    params: Record<string, string | number>;
}

/** One delivery address's information, as stored (empty optional cells are null). */
export interface AddressInfoValues {
    street: string;
    houseNo: string | null;
    postcode: string;
    locality: string | null;
    countryCode: string;
    latitude: number | null;
    longitude: number | null;
    coordinateType: DeliveryCoordinateType | null;
    deliveryNote: string | null;
    accessCode: string | null;
    safePlace: string | null;
    openingHours: string | null;
}

/** A valid row of the file: its spreadsheet row, its values and its normalised address key. */
export interface AddressInfoEntry {
    row: number;
    key: string;
    values: AddressInfoValues;
}

/** What `checkAddressInfoRecords` found: the valid entries and every problem. */
export interface AddressInfoCheck {
    /** Rows of data in the file (blank lines not counted). */
    rows: number;
    /** The rows that passed every rule (complete only when `problems` is empty). */
    entries: AddressInfoEntry[];
    problems: AddressInfoProblem[];
    /** True when the file itself is unusable (no header, no rows, too many rows): no row was checked. */
    fileProblem: boolean;
}

// ---- the normalised address key ----------------------------------------------------------------

/** The parts of an address that identify a delivery place. */
export interface AddressKeyParts {
    street: string;
    houseNo: string | null | undefined;
    postcode: string;
    countryCode: string;
}

/** Case, accents (é → e, ä → a), ß → ss and compatibility forms folded away. */
const fold = (text: string): string =>
    text.normalize('NFKD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').toLowerCase();

/** Street: letters and digits only; a trailing German "str" abbreviation reads as "strasse". */
function normaliseStreet(street: string): string {
    const compact = fold(street).replace(/[^\p{L}\p{N}]/gu, '');
    return compact.endsWith('str') ? `${compact}asse` : compact;
}

/** House number: letters, digits and one "-" between ranges ("12 a" = "12A", "3/5" = "3 - 5"). */
function normaliseHouseNo(houseNo: string | null | undefined): string {
    return fold(houseNo ?? '')
        .replace(/[^\p{L}\p{N}/-]/gu, '')
        .replace(/[/-]+/g, '-')
        .replace(/^-|-$/g, '');
}

/** Postcode: capitals and digits only ("1234 ab" = "1234AB"). */
function normalisePostcode(postcode: string): string {
    return fold(postcode)
        .replace(/[^\p{L}\p{N}]/gu, '')
        .toUpperCase();
}

/**
 * The key that makes two spellings of one address the same entry of a depot: country, postcode,
 * street and house number, each normalised (locality is left out: the postcode places it).
 */
export function addressKeyOf(address: AddressKeyParts): string {
    return [
        address.countryCode.trim().toUpperCase(),
        normalisePostcode(address.postcode),
        normaliseStreet(address.street),
        normaliseHouseNo(address.houseNo),
    ].join('|');
}

// ---- the rules of one row ------------------------------------------------------------------------

/** Tab, line feed, carriage return: allowed in multi-line columns only. */
const LINE_CONTROLS = new Set([0x09, 0x0a, 0x0d]);

/** True when `text` holds a C0 control character or DEL (tab and line breaks allowed when `multiLine`). */
function hasControlCharacter(text: string, multiLine: boolean): boolean {
    for (let index = 0; index < text.length; index += 1) {
        const code = text.charCodeAt(index);
        if ((code < 0x20 || code === 0x7f) && !(multiLine && LINE_CONTROLS.has(code))) return true;
    }
    return false;
}
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

function textProblem(
    column: AddressInfoCsvColumn,
    text: string,
    required: boolean,
): AddressInfoRule | null {
    if (text === '') return required ? 'required' : null;
    if (hasControlCharacter(text, multiLineColumns.has(column))) return 'invalidCharacters';
    const max = (addressInfoMaxLengths as Partial<Record<AddressInfoCsvColumn, number>>)[column];
    return max !== undefined && [...text].length > max ? 'tooLong' : null;
}

/** A coordinate cell: null when empty, NaN when not a plain decimal number. */
function parseCoordinate(text: string): number | null {
    if (text === '') return null;
    return NUMBER.test(text) ? Number(text) : Number.NaN;
}

function coordinateProblem(value: number | null, limit: 90 | 180): AddressInfoRule | null {
    if (value === null) return null;
    if (!Number.isFinite(value)) return 'number';
    if (value >= -limit && value <= limit) return null;
    return limit === 90 ? 'latitudeRange' : 'longitudeRange';
}

const isCoordinateType = (text: string): text is DeliveryCoordinateType =>
    (coordinateTypes as readonly string[]).includes(text);

/** A CSV row's cells, trimmed, as stored values (null for empty optional cells). */
function addressInfoRowValues(row: AddressInfoCsvRow): AddressInfoValues {
    const cell = (column: AddressInfoCsvColumn) => row[column].trim();
    const optional = (column: AddressInfoCsvColumn) => cell(column) || null;
    const type = cell('coordinateType');
    return {
        street: cell('street'),
        houseNo: optional('houseNumber'),
        postcode: cell('zipCode'),
        locality: optional('locality'),
        countryCode: cell('country'),
        latitude: parseCoordinate(cell('latitude')),
        longitude: parseCoordinate(cell('longitude')),
        coordinateType: isCoordinateType(type) ? type : null,
        deliveryNote: optional('deliveryNote'),
        accessCode: optional('accessCode'),
        safePlace: optional('safePlace'),
        openingHours: optional('openingHours'),
    };
}

/** Every broken rule of one row, by column (a column is named once, with its first broken rule). */
function addressInfoRowProblems(
    row: AddressInfoCsvRow,
): { column: AddressInfoCsvColumn; rule: AddressInfoRule }[] {
    const problems: { column: AddressInfoCsvColumn; rule: AddressInfoRule }[] = [];
    const add = (column: AddressInfoCsvColumn, rule: AddressInfoRule | null) => {
        if (rule) problems.push({ column, rule });
    };
    const cell = (column: AddressInfoCsvColumn) => row[column].trim();
    for (const column of [
        'street',
        'houseNumber',
        'zipCode',
        'locality',
        'deliveryNote',
        'accessCode',
        'safePlace',
        'openingHours',
    ] as const)
        add(
            column,
            textProblem(column, cell(column), requiredAddressInfoCsvColumns.includes(column)),
        );
    const country = cell('country');
    add('country', country === '' ? 'required' : /^[A-Z]{2}$/.test(country) ? null : 'countryCode');

    const latitude = parseCoordinate(cell('latitude'));
    const longitude = parseCoordinate(cell('longitude'));
    const pairMissing = (latitude === null) !== (longitude === null);
    add(
        'latitude',
        coordinateProblem(latitude, 90) ??
            (pairMissing && latitude === null ? 'coordinatesPair' : null),
    );
    add(
        'longitude',
        coordinateProblem(longitude, 180) ??
            (pairMissing && longitude === null ? 'coordinatesPair' : null),
    );
    const type = cell('coordinateType');
    const hasCoordinates = latitude !== null || longitude !== null;
    if (type === '') add('coordinateType', hasCoordinates ? 'required' : null);
    else if (!isCoordinateType(type)) add('coordinateType', 'coordinateType');
    else if (!hasCoordinates) add('coordinateType', 'coordinateTypeWithoutCoordinates');

    if (informationColumns.every((column) => cell(column) === ''))
        add('deliveryNote', 'noInformation');
    return problems;
}

// ---- the file ------------------------------------------------------------------------------------

/** A spreadsheet row number: the header is row 1, the first record below it row 2. */
const addressInfoRowNumber = (recordIndex: number): number => recordIndex + 1;

/** True when the header row is exactly the fixed columns in order (cells trimmed, a BOM ignored). */
function isAddressInfoHeader(header: readonly string[]): boolean {
    const cells = header.map((cell, index) =>
        (index === 0 ? cell.replace(/^\uFEFF/, '') : cell).trim(),
    );
    return (
        cells.length === addressInfoCsvColumns.length &&
        cells.every((cell, index) => cell === addressInfoCsvColumns[index])
    );
}

/** The template offered for download: the header row alone. */
export const addressInfoCsvTemplate = `${addressInfoCsvColumns.join(',')}\r\n`;

const isBlank = (record: readonly string[]) => record.every((cell) => cell.trim() === '');

/**
 * Checks a parsed CSV file (the records papaparse or any RFC 4180 reader gives, header first):
 * the fixed header, at least one and at most `ADDRESS_INFO_MAX_ROWS` rows, then every row (its
 * width, the rules of its cells, and an address already given in an earlier row, named on the
 * later one). Blank lines are skipped but keep their row number. Reads nothing stored.
 */
export function checkAddressInfoRecords(records: readonly (readonly string[])[]): AddressInfoCheck {
    const [header] = records;
    const fileProblem = (problem: AddressInfoProblem, rows = 0): AddressInfoCheck => ({
        rows,
        entries: [],
        problems: [problem],
        fileProblem: true,
    });
    if (!header || !isAddressInfoHeader(header))
        return fileProblem({
            row: 1,
            rule: 'csvHeader',
            params: { columns: addressInfoCsvColumns.join(',') },
        });
    const data: { row: number; cells: readonly string[] }[] = [];
    records.forEach((cells, index) => {
        if (index > 0 && !isBlank(cells)) data.push({ row: addressInfoRowNumber(index), cells });
    });
    if (data.length === 0) return fileProblem({ row: 2, rule: 'csvEmpty', params: {} });
    if (data.length > ADDRESS_INFO_MAX_ROWS)
        return fileProblem(
            {
                row: data[ADDRESS_INFO_MAX_ROWS]?.row ?? 2,
                rule: 'csvTooManyRows',
                params: { rows: data.length, max: ADDRESS_INFO_MAX_ROWS },
            },
            data.length,
        );

    const problems: AddressInfoProblem[] = [];
    const entries: AddressInfoEntry[] = [];
    const firstRowOfKey = new Map<string, number>();
    for (const { row, cells } of data) {
        if (cells.length !== addressInfoCsvColumns.length) {
            problems.push({
                row,
                rule: 'csvCells',
                params: { cells: cells.length, expected: addressInfoCsvColumns.length },
            });
            continue;
        }
        const csvRow = Object.fromEntries(
            addressInfoCsvColumns.map((column, position) => [column, cells[position] ?? '']),
        ) as AddressInfoCsvRow;
        const rowProblems = addressInfoRowProblems(csvRow);
        for (const problem of rowProblems) {
            const max = (addressInfoMaxLengths as Partial<Record<AddressInfoCsvColumn, number>>)[
                problem.column
            ];
            problems.push({
                row,
                ...problem,
                params:
                    problem.rule === 'tooLong' && max !== undefined
                        ? { column: problem.column, max }
                        : { column: problem.column },
            });
        }
        const addressBroken = rowProblems.some((problem) =>
            ['street', 'houseNumber', 'zipCode', 'country'].includes(problem.column),
        );
        if (addressBroken) continue;
        const values = addressInfoRowValues(csvRow);
        const key = addressKeyOf(values);
        const first = firstRowOfKey.get(key);
        if (first !== undefined) {
            problems.push({
                row,
                column: 'street',
                rule: 'duplicateInFile',
                params: { column: 'street', first },
            });
            continue;
        }
        firstRowOfKey.set(key, row);
        if (rowProblems.length === 0) entries.push({ row, key, values });
    }
    return { rows: data.length, entries, problems, fileProblem: false };
}

// ---- English texts (server messages; the browser translates the rule) -----------------------------

const ruleMessages: Record<AddressInfoRule, (params: Record<string, string | number>) => string> = {
    required: () => 'is required',
    tooLong: (params) =>
        `is longer than ${addressInfoMaxLengths[params.column as keyof typeof addressInfoMaxLengths] ?? '?'} characters`,
    invalidCharacters: () => 'contains control characters',
    countryCode: () => 'must be a two-letter country code (ISO 3166-1, capitals)',
    number: () => 'must be a decimal number with a point',
    latitudeRange: () => 'must be between -90 and 90',
    longitudeRange: () => 'must be between -180 and 180',
    coordinatesPair: () => 'is missing: latitude and longitude are given together',
    coordinateType: () => `must be one of ${coordinateTypes.join(', ')}`,
    coordinateTypeWithoutCoordinates: () => 'is given without coordinates',
    noInformation: () =>
        'is empty, and so are the coordinates, access code, safe place and opening hours',
    duplicateInFile: (params) => `repeats the address of row ${params.first}`,
    csvHeader: (params) => `The header row must be exactly: ${params.columns}`,
    csvEmpty: () => 'The file holds no rows below the header.',
    csvTooManyRows: (params) =>
        `The file holds ${params.rows} rows; at most ${params.max} can be uploaded at once.`,
    csvCells: (params) => `The row has ${params.cells} cells, the header ${params.expected}.`,
    depotFull: (params) =>
        `The depot would hold ${params.total} entries; at most ${params.max} are allowed.`,
};

/** The English text of a problem: its column and what is wrong there (`zipCode is required`), or a sentence about the row or file. */
export function describeAddressInfoProblem(problem: AddressInfoProblem): string {
    const text = ruleMessages[problem.rule](problem.params);
    return problem.column ? `${problem.column} ${text}` : text;
}
