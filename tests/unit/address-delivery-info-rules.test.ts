import { describe, expect, it } from 'vitest';
import {
    addressInfoCsvColumns,
    addressInfoCsvTemplate,
    addressKeyOf,
    checkAddressInfoRecords,
    describeAddressInfoProblem,
    isAddressInfoRule,
    type AddressInfoCsvColumn,
} from '../../domain/addressDeliveryInfo.js';

/**
 * The rules of an address delivery information upload (docs/address-delivery-information.md),
 * at every boundary. Expected values are written out here, not computed by the product.
 */

const HEADER = [
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
];

const good: Record<string, string> = {
    street: 'Hauptstraße',
    houseNumber: '5',
    zipCode: '20095',
    locality: 'Hamburg',
    country: 'DE',
    latitude: '53.55',
    longitude: '10.0',
    coordinateType: 'ROOFTOP',
    deliveryNote: 'Rear entrance',
    accessCode: '',
    safePlace: '',
    openingHours: '',
};
const record = (overrides: Record<string, string> = {}) =>
    HEADER.map((column) => ({ ...good, ...overrides })[column] ?? '');
const check = (...rows: string[][]) => checkAddressInfoRecords([HEADER, ...rows]);
/** The problems of a one-row file as `column:rule` (row 2). */
const problemsOf = (overrides: Record<string, string>) =>
    check(record(overrides)).problems.map((problem) => {
        expect(problem.row).toBe(2);
        return `${problem.column ?? '-'}:${problem.rule}`;
    });
const text = (length: number, char = 'a') => char.repeat(length);

describe('the file', () => {
    it('has the fixed header of twelve columns, also as the template', () => {
        expect([...addressInfoCsvColumns]).toEqual(HEADER);
        expect(addressInfoCsvTemplate).toBe(`${HEADER.join(',')}\r\n`);
    });

    it('accepts a valid row, with a byte order mark and spaces around header cells', () => {
        const result = checkAddressInfoRecords([
            [`\uFEFF${HEADER[0]}`, ...HEADER.slice(1).map((cell) => ` ${cell} `)],
            record(),
        ]);
        expect(result.problems).toEqual([]);
        expect(result.entries).toEqual([
            {
                row: 2,
                key: 'DE|20095|hauptstrasse|5',
                values: {
                    street: 'Hauptstraße',
                    houseNo: '5',
                    postcode: '20095',
                    locality: 'Hamburg',
                    countryCode: 'DE',
                    latitude: 53.55,
                    longitude: 10,
                    coordinateType: 'ROOFTOP',
                    deliveryNote: 'Rear entrance',
                    accessCode: null,
                    safePlace: null,
                    openingHours: null,
                },
            },
        ]);
    });

    it('refuses a file without the exact header (missing, reordered, an extra column)', () => {
        for (const header of [
            [],
            HEADER.slice(0, 11),
            [HEADER[1] ?? '', HEADER[0] ?? '', ...HEADER.slice(2)],
            [...HEADER, 'extra'],
        ]) {
            const result = checkAddressInfoRecords([header, record()]);
            expect(result.fileProblem).toBe(true);
            expect(result.problems).toEqual([
                { row: 1, rule: 'csvHeader', params: { columns: HEADER.join(',') } },
            ]);
        }
        expect(checkAddressInfoRecords([]).problems[0]?.rule).toBe('csvHeader');
    });

    it('refuses a file without rows; blank lines are no rows', () => {
        expect(check().problems).toEqual([{ row: 2, rule: 'csvEmpty', params: {} }]);
        expect(check([''], ['', ' ']).problems).toEqual([{ row: 2, rule: 'csvEmpty', params: {} }]);
    });

    it('takes 10,000 rows and refuses 10,001, naming the first row too many', () => {
        const rows = (count: number) =>
            Array.from({ length: count }, (_, index) => record({ houseNumber: String(index) }));
        const most = check(...rows(10_000));
        expect(most.problems).toEqual([]);
        expect(most.entries).toHaveLength(10_000);
        expect(check(...rows(10_001)).problems).toEqual([
            { row: 10_002, rule: 'csvTooManyRows', params: { rows: 10_001, max: 10_000 } },
        ]);
    });

    it('skips blank lines but keeps the spreadsheet row numbers', () => {
        const result = check(record(), [''], record({ zipCode: '' }));
        expect(result.problems.map((problem) => [problem.row, problem.rule])).toEqual([
            [4, 'required'],
        ]);
    });

    it('names a row whose width differs from the header', () => {
        const result = check(record().slice(0, 11), [...record(), 'x']);
        expect(result.problems).toEqual([
            { row: 2, rule: 'csvCells', params: { cells: 11, expected: 12 } },
            { row: 3, rule: 'csvCells', params: { cells: 13, expected: 12 } },
        ]);
    });

    it('lists every problem of every row, each with its row and column', () => {
        const result = check(
            record({ street: '', country: 'de' }),
            record(),
            record({ houseNumber: '6', latitude: '91', coordinateType: 'roof' }),
        );
        expect(
            result.problems.map((problem) => [problem.row, problem.column, problem.rule]),
        ).toEqual([
            [2, 'street', 'required'],
            [2, 'country', 'countryCode'],
            [4, 'latitude', 'latitudeRange'],
            [4, 'coordinateType', 'coordinateType'],
        ]);
        expect(result.problems.every((problem) => problem.params.column === problem.column)).toBe(
            true,
        );
    });
});

