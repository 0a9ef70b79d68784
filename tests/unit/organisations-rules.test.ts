import { describe, expect, it } from 'vitest';
import {
    businessCountryCodes,
    businessHoursOrderRule,
    clockTimeRule,
    countryCodeRule,
    isTimeZone,
    organisationErrors,
    organisationNameRule,
    regionListRule,
    regionRowRules,
    removedRegionIds,
    tenantIdIdentity,
    tenantIdRule,
    timeZoneRule,
} from '../../domain/organisations';
import {
    organisationCreateBodyOf,
    organisationUpdateBodyOf,
} from '../../src/resources/organizations/organizationForm';

const valid = {
    id: 'acme_de',
    name: 'Acme',
    countryCode: 'DE',
    timeZone: 'Europe/Berlin',
    businessHours: { from: '06:00', to: '20:00' },
    regions: [{ name: 'North' }],
};

describe('organisation rules', () => {
    it('accepts ids of 2 to 40 letters, digits, hyphens and underscores', () => {
        for (const id of ['ab', 'acme_de', 'ACME-1', 'x'.repeat(40), '__'])
            expect(tenantIdRule(id), id).toBeNull();
        expect(tenantIdRule('')).toBe('required');
        expect(tenantIdRule(undefined)).toBe('required');
        for (const id of ['acme de', 'acme.de', 'äcme', 'a/b', 'a+b', ' acme'])
            expect(tenantIdRule(id), id).toBe('tenantIdFormat');
        for (const id of ['a', 'x'.repeat(41)]) expect(tenantIdRule(id), id).toBe('tenantIdLength');
    });

    it('treats ids alike when only letter case or _ and - differ', () => {
        expect(tenantIdIdentity('Acme_DE')).toBe('acme-de');
        expect(tenantIdIdentity('acme-de')).toBe(tenantIdIdentity('ACME_de'));
        expect(tenantIdIdentity('acme1')).not.toBe(tenantIdIdentity('acme'));
    });

    it('checks names: at least 2 characters that are not spaces, at most 100 after trimming', () => {
        expect(organisationNameRule('Acme')).toBeNull();
        expect(organisationNameRule(`  ${'x'.repeat(100)}  `)).toBeNull();
        expect(organisationNameRule('   ')).toBe('required');
        expect(organisationNameRule(null)).toBe('required');
        expect(organisationNameRule('A ')).toBe('tooShort');
        expect(organisationNameRule('x'.repeat(101))).toBe('tooLong');
    });

    it('knows the 47 business countries, upper-case alpha-2 only', () => {
        expect(businessCountryCodes).toHaveLength(47);
        expect(new Set(businessCountryCodes).size).toBe(47);
        expect(countryCodeRule('DE')).toBeNull();
        expect(countryCodeRule('US')).toBeNull();
        expect(countryCodeRule('de')).toBe('unknownCountry');
        expect(countryCodeRule('CN')).toBe('unknownCountry');
        expect(countryCodeRule('')).toBe('required');
    });

    it('knows IANA time zones', () => {
        for (const zone of ['Europe/Berlin', 'America/New_York', 'UTC'])
            expect(isTimeZone(zone), zone).toBe(true);
        for (const zone of ['Mars/Olympus', '', 'Europe/Berlin; drop', 42])
            expect(isTimeZone(zone), String(zone)).toBe(false);
        expect(timeZoneRule('')).toBe('required');
        expect(timeZoneRule('Nowhere/City')).toBe('unknownTimeZone');
    });

    it('checks business hours: HH:MM each, start before end', () => {
        expect(clockTimeRule('00:00')).toBeNull();
        expect(clockTimeRule('23:59')).toBeNull();
        for (const value of ['24:00', '6:00', '06:60', '0600'])
            expect(clockTimeRule(value), value).toBe('clockTime');
        expect(clockTimeRule('')).toBe('required');
        expect(businessHoursOrderRule({ from: '06:00', to: '06:01' })).toBeNull();
        expect(businessHoursOrderRule({ from: '06:00', to: '06:00' })).toBe('hoursOrder');
        expect(businessHoursOrderRule({ from: '22:00', to: '05:00' })).toBe('hoursOrder');
        // A broken end is reported by its own rule, not twice.
        expect(businessHoursOrderRule({ from: 'x', to: '05:00' })).toBeNull();
    });

    it('checks regions: at least one, names valid and unique ignoring case and spaces', () => {
        expect(regionListRule([])).toBe('regionRequired');
        expect(regionListRule([{ name: 'a' }])).toBeNull();
        expect(regionListRule(Array.from({ length: 101 }, () => ({ name: 'x' })))).toBe(
            'tooManyRegions',
        );
        expect(
            regionRowRules([
                { name: 'North' },
                { name: ' north ' },
                { name: ' ' },
                { name: 'N' },
                { name: 'South' },
            ]),
        ).toEqual([null, 'duplicateRegion', 'required', 'tooShort', null]);
    });

    it('lists every fault of a body as /body/<field> details; the id only when creating', () => {
        expect(organisationErrors(valid, true)).toEqual([]);
        const errors = organisationErrors(
            {
                ...valid,
                id: 'a b',
                name: '',
                countryCode: 'XX',
                timeZone: 'No/Where',
                businessHours: { from: '20:00', to: '08:00' },
                regions: [],
            },
            true,
        );
        expect(errors.map((error) => error.field)).toEqual([
            '/body/id',
            '/body/name',
            '/body/countryCode',
            '/body/timeZone',
            '/body/businessHours',
            '/body/regions',
        ]);
        expect(errors[0]).toEqual({
            field: '/body/id',
            message: 'id may contain letters, digits, hyphens and underscores only',
        });
        expect(organisationErrors({ ...valid, id: 'a b' }, false)).toEqual([]);
        expect(
            organisationErrors({ ...valid, regions: [{ name: 'A1' }, { name: 'a1' }] }, false),
        ).toEqual([
            {
                field: '/body/regions/1/name',
                message: 'regions.1.name is used by another region of the organisation',
            },
        ]);
    });

    it('finds stored regions an update leaves out', () => {
        expect(
            removedRegionIds(
                ['r1', 'r2', 'r3'],
                [{ id: 'r1', name: 'x' }, { name: 'new' }, { id: 'r3', name: 'y' }],
            ),
        ).toEqual(['r2']);
        expect(removedRegionIds(['r1'], [{ id: 'r1', name: 'x' }])).toEqual([]);
    });
});

