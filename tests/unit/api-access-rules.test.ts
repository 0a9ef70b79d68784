import { describe, expect, it } from 'vitest';
import {
    apiCredentialErrors,
    credentialStatus,
    latestExpiry,
    normaliseScopes,
} from '../../domain/apiAccess.js';
import {
    createBodyOf,
    credentialFormErrors,
    dayIn,
    endOfDayIn,
    expiryBounds,
    newCredentialValues,
    updateBodyOf,
} from '../../src/resources/api-access-management/apiCredentialForm.js';
import {
    developerPortalSamples,
    machineGatewayBase,
} from '../../src/resources/api-access-management/developerPortal.js';

const now = new Date('2026-11-21T13:30:00Z');

describe('API credential rules (domain/apiAccess.ts)', () => {
    it('names each faulty field', () => {
        const valid = {
            name: 'Warehouse',
            scopes: ['depots:read'],
            expiresAt: '2027-01-01T00:00:00Z',
        };
        expect(apiCredentialErrors(valid, now)).toEqual([]);
        expect(
            apiCredentialErrors({ ...valid, name: ' a ' }, now).map((error) => error.field),
        ).toEqual(['/body/name']);
        expect(
            apiCredentialErrors({ ...valid, name: 'x'.repeat(81) }, now).map(
                (error) => error.field,
            ),
        ).toEqual(['/body/name']);
        expect(
            apiCredentialErrors({ ...valid, scopes: [] }, now).map((error) => error.field),
        ).toEqual(['/body/scopes']);
        expect(apiCredentialErrors({ ...valid, scopes: ['tours:write'] }, now)[0]?.message).toMatch(
            /unknown scopes: tours:write/,
        );
        expect(
            apiCredentialErrors({ ...valid, scopes: ['depots:read', 'depots:read'] }, now)[0]
                ?.message,
        ).toMatch(/repeat/);
        expect(
            apiCredentialErrors({ ...valid, expiresAt: '2026-11-21T13:29:59Z' }, now)[0]?.message,
        ).toBe('must be in the future');
        expect(
            apiCredentialErrors(
                { ...valid, expiresAt: new Date(latestExpiry(now).getTime() + 1000).toISOString() },
                now,
            )[0]?.field,
        ).toBe('/body/expiresAt');
        expect(apiCredentialErrors({ ...valid, expiresAt: null }, now)).toEqual([]);
    });

    it('answers the status, revoked before expired', () => {
        expect(credentialStatus({ revokedAt: null, expiresAt: null }, now)).toBe('ACTIVE');
        expect(credentialStatus({ revokedAt: null, expiresAt: '2026-11-21T13:30:00Z' }, now)).toBe(
            'EXPIRED',
        );
        expect(
            credentialStatus(
                { revokedAt: '2026-01-01T00:00:00Z', expiresAt: '2026-01-01T00:00:00Z' },
                now,
            ),
        ).toBe('REVOKED');
        expect(normaliseScopes(['assignments:read', 'x', 'depots:read'])).toEqual([
            'depots:read',
            'assignments:read',
        ]);
    });
});

