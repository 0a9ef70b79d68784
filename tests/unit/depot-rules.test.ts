import { describe, expect, it } from 'vitest';
import {
    coordinatesPairRule,
    countryCodeRule,
    csvRowNumber,
    depotCsvColumns,
    depotCsvHeaderProblem,
    depotCsvRowErrors,
    depotCsvRowToBody,
    depotCsvTemplate,
    depotFieldErrors,
    deviceMappingsRule,
    externalDepotIdRule,
    latitudeRule,
    longitudeRule,
    parseDeviceMapping,
    splitDeviceMappings,
    timeZoneRule,
    unconfiguredServices,
    type DepotCsvRow,
} from '../../domain/depots.js';
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
        for (const bad of ['mdm', 'mdm:', ':1', 'mdm:1:2', 'm dm:1', 'mdm:has space', 'mdm:-lead', '']) expect(parseDeviceMapping(bad), bad).toBeNull();
    });

    it('checks lists: format, twice, count; names unconfigured services', () => {
        expect(deviceMappingsRule([])).toBeNull();
        expect(deviceMappingsRule(['mdm:1', 'mdm:2'])).toBeNull();
        expect(deviceMappingsRule(['mdm:1', 'oops'])).toBe('deviceMappingFormat');
        expect(deviceMappingsRule(['mdm:1', ' mdm:1'])).toBe('deviceMappingTwice');
        expect(deviceMappingsRule(Array.from({ length: 21 }, (_, index) => `mdm:${index}`))).toBe('tooManyDeviceMappings');
        expect(unconfiguredServices(['mdm:1', 'intune:2', 'intune:3', 'bad'], ['mdm'])).toEqual(['intune']);
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
        const errors = depotFieldErrors({ ...depotCsvRowToBody(row()), name: '', countryCode: 'x', latitude: 1, longitude: null, houseNo: 'h'.repeat(21) });
        expect(errors).toEqual({ name: 'required', countryCode: 'countryCode', latitude: 'coordinatesPair', longitude: 'coordinatesPair', houseNo: 'tooLong' });
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

    it('maps a row to a body (optional columns empty, several mappings)', () => {
        expect(depotCsvRowToBody(row({ deviceMapping: 'mdm:1;mdm:2', houseNumber: ' 5a ' }))).toMatchObject({
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
        expect(depotCsvRowErrors(row({ latitude: 'north' }))).toEqual([{ column: 'latitude', rule: 'number' }]);
        expect(depotCsvRowErrors(row({ organizationId: '', regionId: ' ', deviceMapping: 'mdm' })).map((problem) => problem.column)).toEqual(['organizationId', 'regionId', 'deviceMapping']);
        expect(depotCsvRowErrors(row({ zipCode: '', timeZone: 'Nowhere' })).map((problem) => `${problem.column}:${problem.rule}`)).toEqual(['zipCode:required', 'timeZone:timeZone']);
    });
});

describe('geocoder', () => {
    it('builds one query line and answers null without a configured geocoder', async () => {
        expect(geocodeQuery({ street: 'Am Kai', houseNo: '7', postcode: '20457', locality: 'Hamburg', countryCode: 'DE' })).toBe('Am Kai 7, 20457 Hamburg, DE');
        expect(geocodeQuery({ street: 'Am Kai', houseNo: null, postcode: '', locality: 'Hamburg', countryCode: 'DE' })).toBe('Am Kai, Hamburg, DE');
        expect(await geocode(undefined, { street: 'a', postcode: 'b', locality: 'c', countryCode: 'DE' })).toBeNull();
        expect(await geocode('not a url', { street: 'a', postcode: 'b', locality: 'c', countryCode: 'DE' })).toBeNull();
    });
});
