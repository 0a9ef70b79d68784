/**
 * Depot writes (domain §3 Depot, §5 Depots): the per-field rules and the CSV upload's fixed
 * columns (the API bodies and answers are in contracts/depots.ts). The browser's form and CSV
 * preview and the server's routes call the same rules, so a row the preview passes is judged the
 * same way by the server (which adds the rules that need stored data: organisation, region,
 * duplicates, configured services).
 */
import type { CreateDepotBody, DeviceMapping } from './contracts/depots.js';

/** The CSV upload's header row, in this fixed order (domain §5). */
export const depotCsvColumns = [
    'organizationId',
    'country',
    'regionId',
    'externalDepotId',
    'name',
    'street',
    'houseNumber',
    'zipCode',
    'locality',
    'latitude',
    'longitude',
    'timeZone',
    'deviceMapping',
] as const;
export type DepotCsvColumn = (typeof depotCsvColumns)[number];
export type DepotCsvRow = Record<DepotCsvColumn, string>;
export const optionalDepotCsvColumns: readonly DepotCsvColumn[] = ['houseNumber', 'deviceMapping'];

/** Rows one upload may hold (10,000 must work; the cap keeps one request's transaction bounded). */
export const DEPOT_UPLOAD_MAX_ROWS = 20_000;
/** Several device mappings in one CSV cell are separated by this character. */
const DEVICE_MAPPING_SEPARATOR = ';';

const DEPOT_TEXT_MAX_LENGTH = 100;
const EXTERNAL_DEPOT_ID_MAX_LENGTH = 20;
const HOUSE_NO_MAX_LENGTH = 20;
const POSTCODE_MAX_LENGTH = 20;
const DEVICE_MAPPINGS_MAX = 20;

export const depotFieldRules = [
    'required',
    'tooLong',
    'externalDepotIdFormat',
    'countryCode',
    'number',
    'latitudeRange',
    'longitudeRange',
    'coordinatesPair',
    'timeZone',
    'deviceMappingFormat',
    'deviceMappingTwice',
    'tooManyDeviceMappings',
] as const;
export type DepotFieldRule = (typeof depotFieldRules)[number];

/** English texts of the rules (server messages; the browser has translations under `app.depots.rules`). */
export const depotFieldRuleMessages: Record<DepotFieldRule, string> = {
    required: 'is required',
    tooLong: 'is too long',
    externalDepotIdFormat: `must be 1 to ${EXTERNAL_DEPOT_ID_MAX_LENGTH} letters, digits, hyphens or underscores`,
    countryCode: 'must be a two-letter country code (ISO 3166-1, capitals)',
    number: 'must be a number',
    latitudeRange: 'must be between -90 and 90',
    longitudeRange: 'must be between -180 and 180',
    coordinatesPair: 'latitude and longitude must be given together',
    timeZone: 'must be an IANA time zone such as Europe/Berlin',
    deviceMappingFormat: 'must be service:ID pairs (letters, digits, "-", "_" and "." only)',
    deviceMappingTwice: 'names the same service:ID pair twice',
    tooManyDeviceMappings: `may hold at most ${DEVICE_MAPPINGS_MAX} pairs`,
};

/**
 * Reasons only the server (or a browser preview that loaded the organisation) can tell: they need
 * stored data or concern the whole file. With the field rules they form the `rule` of an error
 * detail of the depot routes; the browser translates `app.depots.rules.<rule>` (see
 * `depotProblemTextKeys` for the few that reuse other texts).
 */
export const depotServerRules = [
    'unknownOrganisation',
    'unknownRegion',
    'serviceNotConfigured',
    'noServicesConfigured',
    'externalDepotIdTaken',
    'deviceMappingTaken',
    'duplicateInFile',
    'addressNotFound',
    'csvHeader',
    'csvEmpty',
    'csvTooManyRows',
    'csvCells',
] as const;
export type DepotServerRule = (typeof depotServerRules)[number];
/** Every reason a depot write or upload names in its error details. */
export type DepotProblemRule = DepotFieldRule | DepotServerRule;

const problemRules: ReadonlySet<string> = new Set<string>([
    ...depotFieldRules,
    ...depotServerRules,
]);
export const isDepotProblemRule = (rule: unknown): rule is DepotProblemRule =>
    typeof rule === 'string' && problemRules.has(rule);