describe('the credential form (src/resources/apiCredentials/apiCredentialForm.ts)', () => {
    it('ends the chosen day at 23:59:59 Berlin time, also across daylight saving', () => {
        expect(endOfDayIn('2027-01-15')).toBe('2027-01-15T22:59:59.000Z');
        expect(endOfDayIn('2027-07-15')).toBe('2027-07-15T21:59:59.000Z');
        expect(dayIn(new Date(endOfDayIn('2027-03-28')))).toBe('2027-03-28');
        expect(dayIn(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
    });

    it('offers expiries from today to two years ahead and defaults to a year', () => {
        expect(expiryBounds(now)).toEqual({ min: '2026-11-21', max: '2028-11-19' });
        const values = newCredentialValues(now);
        expect(values.expiryDate).toBe('2027-11-21');
        expect(credentialFormErrors(values, now)).toEqual({
            name: 'app.apiAccess.validation.nameShort',
            scopes: 'app.apiAccess.validation.scopes',
        });
        expect(
            credentialFormErrors(
                { ...values, name: 'Sync', scopes: ['depots:read'], expiryDate: '2026-11-20' },
                now,
            ),
        ).toEqual({ expiryDate: 'app.apiAccess.validation.expiryPast' });
        expect(
            credentialFormErrors(
                { ...values, name: 'Sync', scopes: ['depots:read'], expiryDate: '2028-11-20' },
                now,
            ),
        ).toEqual({ expiryDate: 'app.apiAccess.validation.expiryFar' });
        expect(
            credentialFormErrors(
                { ...values, name: 'Sync', scopes: ['depots:read'], expiryDate: '2020-01-01' },
                now,
                '2020-01-01',
            ),
        ).toEqual({});
        expect(
            createBodyOf(
                {
                    name: ' Sync ',
                    scopes: ['assignments:read', 'depots:read'],
                    neverExpires: true,
                    expiryDate: '',
                },
                't1',
            ),
        ).toEqual({
            tenantId: 't1',
            name: 'Sync',
            scopes: ['depots:read', 'assignments:read'],
            expiresAt: null,
        });
    });

    it('keeps an unchanged expiry exactly and sends the version', () => {
        const credential = {
            id: 'c1',
            tenantId: 't1',
            clientId: 'pbo_x',
            name: 'Old',
            scopes: ['depots:read' as const],
            expiresAt: '2026-01-01T10:00:00.000Z',
            revokedAt: null,
            lastUsedAt: null,
            rotatedAt: null,
            createdAt: '2025-01-01T00:00:00.000Z',
            createdBy: null,
            status: 'EXPIRED' as const,
            version: 4,
        };
        expect(
            updateBodyOf(
                {
                    name: 'New',
                    scopes: ['depots:read'],
                    neverExpires: false,
                    expiryDate: '2026-01-01',
                },
                credential,
            ),
        ).toEqual({
            name: 'New',
            scopes: ['depots:read'],
            expiresAt: '2026-01-01T10:00:00.000Z',
            version: 4,
        });
        expect(
            updateBodyOf(
                {
                    name: 'New',
                    scopes: ['depots:read'],
                    neverExpires: true,
                    expiryDate: '2026-01-01',
                },
                credential,
            ).expiresAt,
        ).toBeNull();
    });
});

describe('the Developer Portal samples', () => {
    it('uses the real origin, the token URL and the machine base of the data gateway', () => {
        expect(machineGatewayBase('/data-gateway/api/v1/backoffice', 'https://bo.example')).toBe(
            'https://bo.example/data-gateway/api/v1',
        );
        expect(
            machineGatewayBase(
                'https://gw.example/data-gateway/api/v1/backoffice/',
                'https://bo.example',
            ),
        ).toBe('https://gw.example/data-gateway/api/v1');
        const samples = developerPortalSamples(
            {
                apiAccess: '/api-access/api/v1',
                dataGateway: '/data-gateway/api/v1/backoffice',
                tourCommander: '/tour-commander/v1',
            },
            'https://bo.example',
            '<CLIENT_ID>',
            '2026-11-21',
        );
        expect(samples.tokenUrl).toBe('https://bo.example/api-access/api/v1/oauth2/token');
        expect(samples.tokenRequest).toContain("-u '<CLIENT_ID>:<CLIENT_SECRET>'");
        expect(samples.tokenRequest).toContain('grant_type=client_credentials');
        expect(samples.gatewayCalls.map((call) => call.url)).toEqual([
            'https://bo.example/data-gateway/api/v1/external/depots?page=0&size=100',
            'https://bo.example/data-gateway/api/v1/external/assignments?date=2026-11-21&page=0&size=100',
            'https://bo.example/data-gateway/api/v1/external/jobs',
            'https://bo.example/tour-commander/v1/external/driver-app/events',
        ]);
        const post = samples.gatewayCalls[2]?.command ?? '';
        expect(post).toContain(
            "curl -X POST 'https://bo.example/data-gateway/api/v1/external/jobs'",
        );
        expect(post).toContain('"date":"2026-11-21","key":"TOUR","value":"1234"');
    });
});