describe('the cells', () => {
    it('needs street, zipCode and country (spaces alone are empty)', () => {
        expect(problemsOf({ street: ' ' })).toEqual(['street:required']);
        expect(problemsOf({ zipCode: '' })).toEqual(['zipCode:required']);
        expect(problemsOf({ country: '' })).toEqual(['country:required']);
        expect(problemsOf({ houseNumber: '', locality: '' })).toEqual([]);
    });

    const limits: [AddressInfoCsvColumn, number][] = [
        ['street', 100],
        ['houseNumber', 20],
        ['zipCode', 20],
        ['locality', 100],
        ['deliveryNote', 200],
        ['accessCode', 30],
        ['safePlace', 100],
        ['openingHours', 100],
    ];
    it.each(limits)('%s takes %i characters, not one more', (column, max) => {
        expect(problemsOf({ [column]: text(max) })).toEqual([]);
        expect(problemsOf({ [column]: text(max + 1) })).toEqual([`${column}:tooLong`]);
        expect(check(record({ [column]: text(max + 1) })).problems[0]?.params).toEqual({
            column,
            max,
        });
    });

    it('counts characters, not bytes or UTF-16 units', () => {
        expect(problemsOf({ deliveryNote: text(200, 'é') })).toEqual([]);
        expect(problemsOf({ deliveryNote: text(200, '📦') })).toEqual([]);
        expect(problemsOf({ deliveryNote: text(201, '📦') })).toEqual(['deliveryNote:tooLong']);
    });

    it('takes line breaks only in the note, safe place and opening hours; never other control characters', () => {
        expect(
            problemsOf({
                deliveryNote: 'Ring twice\nthen wait',
                safePlace: 'Garage\r\nleft',
                openingHours: 'Mo-Fr\t8-17',
            }),
        ).toEqual([]);
        expect(problemsOf({ street: 'Haupt\nstraße' })).toEqual(['street:invalidCharacters']);
        expect(problemsOf({ accessCode: '12\t34' })).toEqual(['accessCode:invalidCharacters']);
        expect(problemsOf({ deliveryNote: 'a\u0000b' })).toEqual([
            'deliveryNote:invalidCharacters',
        ]);
        expect(problemsOf({ deliveryNote: 'a\u007Fb' })).toEqual([
            'deliveryNote:invalidCharacters',
        ]);
    });

    it('needs a two-letter country code in capitals', () => {
        expect(problemsOf({ country: 'NL' })).toEqual([]);
        for (const country of ['de', 'D', 'DEU', 'D1'])
            expect(problemsOf({ country })).toEqual(['country:countryCode']);
    });

    it('takes latitudes from -90 to 90 and longitudes from -180 to 180', () => {
        expect(problemsOf({ latitude: '90', longitude: '180' })).toEqual([]);
        expect(problemsOf({ latitude: '-90', longitude: '-180' })).toEqual([]);
        expect(problemsOf({ latitude: '90.000001' })).toEqual(['latitude:latitudeRange']);
        expect(problemsOf({ latitude: '-90.000001' })).toEqual(['latitude:latitudeRange']);
        expect(problemsOf({ longitude: '180.000001' })).toEqual(['longitude:longitudeRange']);
        expect(problemsOf({ longitude: '-180.000001' })).toEqual(['longitude:longitudeRange']);
    });

    it('takes plain decimal numbers with a point only', () => {
        expect(problemsOf({ latitude: '+53.', longitude: '.5' })).toEqual([]);
        for (const latitude of ['53,5', '1e1', 'north', '0x10', '5 3'])
            expect(problemsOf({ latitude })).toEqual(['latitude:number']);
    });

    it('needs latitude and longitude together', () => {
        expect(problemsOf({ longitude: '' })).toEqual(['longitude:coordinatesPair']);
        expect(problemsOf({ latitude: '' })).toEqual(['latitude:coordinatesPair']);
    });

    it('needs a coordinate type with coordinates, one of ROOFTOP, STREET, HANDOVER, and none without', () => {
        for (const coordinateType of ['ROOFTOP', 'STREET', 'HANDOVER'])
            expect(problemsOf({ coordinateType })).toEqual([]);
        expect(problemsOf({ coordinateType: '' })).toEqual(['coordinateType:required']);
        expect(problemsOf({ coordinateType: 'rooftop' })).toEqual([
            'coordinateType:coordinateType',
        ]);
        expect(problemsOf({ latitude: '', longitude: '', coordinateType: 'STREET' })).toEqual([
            'coordinateType:coordinateTypeWithoutCoordinates',
        ]);
        expect(problemsOf({ latitude: '', longitude: '', coordinateType: '' })).toEqual([]);
    });

    it('needs some information for the driver', () => {
        const none = { latitude: '', longitude: '', coordinateType: '', deliveryNote: '' };
        expect(problemsOf(none)).toEqual(['deliveryNote:noInformation']);
        for (const column of ['deliveryNote', 'accessCode', 'safePlace', 'openingHours'])
            expect(problemsOf({ ...none, [column]: 'x' })).toEqual([]);
        expect(problemsOf({ deliveryNote: '' })).toEqual([]);
    });
});

