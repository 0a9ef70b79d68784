import { describe, expect, it } from 'vitest';
import {
    coordinatesPairRule,
    countryCodeRule,
    csvRowNumber,
    depotCsvColumns,
    depotCsvContextProblems,
    depotCsvHeaderProblem,
    depotCsvRowErrors,
    depotCsvRowToBody,
    depotCsvTemplate,
    depotCsvTemplateFor,
    depotFieldErrors,
    deviceMappingsRule,
    externalDepotIdRule,
    latitudeRule,
    longitudeRule,
    parseDeviceMapping,
    splitDeviceMappings,
    timeZoneRule,
    depotFieldRules,
    depotServerRules,
    isDepotProblemRule,
    unconfiguredServices,
    type DepotCsvRow,
} from '../../domain/depots.js';
import en from '../../locales/en.json' with { type: 'json' };
import { previewDepotCsv } from '../../src/resources/depots/depotCsvPreview.js';
import { depotProblemKey, depotProblemText } from '../../src/resources/depots/depotProblemText.js';
import { depotFormFieldProblems } from '../../src/resources/depots/useDepotSaveError.js';
import { geocode, geocodeQuery } from '../../server/geocoding/geocoder.js';

const row = (overrides: Partial<DepotCsvRow> = {}): DepotCsvRow => ({
    organizationId: 'nordpaket',
    country: 'DE',
    regionId: 'g1',
    externalDepotId: '120',
    name: 'Depot Hamburg',
    street: 'Am Kai',
    houseNumber: '',
    zipCode: '20457',
    locality: 'Hamburg',
    latitude: '53.54',
    longitude: '9.98',
    timeZone: 'Europe/Berlin',
    deviceMapping: '',
    ...overrides,
});

describe('device mappings', () => {
    it('parses exactly one service:ID pair', () => {
        expect(parseDeviceMapping('mdm:DE-1234')).toEqual({ service: 'mdm', id: 'DE-1234' });
        expect(parseDeviceMapping(' mdm:a.b_c ')).toEqual({ service: 'mdm', id: 'a.b_c' });
        for (const bad of [
            'mdm',
            'mdm:',
            ':1',
            'mdm:1:2',
            'm dm:1',
            'mdm:has space',
            'mdm:-lead',
            '',
        ])
            expect(parseDeviceMapping(bad), bad).toBeNull();
    });

    it('checks lists: format, twice, count; names unconfigured services', () => {
        expect(deviceMappingsRule([])).toBeNull();
        expect(deviceMappingsRule(['mdm:1', 'mdm:2'])).toBeNull();
        expect(deviceMappingsRule(['mdm:1', 'oops'])).toBe('deviceMappingFormat');
        expect(deviceMappingsRule(['mdm:1', ' mdm:1'])).toBe('deviceMappingTwice');
        expect(deviceMappingsRule(Array.from({ length: 21 }, (_, index) => `mdm:${index}`))).toBe(
            'tooManyDeviceMappings',
        );
        expect(unconfiguredServices(['mdm:1', 'intune:2', 'intune:3', 'bad'], ['mdm'])).toEqual([
            'intune',
        ]);
        expect(splitDeviceMappings(' mdm:1 ; mdm:2')).toEqual(['mdm:1', 'mdm:2']);
        expect(splitDeviceMappings('  ')).toEqual([]);
    });
});

describe('field rules', () => {
    it('external depot ids, country codes, coordinates and time zones', () => {
        expect(externalDepotIdRule('120')).toBeNull();
        expect(externalDepotIdRule('')).toBe('required');
        expect(externalDepotIdRule('a b')).toBe('externalDepotIdFormat');
        expect(externalDepotIdRule('x'.repeat(21))).toBe('externalDepotIdFormat');
        expect(countryCodeRule('DE')).toBeNull();
        expect(countryCodeRule('de')).toBe('countryCode');
        expect(countryCodeRule('DEU')).toBe('countryCode');
        expect(latitudeRule(90)).toBeNull();
        expect(latitudeRule(-90.1)).toBe('latitudeRange');
        expect(longitudeRule(180)).toBeNull();
        expect(longitudeRule(181)).toBe('longitudeRange');
        expect(latitudeRule(Number.NaN)).toBe('number');
        expect(coordinatesPairRule(1, null)).toBe('coordinatesPair');
        expect(coordinatesPairRule(null, undefined)).toBeNull();
        expect(timeZoneRule('Europe/Berlin')).toBeNull();
        expect(timeZoneRule('UTC')).toBeNull();
        expect(timeZoneRule('America/Argentina/Buenos_Aires')).toBeNull();
        expect(timeZoneRule('Mars/Base')).toBe('timeZone');
        expect(timeZoneRule('+01:00')).toBe('timeZone');
        expect(timeZoneRule('')).toBe('required');
    });

    it('collects every broken field of a body', () => {
        const errors = depotFieldErrors({
            ...depotCsvRowToBody(row()),
            name: '',
            countryCode: 'x',
            latitude: 1,
            longitude: null,
            houseNo: 'h'.repeat(21),
        });
        expect(errors).toEqual({
            name: 'required',
            countryCode: 'countryCode',
            latitude: 'coordinatesPair',
            longitude: 'coordinatesPair',
            houseNo: 'tooLong',
        });
    });
});