/** One reason with the values its text fills in (`column`, `value`, `first`, `tenantId`, `services`, ...). */
interface DepotProblem {
    rule: DepotProblemRule;
    params: Record<string, string | number>;
}

/** One `service:ID` pair, as a depot answer lists it. */
export type DeviceMappingPair = DeviceMapping;

const SERVICE = /^[A-Za-z0-9_-]{1,40}$/;
const MAPPING_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const EXTERNAL_ID = new RegExp(`^[A-Za-z0-9_-]{1,${EXTERNAL_DEPOT_ID_MAX_LENGTH}}$`);

/** `service:ID` → the pair, or null when the text is not exactly one well-formed pair. */
export function parseDeviceMapping(text: string): DeviceMappingPair | null {
    const parts = text.trim().split(':');
    if (parts.length !== 2) return null;
    const [service = '', id = ''] = parts;
    return SERVICE.test(service) && MAPPING_ID.test(id) ? { service, id } : null;
}

export const formatDeviceMapping = (pair: DeviceMappingPair): string =>
    `${pair.service}:${pair.id}`;

/** A CSV cell of mappings (`a:1;b:2`) → the entries ('' → none). */
export function splitDeviceMappings(cell: string): string[] {
    return cell.trim() === ''
        ? []
        : cell.split(DEVICE_MAPPING_SEPARATOR).map((entry) => entry.trim());
}

function textRule(
    value: string | null | undefined,
    max = DEPOT_TEXT_MAX_LENGTH,
): DepotFieldRule | null {
    const text = (value ?? '').trim();
    if (text === '') return 'required';
    return text.length > max ? 'tooLong' : null;
}

function optionalTextRule(value: string | null | undefined, max: number): DepotFieldRule | null {
    return (value ?? '').trim().length > max ? 'tooLong' : null;
}

export function externalDepotIdRule(value: string | null | undefined): DepotFieldRule | null {
    const text = (value ?? '').trim();
    if (text === '') return 'required';
    return EXTERNAL_ID.test(text) ? null : 'externalDepotIdFormat';
}

export function countryCodeRule(value: string | null | undefined): DepotFieldRule | null {
    const text = (value ?? '').trim();
    if (text === '') return 'required';
    return /^[A-Z]{2}$/.test(text) ? null : 'countryCode';
}

export function latitudeRule(value: number | null | undefined): DepotFieldRule | null {
    if (value === null || value === undefined) return null;
    if (!Number.isFinite(value)) return 'number';
    return value >= -90 && value <= 90 ? null : 'latitudeRange';
}

export function longitudeRule(value: number | null | undefined): DepotFieldRule | null {
    if (value === null || value === undefined) return null;
    if (!Number.isFinite(value)) return 'number';
    return value >= -180 && value <= 180 ? null : 'longitudeRange';
}

export const hasCoordinates = (
    latitude: number | null | undefined,
    longitude: number | null | undefined,
): boolean =>
    latitude !== null && latitude !== undefined && longitude !== null && longitude !== undefined;

/** Both coordinates or neither. */
export function coordinatesPairRule(
    latitude: number | null | undefined,
    longitude: number | null | undefined,
): DepotFieldRule | null {
    const given = [latitude, longitude].filter(
        (value) => value !== null && value !== undefined,
    ).length;
    return given === 1 ? 'coordinatesPair' : null;
}

const zoneCache = new Map<string, boolean>();

/** An IANA time zone name the runtime knows (checked with Intl), written as a name (`Europe/Berlin`, `UTC`). */
export function timeZoneRule(value: string | null | undefined): DepotFieldRule | null {
    const text = (value ?? '').trim();
    if (text === '') return 'required';
    let known = zoneCache.get(text);
    if (known === undefined) {
        known = /^[A-Za-z]+(?:[/_+-][A-Za-z0-9]+)*$/.test(text) && text.length <= 64;
        if (known) {
            try {
                new Intl.DateTimeFormat('en', { timeZone: text });
            } catch {
                known = false;
            }
        }
        zoneCache.set(text, known);
    }
    return known ? null : 'timeZone';
}