describe('organisation form bodies', () => {
    const values = {
        id: ' acme_de ',
        name: ' Acme ',
        countryCode: 'DE',
        timeZone: 'Europe/Berlin',
        businessHours: { from: '06:00', to: '20:00' },
        regions: [{ id: 'r1', name: ' North ' }, { name: 'South ' }],
        version: 3,
    };

    it('creates with trimmed texts and regions without ids', () => {
        expect(organisationCreateBodyOf(values)).toEqual({
            id: 'acme_de',
            name: 'Acme',
            countryCode: 'DE',
            timeZone: 'Europe/Berlin',
            businessHours: { from: '06:00', to: '20:00' },
            regions: [{ name: 'North' }, { name: 'South' }],
        });
    });

    it('updates with saved regions by id, new ones without, and the version it was based on; no id or extra fields', () => {
        expect(
            organisationUpdateBodyOf({ ...values, depotCount: 4, createdAt: 'x' } as Parameters<
                typeof organisationUpdateBodyOf
            >[0]),
        ).toEqual({
            name: 'Acme',
            countryCode: 'DE',
            timeZone: 'Europe/Berlin',
            businessHours: { from: '06:00', to: '20:00' },
            regions: [{ id: 'r1', name: 'North' }, { name: 'South' }],
            version: 3,
        });
    });
});