describe('CSV rows', () => {
    it('has the fixed header and a template of it', () => {
        expect(depotCsvColumns).toHaveLength(13);
        expect(depotCsvHeaderProblem([...depotCsvColumns])).toBeNull();
        expect(depotCsvHeaderProblem([' organizationId ', ...depotCsvColumns.slice(1)])).toBeNull();
        expect(depotCsvHeaderProblem(depotCsvColumns.slice(0, 12))).toMatch(/must be exactly/);
        expect(depotCsvTemplate.trim()).toBe(depotCsvColumns.join(','));
        expect(csvRowNumber(0)).toBe(2);
    });

    it("fills an organisation's template with its id, country and each region id", () => {
        expect(
            depotCsvTemplateFor({
                id: 'nordpaket',
                countryCode: 'AT',
                regions: [{ id: 'g-north' }, { id: 'g_south2' }],
            }),
        ).toBe(
            'organizationId,country,regionId,externalDepotId,name,street,houseNumber,zipCode,locality,latitude,longitude,timeZone,deviceMapping\r\n' +
                'nordpaket,AT,g-north,,,,,,,,,,\r\n' +
                'nordpaket,AT,g_south2,,,,,,,,,,\r\n',
        );
    });

    it('maps a row to a body (optional columns empty, several mappings)', () => {
        expect(
            depotCsvRowToBody(row({ deviceMapping: 'mdm:1;mdm:2', houseNumber: ' 5a ' })),
        ).toMatchObject({
            tenantId: 'nordpaket',
            groupId: 'g1',
            countryCode: 'DE',
            houseNo: '5a',
            postcode: '20457',
            latitude: 53.54,
            longitude: 9.98,
            deviceMappings: ['mdm:1', 'mdm:2'],
        });
        expect(depotCsvRowToBody(row()).houseNo).toBeNull();
    });

    it('lists the problems of a row by column; coordinates are required', () => {
        expect(depotCsvRowErrors(row())).toEqual([]);
        expect(depotCsvRowErrors(row({ latitude: '', longitude: '' }))).toEqual([
            { column: 'latitude', rule: 'required' },
            { column: 'longitude', rule: 'required' },
        ]);
        expect(depotCsvRowErrors(row({ latitude: 'north' }))).toEqual([
            { column: 'latitude', rule: 'number' },
        ]);
        expect(
            depotCsvRowErrors(row({ organizationId: '', regionId: ' ', deviceMapping: 'mdm' })).map(
                (problem) => problem.column,
            ),
        ).toEqual(['organizationId', 'regionId', 'deviceMapping']);
        expect(
            depotCsvRowErrors(row({ zipCode: '', timeZone: 'Nowhere' })).map(
                (problem) => `${problem.column}:${problem.rule}`,
            ),
        ).toEqual(['zipCode:required', 'timeZone:timeZone']);
    });
});

describe('organisation checks of a row (server and preview)', () => {
    const organisation = { groupIds: new Set(['g1', 'g2']), services: ['mdm'] };
    const everywhere = () => true;

    it('an unknown or forbidden organisation, a foreign or forbidden region, unconfigured services', () => {
        expect(
            depotCsvContextProblems(row({ deviceMapping: 'mdm:1' }), organisation, everywhere),
        ).toEqual([]);
        expect(depotCsvContextProblems(row(), undefined, everywhere)).toMatchObject([
            {
                column: 'organizationId',
                rule: 'unknownOrganisation',
                params: { value: 'nordpaket' },
            },
        ]);
        expect(
            depotCsvContextProblems(row({ regionId: 'g9' }), organisation, everywhere),
        ).toMatchObject([
            {
                column: 'regionId',
                rule: 'unknownRegion',
                params: { value: 'g9', tenantId: 'nordpaket' },
            },
        ]);
        // A region the user may not create depots in reads like an unknown one.
        expect(
            depotCsvContextProblems(row(), organisation, (path) => path !== 'nordpaket.DE.g1').map(
                (problem) => problem.rule,
            ),
        ).toEqual(['unknownRegion']);
        expect(
            depotCsvContextProblems(
                row({ deviceMapping: 'intune:1;mdm:2' }),
                organisation,
                everywhere,
            ),
        ).toMatchObject([
            {
                column: 'deviceMapping',
                rule: 'serviceNotConfigured',
                params: { value: 'intune', services: 'mdm' },
            },
        ]);
        expect(
            depotCsvContextProblems(
                row({ deviceMapping: 'intune:1' }),
                { ...organisation, services: [] },
                everywhere,
            ).map((problem) => problem.rule),
        ).toEqual(['noServicesConfigured']);
        // What was not loaded is not checked.
        expect(
            depotCsvContextProblems(
                row({ regionId: 'g9', deviceMapping: 'intune:1' }),
                {},
                everywhere,
            ),
        ).toEqual([]);
        expect(depotCsvContextProblems(row({ organizationId: '' }), undefined, everywhere)).toEqual(
            [],
        );
    });

    it('the browser preview reports them with the same reasons, after the field rules and in-file duplicates', () => {
        const header = depotCsvColumns.join(',');
        const line = (cells: Partial<DepotCsvRow>) =>
            depotCsvColumns.map((column) => row(cells)[column]).join(',');
        const text = [
            header,
            line({}),
            line({ organizationId: 'elsewhere' }),
            line({ regionId: 'g9', externalDepotId: '121' }),
            line({ externalDepotId: '120', deviceMapping: 'intune:7' }),
        ].join('\n');
        const context = {
            organisations: new Map([['nordpaket', organisation]]),
            mayCreateAt: everywhere,
        };
        const preview = previewDepotCsv(text, context);
        expect(
            preview.problems.map(
                (problem) => `${problem.row}:${problem.rule}:${problem.params.column}`,
            ),
        ).toEqual([
            '3:unknownOrganisation:organizationId',
            '4:unknownRegion:regionId',
            '5:serviceNotConfigured:deviceMapping',
            '5:duplicateInFile:externalDepotId',
        ]);
        expect(preview.badRows).toBe(3);
        expect(previewDepotCsv(text).problems.map((problem) => problem.rule)).toEqual([
            'duplicateInFile',
        ]);
    });
});

