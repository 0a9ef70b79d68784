import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
    spreadsheetCsv,
    spreadsheetXlsx,
    type SpreadsheetColumn,
} from '../../server/shared/spreadsheet.js';

/** The shared spreadsheet writer, read back with an independent reader (exceljs). */

const columns: SpreadsheetColumn[] = [
    { header: 'Name', type: 'text', width: 30 },
    { header: 'Count', type: 'number', format: '0.00' },
    { header: 'When', type: 'date' },
    { header: 'Day', type: 'date', format: 'dd.mm.yyyy' },
    { header: 'Active', type: 'boolean' },
];

async function sheetOf(buffer: Buffer) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Uint8Array.from(buffer).buffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    return sheet;
}

describe('spreadsheetXlsx', () => {
    it('writes a typed sheet: header, numbers, dates, text (never formulas), booleans, empty cells', async () => {
        const when = new Date(Date.UTC(2024, 4, 1, 10, 15, 30, 123));
        const day = new Date(Date.UTC(2024, 11, 31));
        const sheet = await sheetOf(
            await spreadsheetXlsx(
                columns,
                [
                    ['=1+1', 3.5, when, day, true],
                    ['Jürgen Łukasz 中文', -2, null, null, false],
                    ['', null, null, null, null],
                ],
                'Tours',
            ),
        );
        expect(sheet.name).toBe('Tours');
        expect(sheet.getRow(1).values).toEqual([
            undefined,
            'Name',
            'Count',
            'When',
            'Day',
            'Active',
        ]);
        expect(sheet.getCell('A1').font?.bold).toBe(true);
        expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
        expect(sheet.getColumn(1).width).toBe(30);

        const formula = sheet.getCell('A2');
        expect(formula.type).toBe(ExcelJS.ValueType.String);
        expect(formula.value).toBe('=1+1');
        expect(formula.formula).toBeUndefined();

        expect(sheet.getCell('B2').type).toBe(ExcelJS.ValueType.Number);
        expect(sheet.getCell('B2').value).toBe(3.5);
        expect(sheet.getCell('B2').numFmt).toBe('0.00');
        expect(sheet.getCell('B3').value).toBe(-2);

        expect(sheet.getCell('C2').type).toBe(ExcelJS.ValueType.Date);
        expect((sheet.getCell('C2').value as Date).toISOString()).toBe('2024-05-01T10:15:30.123Z');
        expect(sheet.getCell('C2').numFmt).toBe('yyyy-mm-dd hh:mm:ss "UTC"');
        expect(sheet.getCell('D2').type).toBe(ExcelJS.ValueType.Date);
        expect((sheet.getCell('D2').value as Date).toISOString()).toBe('2024-12-31T00:00:00.000Z');
        expect(sheet.getCell('D2').numFmt).toBe('dd.mm.yyyy');

        expect(sheet.getCell('E2').type).toBe(ExcelJS.ValueType.Boolean);
        expect(sheet.getCell('E2').value).toBe(true);
        expect(sheet.getCell('E3').value).toBe(false);

        expect(sheet.getCell('A3').value).toBe('Jürgen Łukasz 中文');
        for (const address of ['C3', 'D3', 'A4', 'B4', 'C4', 'D4', 'E4']) {
            expect(sheet.getCell(address).type, address).toBe(ExcelJS.ValueType.Null);
        }
    });

    it('keeps texts that are names of Object.prototype properties, and XML special characters', async () => {
        const texts = ['constructor', '__proto__', 'toString', 'a < b & "c"'];
        const sheet = await sheetOf(
            await spreadsheetXlsx(
                [{ header: 'hasOwnProperty', type: 'text' }],
                texts.map((text) => [text]),
                'Texts',
            ),
        );
        expect(sheet.getCell('A1').value).toBe('hasOwnProperty');
        expect(sheet.getCell('A1').font?.bold).toBe(true);
        expect([2, 3, 4, 5].map((row) => sheet.getCell(`A${row}`).value)).toEqual([
            'constructor',
            '__proto__',
            'toString',
            'a < b & "c"',
        ]);
    });

    it('refuses a cell whose kind does not match its column', async () => {
        await expect(spreadsheetXlsx(columns, [['x', '3']], 'S')).rejects.toThrow(/Count/);
        expect(() => spreadsheetCsv(columns, [['x', 1, '2024-01-01']])).toThrow(/When/);
    });
});

describe('spreadsheetCsv', () => {
    it('writes RFC 4180 with a BOM, CRLF, quoting, and an apostrophe before formula starts', () => {
        const csv = spreadsheetCsv(columns, [
            ['a,b', -2, new Date(Date.UTC(2024, 4, 1, 10, 15, 30, 123)), null, true],
            ['x"y', 0.5, null, new Date(Date.UTC(2024, 11, 31)), false],
            ['=1+1', null, null, null, null],
            ['+4915112345678', null, null, null, null],
            ['-x', null, null, null, null],
            ['@SUM(A1)', null, null, null, null],
            ['\tA', null, null, null, null],
            ['\r=A', null, null, null, null],
            ['line\nbreak ä ł 中', null, null, null, null],
        ]);
        expect(csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
        expect(csv.toString('utf8')).toBe(
            '\uFEFFName,Count,When,Day,Active\r\n' +
                '"a,b",-2,2024-05-01 10:15:30 UTC,,TRUE\r\n' +
                '"x""y",0.5,,2024-12-31,FALSE\r\n' +
                "'=1+1,,,,\r\n" +
                "'+4915112345678,,,,\r\n" +
                "'-x,,,,\r\n" +
                "'@SUM(A1),,,,\r\n" +
                "'\tA,,,,\r\n" +
                '"\'\r=A",,,,\r\n' +
                '"line\nbreak ä ł 中",,,,\r\n',
        );
    });
});