/** Format rules of a depot's mapping list (the configured services and other depots are checked by the server). */
export function deviceMappingsRule(entries: readonly string[]): DepotFieldRule | null {
    if (entries.length > DEVICE_MAPPINGS_MAX) return 'tooManyDeviceMappings';
    const seen = new Set<string>();
    for (const entry of entries) {
        const pair = parseDeviceMapping(entry);
        if (!pair) return 'deviceMappingFormat';
        const key = formatDeviceMapping(pair);
        if (seen.has(key)) return 'deviceMappingTwice';
        seen.add(key);
    }
    return null;
}

/** The services of `entries` that are not among `allowed` (each once, in order). */
export function unconfiguredServices(
    entries: readonly string[],
    allowed: readonly string[],
): string[] {
    const unknown = new Set<string>();
    for (const entry of entries) {
        const pair = parseDeviceMapping(entry);
        if (pair && !allowed.includes(pair.service)) unknown.add(pair.service);
    }
    return [...unknown];
}

/** The body fields a form or a CSV row fills, checked without stored data. */
export type DepotFields = Omit<CreateDepotBody, 'tenantId' | 'groupId'>;
export type DepotFieldName = keyof DepotFields;

/** Every broken field rule of a depot body, by field (empty when all pass). */
export function depotFieldErrors(
    fields: DepotFields,
): Partial<Record<DepotFieldName, DepotFieldRule>> {
    const checks: Record<DepotFieldName, DepotFieldRule | null> = {
        externalDepotId: externalDepotIdRule(fields.externalDepotId),
        name: textRule(fields.name),
        street: textRule(fields.street),
        houseNo: optionalTextRule(fields.houseNo, HOUSE_NO_MAX_LENGTH),
        postcode: textRule(fields.postcode, POSTCODE_MAX_LENGTH),
        locality: textRule(fields.locality),
        countryCode: countryCodeRule(fields.countryCode),
        latitude:
            latitudeRule(fields.latitude) ?? coordinatesPairRule(fields.latitude, fields.longitude),
        longitude:
            longitudeRule(fields.longitude) ??
            coordinatesPairRule(fields.latitude, fields.longitude),
        timeZone: timeZoneRule(fields.timeZone),
        deviceMappings: deviceMappingsRule(fields.deviceMappings),
        manualJobUploadEnabled: null,
    };
    const errors: Partial<Record<DepotFieldName, DepotFieldRule>> = {};
    for (const [name, rule] of Object.entries(checks) as [DepotFieldName, DepotFieldRule | null][])
        if (rule) errors[name] = rule;
    return errors;
}

/** One problem of a CSV row: the column and the broken rule. */
export interface DepotCsvProblem {
    column: DepotCsvColumn;
    rule: DepotFieldRule;
}