describe('translated problem texts', () => {
    // A text with a count is a plural key (`…_one`, `…_other`): its base name has no entry.
    const lookup = (key: string): unknown =>
        key.split('.').reduce<unknown>((node, part) => {
            const entries = node as Record<string, unknown> | undefined;
            return entries?.[part] ?? entries?.[`${part}_other`];
        }, en);
    const translate = (key: string, args: Record<string, unknown> = {}) =>
        String(lookup(key) ?? key).replace(/{{(\w+)}}/g, (_match, name: string) =>
            String(args[name] ?? ''),
        );

    it('every reason has an English text', () => {
        for (const rule of [...depotFieldRules, ...depotServerRules])
            expect(typeof lookup(depotProblemKey(rule)), rule).toBe('string');
        expect(isDepotProblemRule('unknownRegion')).toBe(true);
        expect(isDepotProblemRule('somethingNew')).toBe(false);
    });

    it('names the column, fills the values, and falls back to the server text for an unknown reason', () => {
        expect(
            depotProblemText(translate, {
                rule: 'unknownRegion',
                params: { column: 'regionId', value: 'g9', tenantId: 'nordpaket' },
                message: 'x',
            }),
        ).toBe('regionId: g9 is not a region of nordpaket where you may create depots');
        expect(
            depotProblemText(translate, {
                rule: 'duplicateInFile',
                params: { column: 'externalDepotId', value: '120', first: 2 },
            }),
        ).toBe('externalDepotId: 120 is already used in row 2');
        expect(
            depotProblemText(translate, { rule: 'required', params: { column: 'name' } }, false),
        ).toBe('Required');
        expect(depotProblemText(translate, { rule: 'fromTheFuture', message: 'name is odd' })).toBe(
            'name is odd',
        );
        expect(depotProblemText(translate, { message: 'plain' })).toBe('plain');
    });

    it('maps a failed save to its form fields (address: street, postcode, locality only)', () => {
        const address = ['street', 'houseNo', 'postcode', 'locality', 'countryCode'].map(
            (field) => ({ field: `/body/${field}`, message: 'm', rule: 'addressNotFound' }),
        );
        expect(
            Object.keys(depotFormFieldProblems({ code: 'ADDRESS_NOT_FOUND', details: address })),
        ).toEqual(['street', 'postcode', 'locality']);
        expect(
            depotFormFieldProblems({
                code: 'DUPLICATE_EXTERNAL_DEPOT_ID',
                details: [
                    { field: '/body/externalDepotId', message: 'm', rule: 'externalDepotIdTaken' },
                ],
            }),
        ).toHaveProperty('externalDepotId');
        expect(
            depotFormFieldProblems({
                code: 'STALE_RECORD',
                details: [{ field: '/body/version', message: 'version is stale' }],
            }),
        ).toEqual({});
        expect(depotFormFieldProblems(undefined)).toEqual({});
    });
});

describe('geocoder', () => {
    it('builds one query line and answers null without a configured geocoder', async () => {
        expect(
            geocodeQuery({
                street: 'Am Kai',
                houseNo: '7',
                postcode: '20457',
                locality: 'Hamburg',
                countryCode: 'DE',
            }),
        ).toBe('Am Kai 7, 20457 Hamburg, DE');
        expect(
            geocodeQuery({
                street: 'Am Kai',
                houseNo: null,
                postcode: '',
                locality: 'Hamburg',
                countryCode: 'DE',
            }),
        ).toBe('Am Kai, Hamburg, DE');
        expect(
            await geocode(undefined, {
                street: 'a',
                postcode: 'b',
                locality: 'c',
                countryCode: 'DE',
            }),
        ).toBeNull();
        expect(
            await geocode('not a url', {
                street: 'a',
                postcode: 'b',
                locality: 'c',
                countryCode: 'DE',
            }),
        ).toBeNull();
    });
});