describe('the normalised address key', () => {
    it('is country|postcode|street|house number', () => {
        expect(
            addressKeyOf({
                street: 'Hauptstraße',
                houseNo: '12 a',
                postcode: '20095',
                countryCode: 'de',
            }),
        ).toBe('DE|20095|hauptstrasse|12a');
        expect(
            addressKeyOf({
                street: 'Dorfweg',
                houseNo: null,
                postcode: '1234 ab',
                countryCode: 'NL',
            }),
        ).toBe('NL|1234AB|dorfweg|');
    });

    it('ignores case, accents, spaces, punctuation, ß/ss and the "Str." abbreviation', () => {
        const base = { houseNo: '5', postcode: '20095', countryCode: 'DE' };
        for (const street of [
            'Hauptstraße',
            'Hauptstr.',
            'HAUPTSTRASSE',
            'Haupt-Straße',
            'haupt str',
        ])
            expect(addressKeyOf({ ...base, street })).toBe('DE|20095|hauptstrasse|5');
        expect(addressKeyOf({ ...base, street: "Rue de l'Église" })).toBe(
            'DE|20095|ruedeleglise|5',
        );
    });

    it('reads house-number ranges alike and keeps different numbers apart', () => {
        const base = { street: 'Weg', postcode: '1', countryCode: 'DE' };
        expect(addressKeyOf({ ...base, houseNo: '3/5' })).toBe('DE|1|weg|3-5');
        expect(addressKeyOf({ ...base, houseNo: '3 - 5' })).toBe('DE|1|weg|3-5');
        expect(addressKeyOf({ ...base, houseNo: '12A' })).toBe('DE|1|weg|12a');
        expect(addressKeyOf({ ...base, houseNo: '12B' })).not.toBe(
            addressKeyOf({ ...base, houseNo: '12A' }),
        );
    });

    it('makes a second row of the same address a duplicate of the first, on the later row', () => {
        const result = check(
            record({ street: 'Hauptstraße', houseNumber: '5' }),
            record({ street: 'Hauptstraße', houseNumber: '7' }),
            record({ street: 'Hauptstr.', houseNumber: ' 5 ', locality: 'Elsewhere' }),
            record({ street: 'Hauptstraße', houseNumber: '5', zipCode: '20097' }),
        );
        expect(result.problems).toEqual([
            {
                row: 4,
                column: 'street',
                rule: 'duplicateInFile',
                params: { column: 'street', first: 2 },
            },
        ]);
    });
});

describe('the English texts', () => {
    it('name the column and the reason', () => {
        expect(
            describeAddressInfoProblem({
                row: 2,
                column: 'deliveryNote',
                rule: 'tooLong',
                params: { column: 'deliveryNote', max: 200 },
            }),
        ).toBe('deliveryNote is longer than 200 characters');
        expect(
            describeAddressInfoProblem({
                row: 9,
                column: 'street',
                rule: 'duplicateInFile',
                params: { first: 3 },
            }),
        ).toBe('street repeats the address of row 3');
        expect(isAddressInfoRule('csvHeader')).toBe(true);
        expect(isAddressInfoRule('somethingElse')).toBe(false);
    });
});
