import { crc32, deflateRawSync } from 'node:zlib';
import type { BackOfficeUser } from '../../../../domain/contracts/back-office-users.js';

/** At most this many rows in one export or download file. */
export const MAX_EXPORT_ROWS = 50_000;

/** The columns of the export and download files, in order. */
const exportColumns = [
    'Last name',
    'First name',
    'E-mail',
    'Type',
    'Mobile',
    'Landline',
    'Roles',
    'Last login',
    'Created',
] as const;

const dateTime = (iso: string | null) =>
    iso ? iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, '') + ' UTC' : '';

/** One user as the file's cells: roles with their scopes as "Role (Scope), ...". */
function exportCells(user: BackOfficeUser): string[] {
    const roles = user.permissions
        .map((permission) => `${permission.roleName} (${permission.scopeName})`)
        .join(', ');
    return [
        user.lastName,
        user.firstName,
        user.email,
        user.type,
        user.mobilePhone ?? '',
        user.landLine ?? '',
        roles,
        dateTime(user.lastLogin),
        dateTime(user.created),
    ];
}

/**
 * A cell a spreadsheet program would read as a formula (OWASP "CSV injection": = + - @, and tab
 * or carriage return before them) gets an apostrophe in front, so it stays text.
 */
function neutraliseFormula(value: string): string {
    return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvField(value: string): string {
    const safe = neutraliseFormula(value);
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** RFC 4180 CSV (commas, CRLF, quoted where needed) with a UTF-8 byte order mark and a header row. */
export function usersCsv(users: readonly BackOfficeUser[]): Buffer {
    const lines = [
        exportColumns.map(csvField).join(','),
        ...users.map((user) => exportCells(user).map(csvField).join(',')),
    ];
    return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

// ---- a minimal Office Open XML workbook (one sheet of inline strings) -------------------------------

const xmlText = (value: string) =>
    value
        // Characters XML 1.0 cannot carry at all.
        .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
        .replaceAll('&', '&amp;')
        .replaceAll('<', '&lt;')
        .replaceAll('>', '&gt;')
        .replaceAll('"', '&quot;');

function columnName(index: number): string {
    let name = '';
    for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
        name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
    return name;
}

function sheetXml(rows: readonly string[][]): string {
    const body = rows
        .map((cells, rowIndex) => {
            const r = rowIndex + 1;
            const styled = rowIndex === 0 ? ' s="1"' : '';
            const xmlCells = cells
                .map(
                    (value, column) =>
                        `<c r="${columnName(column)}${r}" t="inlineStr"${styled}><is><t xml:space="preserve">${xmlText(value)}</t></is></c>`,
                )
                .join('');
            return `<row r="${r}">${xmlCells}</row>`;
        })
        .join('');
    const widths = [18, 18, 32, 24, 18, 18, 60, 22, 22]
        .map(
            (width, index) =>
                `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`,
        )
        .join('');
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
        '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
        `<cols>${widths}</cols><sheetData>${body}</sheetData></worksheet>`
    );
}

const workbookParts = (sheetName: string): Record<string, string> => ({
    '[Content_Types].xml':
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
    '_rels/.rels':
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    'xl/workbook.xml':
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
        `<sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels':
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
    'xl/styles.xml':
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
        '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
        '</styleSheet>',
});

/** A ZIP archive (deflated entries, no ZIP64: the 50,000-row cap keeps every size far below 4 GB). */
function zip(files: Record<string, string | Buffer>): Buffer {
    const locals: Buffer[] = [];
    const central: Buffer[] = [];
    let offset = 0;
    for (const [name, content] of Object.entries(files)) {
        const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
        const packed = deflateRawSync(data);
        const nameBytes = Buffer.from(name, 'utf8');
        const checksum = crc32(data);
        const local = Buffer.alloc(30);
        local.writeUInt32LE(0x04034b50, 0);
        local.writeUInt16LE(20, 4); // version needed
        local.writeUInt16LE(0x0800, 6); // UTF-8 names
        local.writeUInt16LE(8, 8); // deflate
        local.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00
        local.writeUInt32LE(checksum, 14);
        local.writeUInt32LE(packed.length, 18);
        local.writeUInt32LE(data.length, 22);
        local.writeUInt16LE(nameBytes.length, 26);
        const header = Buffer.alloc(46);
        header.writeUInt32LE(0x02014b50, 0);
        header.writeUInt16LE(20, 4);
        header.writeUInt16LE(20, 6);
        header.writeUInt16LE(0x0800, 8);
        header.writeUInt16LE(8, 10);
        header.writeUInt32LE(0x00210000, 12);
        header.writeUInt32LE(checksum, 16);
        header.writeUInt32LE(packed.length, 20);
        header.writeUInt32LE(data.length, 24);
        header.writeUInt16LE(nameBytes.length, 28);
        header.writeUInt32LE(offset, 42);
        locals.push(local, nameBytes, packed);
        central.push(header, nameBytes);
        offset += local.length + nameBytes.length + packed.length;
    }
    const centralSize = central.reduce((sum, part) => sum + part.length, 0);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(Object.keys(files).length, 8);
    end.writeUInt16LE(Object.keys(files).length, 10);
    end.writeUInt32LE(centralSize, 12);
    end.writeUInt32LE(offset, 16);
    return Buffer.concat([...locals, ...central, end]);
}

/** An .xlsx workbook with one sheet: the header row (bold, frozen) and one row per user, all cells text. */
export function usersXlsx(users: readonly BackOfficeUser[]): Buffer {
    const rows = [[...exportColumns], ...users.map(exportCells)];
    return zip({ ...workbookParts('Users'), 'xl/worksheets/sheet1.xml': sheetXml(rows) });
}

export const contentTypes = {
    csv: 'text/csv; charset=utf-8',
    xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
