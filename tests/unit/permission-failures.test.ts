import { describe, expect, it } from 'vitest';
import { authorizationFailure, authorizationPageCode } from '../../domain/authorizationErrors.js';
import {
    authorizationErrorCodes,
    authorizationErrors,
    errorPageCodeOf,
    errorPageCodes,
} from '../../domain/errors.js';
import {
    admin,
    D1,
    D2,
    depotManagerD1,
    nobody,
    profile,
    S1,
    S2,
    tenantAdminT1,
} from './permission-fixtures.js';

const sucoUser = profile([['SUBCONTRACTOR'], ['r:suco', 'r:driver'], S1]);
const tenantUser = profile([['TENANT'], ['r:parcel-finder', 'r:tenant-dcs'], 't1']);

describe('authorization failure kinds', () => {
    it('checks in order: depot context, feature, selected scope, data', () => {
        // A user without any depot permission gets NO_DC_PERMISSION even for a feature held nowhere.
        expect(authorizationFailure(tenantUser, 'r:bo-user', { context: 'depot', path: D1 })).toBe(
            'NO_DC_PERMISSION',
        );
        expect(authorizationFailure(nobody, 'r:tour', { context: 'depot' })).toBe(
            'NO_DC_PERMISSION',
        );
        expect(authorizationFailure(depotManagerD1, 'r:tour', { context: 'depot', path: D1 })).toBe(
            'NO_PERMISSION',
        );
        expect(
            authorizationFailure(depotManagerD1, 'r:bo-user', { context: 'depot', path: D2 }),
        ).toBe('CHANGE_SCOPE');
        expect(
            authorizationFailure(depotManagerD1, 'r:bo-user', {
                context: 'depot',
                path: `${D2}.s1`,
            }),
        ).toBe('CHANGE_SCOPE');
        expect(authorizationFailure(sucoUser, 'r:driver', { context: 'depot', path: S2 })).toBe(
            'NO_DATA_PERMISSION',
        );
        expect(
            authorizationFailure(sucoUser, 'r:driver', { context: 'depot', path: S1 }),
        ).toBeNull();
    });

    it('treats the tenant context per tenant', () => {
        expect(
            authorizationFailure(tenantUser, 'r:parcel-finder', { context: 'tenant', path: 't1' }),
        ).toBeNull();
        expect(
            authorizationFailure(tenantUser, 'r:parcel-finder', { context: 'tenant', path: 't10' }),
        ).toBe('CHANGE_SCOPE');
        expect(
            authorizationFailure(tenantUser, 'r:dgw-pages', { context: 'tenant', path: 't1' }),
        ).toBe('NO_PERMISSION');
        expect(
            authorizationFailure(depotManagerD1, 'r:parcel-finder', {
                context: 'tenant',
                path: 't1',
            }),
        ).toBe('NO_PERMISSION');
        expect(
            authorizationFailure(tenantAdminT1, 'r:parcel-finder', {
                context: 'tenant',
                path: 't2',
            }),
        ).toBe('CHANGE_SCOPE');
    });

    it('lets pages that filter their data ask for some coverage only', () => {
        expect(authorizationFailure(sucoUser, 'r:driver', { context: 'depot', path: D1 })).toBe(
            'NO_DATA_PERMISSION',
        );
        expect(
            authorizationFailure(sucoUser, 'r:driver', { context: 'depot', path: D1 }, 'some'),
        ).toBeNull();
        expect(
            authorizationFailure(sucoUser, 'r:driver', { context: 'depot', path: D2 }, 'some'),
        ).toBe('CHANGE_SCOPE');
    });

    it('passes admins everywhere and keeps the admin context to them', () => {
        expect(authorizationFailure(admin, 'r:tour', { context: 'depot', path: D1 })).toBeNull();
        expect(authorizationFailure(admin, 'anything', { context: 'admin' })).toBeNull();
        expect(authorizationFailure(tenantAdminT1, 'anything', { context: 'admin' })).toBe(
            'NO_PERMISSION',
        );
    });

    it('maps every failure to a known error page, all as 403', () => {
        for (const code of authorizationErrorCodes) {
            expect(errorPageCodes).toContain(authorizationPageCode(code));
            expect(authorizationErrors[code].status).toBe(403);
            expect(errorPageCodeOf(code)).toBe(authorizationPageCode(code));
        }
        expect(errorPageCodeOf('SERVER_ERROR')).toBeNull();
    });
});
