import { describe, expect, it } from 'vitest';
import {
    assignedScopes,
    buildProfileActions,
    contextsOf,
    isSubcontractorPath,
    isSuperAdmin,
    minimalPrefixes,
    tenantIdsOf,
    visibleDepotScopes,
} from '../../domain/permissions.js';

const admin = buildProfileActions([{ contexts: ['ADMIN'], actions: ['admin'], scopePath: '' }]);
const tenantAdmin = buildProfileActions([
    { contexts: ['TENANT'], actions: ['tenant-admin'], scopePath: 't1' },
]);
const tenantReader = buildProfileActions([
    { contexts: ['TENANT'], actions: ['r:parcel-finder'], scopePath: 't1' },
]);
const tenantDepots = buildProfileActions([
    { contexts: ['TENANT'], actions: ['r:tenant-dcs'], scopePath: 't1' },
]);
const depotUser = buildProfileActions([
    { contexts: ['DEPOT'], actions: ['r:tour'], scopePath: 't1.DE.g1' },
    { contexts: ['DEPOT'], actions: ['r:suco'], scopePath: 't1.DE.g1.d2' },
]);
const sucoUser = buildProfileActions([
    { contexts: ['SUBCONTRACTOR'], actions: ['r:driver', 'r:suco'], scopePath: 't1.DE.g1.d1.s1' },
]);
const mixed = buildProfileActions([
    { contexts: ['TENANT', 'DEPOT'], actions: ['r:tour', 'r:tour'], scopePath: 't2' },
]);

describe('profile actions', () => {
    it('groups actions per context and scope path, without duplicates', () => {
        expect(depotUser).toEqual({
            ADMIN: [],
            TENANT: {},
            DEPOT: { 't1.DE.g1': ['r:tour'], 't1.DE.g1.d2': ['r:suco'] },
            SUBCONTRACTOR: {},
        });
        expect(mixed).toEqual({
            ADMIN: [],
            TENANT: { t2: ['r:tour'] },
            DEPOT: { t2: ['r:tour'] },
            SUBCONTRACTOR: {},
        });
    });

    it('derives the contexts of shell §6', () => {
        expect(contextsOf(admin)).toEqual(['admin', 'tenant', 'depot']);
        expect(contextsOf(tenantAdmin)).toEqual(['tenant', 'depot']);
        expect(contextsOf(tenantReader)).toEqual(['tenant']);
        expect(contextsOf(depotUser)).toEqual(['depot']);
        expect(contextsOf(sucoUser)).toEqual(['depot']);
        expect(contextsOf(mixed)).toEqual(['tenant', 'depot']);
        expect(contextsOf(buildProfileActions([]))).toEqual([]);
    });

    it('computes which depot scopes a user sees', () => {
        expect(visibleDepotScopes(admin)).toBe('ALL');
        expect(visibleDepotScopes(tenantAdmin)).toEqual(['t1']);
        expect(visibleDepotScopes(tenantReader)).toEqual([]);
        expect(visibleDepotScopes(tenantDepots)).toEqual(['t1']);
        expect(visibleDepotScopes(depotUser)).toEqual(['t1.DE.g1']);
        expect(visibleDepotScopes(sucoUser)).toEqual(['t1.DE.g1.d1']);
        expect(
            visibleDepotScopes(
                buildProfileActions([
                    { contexts: ['TENANT'], actions: ['tenant-admin'], scopePath: '' },
                ]),
            ),
        ).toBe('ALL');
    });

    it('reveals the depot of a depot role on a subcontractor path, and nothing for a subcontractor role off a subcontractor path', () => {
        expect(
            visibleDepotScopes(
                buildProfileActions([
                    { contexts: ['DEPOT'], actions: ['r:tour'], scopePath: 't1.DE.g1.d1.s1' },
                ]),
            ),
        ).toEqual(['t1.DE.g1.d1']);
        expect(
            visibleDepotScopes(
                buildProfileActions([
                    { contexts: ['SUBCONTRACTOR'], actions: ['r:suco'], scopePath: 't1.DE.g1' },
                ]),
            ),
        ).toEqual([]);
        expect(isSubcontractorPath('t1.DE.g1.d1.s1')).toBe(true);
        expect(isSubcontractorPath('t1.DE.g1.d1')).toBe(false);
    });

    it('tells super admins apart', () => {
        expect(
            isSuperAdmin(
                buildProfileActions([
                    { contexts: ['ADMIN'], actions: ['admin', 'super-admin'], scopePath: '' },
                ]),
            ),
        ).toBe(true);
        expect(isSuperAdmin(admin)).toBe(false);
    });

    it('lists tenants and assigned scopes', () => {
        expect(tenantIdsOf(admin)).toBe('ALL');
        expect(tenantIdsOf(tenantAdmin)).toEqual(['t1']);
        expect(tenantIdsOf(depotUser)).toEqual([]);
        expect(assignedScopes(depotUser)).toEqual(['t1.DE.g1']);
        expect(assignedScopes(sucoUser)).toEqual(['t1.DE.g1.d1.s1']);
        expect(minimalPrefixes(['t1.DE', 't1', 't10', 't1.DE.g1'])).toEqual(['t1', 't10']);
    });
});