function parseCoordinate(text: string): number | null {
    const trimmed = text.trim();
    if (trimmed === '') return null;
    return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** A CSV row as the create body (cells trimmed; empty optional cells absent). */
export function depotCsvRowToBody(row: DepotCsvRow): CreateDepotBody {
    const houseNo = row.houseNumber.trim();
    return {
        tenantId: row.organizationId.trim(),
        groupId: row.regionId.trim(),
        externalDepotId: row.externalDepotId.trim(),
        name: row.name.trim(),
        street: row.street.trim(),
        houseNo: houseNo === '' ? null : houseNo,
        postcode: row.zipCode.trim(),
        locality: row.locality.trim(),
        countryCode: row.country.trim(),
        latitude: parseCoordinate(row.latitude),
        longitude: parseCoordinate(row.longitude),
        timeZone: row.timeZone.trim(),
        deviceMappings: splitDeviceMappings(row.deviceMapping),
        manualJobUploadEnabled: false,
    };
}

const columnOfField: Record<DepotFieldName, DepotCsvColumn> = {
    externalDepotId: 'externalDepotId',
    name: 'name',
    street: 'street',
    houseNo: 'houseNumber',
    postcode: 'zipCode',
    locality: 'locality',
    countryCode: 'country',
    latitude: 'latitude',
    longitude: 'longitude',
    timeZone: 'timeZone',
    deviceMappings: 'deviceMapping',
    manualJobUploadEnabled: 'deviceMapping',
};

/**
 * Problems of one CSV row that need no stored data: every mandatory column filled, the field
 * rules, and coordinates (required in the CSV: no geocoding in bulk).
 */
export function depotCsvRowErrors(row: DepotCsvRow): DepotCsvProblem[] {
    const problems: DepotCsvProblem[] = [];
    if (row.organizationId.trim() === '')
        problems.push({ column: 'organizationId', rule: 'required' });
    if (row.regionId.trim() === '') problems.push({ column: 'regionId', rule: 'required' });
    const body = depotCsvRowToBody(row);
    const errors = depotFieldErrors(body);
    for (const [field, rule] of Object.entries(errors) as [DepotFieldName, DepotFieldRule][])
        problems.push({ column: columnOfField[field], rule });
    for (const column of ['latitude', 'longitude'] as const) {
        if (row[column].trim() === '' && !problems.some((problem) => problem.column === column))
            problems.push({ column, rule: 'required' });
    }
    return problems;
}

/**
 * What is known of a row's organisation: its regions and configured device-mapping services
 * (each undefined when unknown: that check is skipped).
 */
export interface DepotRowOrganisation {
    groupIds?: ReadonlySet<string>;
    services?: readonly string[];
}

/** A problem of a row that needs the organisation: the CSV column, the reason, its values and an English text. */
export interface DepotCsvContextProblem extends DepotProblem {
    column: DepotCsvColumn;
    message: string;
}

/**
 * Checks of a row against its organisation: known and allowed (`organisation` undefined
 * otherwise: an unknown organisation reads exactly like one where depots may not be created),
 * region of it where the user may create depots (`mayCreateAt(path)`), configured services.
 */
export function depotCsvContextProblems(
    row: DepotCsvRow,
    organisation: DepotRowOrganisation | undefined,
    mayCreateAt: (path: string) => boolean,
): DepotCsvContextProblem[] {
    const body = depotCsvRowToBody(row);
    if (body.tenantId === '') return [];
    if (!organisation) {
        return [
            {
                column: 'organizationId',
                rule: 'unknownOrganisation',
                params: { value: body.tenantId },
                message: `organizationId ${body.tenantId}: unknown organisation, or you may not create depots there`,
            },
        ];
    }
    const problems: DepotCsvContextProblem[] = [];
    const regionPath = [body.tenantId, body.countryCode, body.groupId]
        .filter((part) => part !== '')
        .join('.');
    if (
        body.groupId !== '' &&
        organisation.groupIds &&
        (!organisation.groupIds.has(body.groupId) || !mayCreateAt(regionPath))
    ) {
        problems.push({
            column: 'regionId',
            rule: 'unknownRegion',
            params: { value: body.groupId, tenantId: body.tenantId },
            message: `regionId ${body.groupId}: unknown region of ${body.tenantId}, or you may not create depots there`,
        });
    }
    const services = organisation.services;
    const unknown = services ? unconfiguredServices(body.deviceMappings, services) : [];
    if (services && unknown.length > 0) {
        const configured = services.join(', ');
        problems.push({
            column: 'deviceMapping',
            rule: services.length > 0 ? 'serviceNotConfigured' : 'noServicesConfigured',
            params: { value: unknown.join(', '), tenantId: body.tenantId, services: configured },
            message: `deviceMapping: service ${unknown.join(', ')} is not configured for ${body.tenantId} (${services.length > 0 ? `configured: ${configured}` : 'none configured'})`,
        });
    }
    return problems;
}

/** English text of a CSV problem (server details; the browser translates the rule). */
export const describeDepotCsvProblem = (problem: DepotCsvProblem): string =>
    `${problem.column} ${depotFieldRuleMessages[problem.rule]}`;

/** The problem of a CSV header row, or null when it is exactly the fixed columns in order. */
export function depotCsvHeaderProblem(header: readonly string[]): string | null {
    const cells = header.map((cell) => cell.trim());
    if (
        cells.length === depotCsvColumns.length &&
        cells.every((cell, index) => cell === depotCsvColumns[index])
    )
        return null;
    return `The header row must be exactly: ${depotCsvColumns.join(',')}`;
}

/** The template file offered for download: the header row. */
export const depotCsvTemplate = `${depotCsvColumns.join(',')}\r\n`;

/**
 * The CSV template for one organisation: the header, then one row per region with the
 * organisation id, its country code and the region id filled in and every other cell empty, to
 * be completed (or copied) per depot. Ids are letters, digits, `_` and `-`: no quoting needed.
 */
export function depotCsvTemplateFor(organisation: {
    id: string;
    countryCode: string;
    regions: readonly { id: string }[];
}): string {
    const empty = depotCsvColumns.length - 3;
    const rows = organisation.regions.map((region) =>
        [
            organisation.id,
            organisation.countryCode,
            region.id,
            ...Array<string>(empty).fill(''),
        ].join(','),
    );
    return [depotCsvColumns.join(','), ...rows].map((line) => `${line}\r\n`).join('');
}

/** A spreadsheet row number: the header is row 1, the first data row row 2. */
export const csvRowNumber = (dataIndex: number): number => dataIndex + 2;

/** A problem found in a CSV file's records: its spreadsheet row and an English text. */
interface DepotCsvRecordProblem {
    row: number;
    message: string;
    /** The row's number of cells (it differs from the header's). */
    cells: number;
}

/** The outcome of reading parsed CSV records (papaparse's `data`): a header problem, or the rows and their shape problems. */
export interface DepotCsvRecords {
    headerProblem: string | null;
    rows: DepotCsvRow[];
    problems: DepotCsvRecordProblem[];
}

/** Reads parsed records: checks the header, drops trailing empty lines, maps cells to columns and flags rows of the wrong width. */
export function readDepotCsvRecords(parsed: readonly (readonly string[])[]): DepotCsvRecords {
    const records = [...parsed];
    while (records.length > 0 && (records.at(-1) ?? []).every((cell) => cell.trim() === ''))
        records.pop();
    const [header, ...data] = records;
    if (!header)
        return {
            headerProblem: 'The file is empty: a header row is required.',
            rows: [],
            problems: [],
        };
    const headerProblem = depotCsvHeaderProblem(header);
    if (headerProblem) return { headerProblem, rows: [], problems: [] };
    const problems: DepotCsvRecordProblem[] = [];
    const rows = data.map((cells, index) => {
        if (cells.length !== depotCsvColumns.length)
            problems.push({
                row: csvRowNumber(index),
                message: `has ${cells.length} cells, the header has ${depotCsvColumns.length}`,
                cells: cells.length,
            });
        return Object.fromEntries(
            depotCsvColumns.map((column, position) => [column, cells[position] ?? '']),
        ) as DepotCsvRow;
    });
    return { headerProblem: null, rows, problems };
}

/** A value used twice within one file: an external depot id or a device mapping of the same organisation. */
export interface DepotCsvDuplicate {
    row: number;
    column: 'externalDepotId' | 'deviceMapping';
    value: string;
    firstRow: number;
}

/** Duplicates within a file (per organisation): each later use names the row of the first. */
export function depotCsvDuplicates(rows: readonly DepotCsvRow[]): DepotCsvDuplicate[] {
    const duplicates: DepotCsvDuplicate[] = [];
    const externalIds = new Map<string, number>();
    const mappings = new Map<string, number>();
    rows.forEach((row, index) => {
        const rowNumber = csvRowNumber(index);
        const tenant = row.organizationId.trim();
        const externalId = row.externalDepotId.trim();
        if (externalId !== '') {
            const first = externalIds.get(`${tenant}\u0000${externalId}`);
            if (first !== undefined)
                duplicates.push({
                    row: rowNumber,
                    column: 'externalDepotId',
                    value: externalId,
                    firstRow: first,
                });
            else externalIds.set(`${tenant}\u0000${externalId}`, rowNumber);
        }
        for (const entry of splitDeviceMappings(row.deviceMapping)) {
            const pair = parseDeviceMapping(entry);
            if (!pair) continue;
            const key = `${tenant}\u0000${formatDeviceMapping(pair)}`;
            const first = mappings.get(key);
            if (first !== undefined && first !== rowNumber)
                duplicates.push({
                    row: rowNumber,
                    column: 'deviceMapping',
                    value: formatDeviceMapping(pair),
                    firstRow: first,
                });
            else mappings.set(key, rowNumber);
        }
    });
    return duplicates;
}

/** English text of a duplicate (server details). */
export const describeDepotCsvDuplicate = (duplicate: DepotCsvDuplicate): string =>
    `${duplicate.column} ${duplicate.value} is already used in row ${duplicate.firstRow}`;
