import { describe, expect, it } from 'vitest';
import { emptyProfileActions, type ProfileActions } from '../../domain/permissions';
import { canAccessResource, hasFeature, tenantsWithScopes } from '../../src/access';
import { currentContextOf, entryPath, visibleEntries, type NavigationEntry } from '../../src/layout/navigation';

const Icon = () => null;
const entry = (overrides: Partial<NavigationEntry>): NavigationEntry => ({
    context: 'tenant',
    group: 'configurations',
    feature: null,
    order: 0,
    icon: Icon,
    textKey: 'app.navigation.x',
    path: 'x',
    ...overrides,
});

const actions = (overrides: Partial<ProfileActions>): ProfileActions => ({ ...emptyProfileActions(), ...overrides });

describe('currentContextOf', () => {
    it('reads the context from the first path segment', () => {
        expect(currentContextOf('/administration/configurations/depots')).toEqual({ context: 'admin', basePath: '/administration' });
        expect(currentContextOf('/tenant/t1/configurations/depots/5/show')).toEqual({ context: 'tenant', basePath: '/tenant/t1', tenantId: 't1' });
        expect(currentContextOf('/tenant')).toEqual({ context: 'tenant', basePath: null });
        expect(currentContextOf('/depot/t1/100')).toEqual({ context: 'depot', basePath: '/depot/t1/100' });
        expect(currentContextOf('/depot/t1')).toEqual({ context: 'depot', basePath: null });
        expect(currentContextOf('/depot/t1/100/error/changeScope')).toEqual({ context: 'depot', basePath: '/depot/t1/100' });
        expect(currentContextOf('/depot/error/changeScope')).toEqual({ context: 'depot', basePath: null });
        expect(currentContextOf('/landing')).toBeNull();
        expect(currentContextOf('/error/noPermission')).toBeNull();
    });
});

describe('visibleEntries', () => {
    const entries = [
        entry({ textKey: 'b', order: 20 }),
        entry({ textKey: 'a', order: 10, feature: 'r:depot-mgmt-list' }),
        entry({ textKey: 'top', group: null, order: 99 }),
        entry({ textKey: 'admin', context: 'admin' }),
    ];

    const tenantView = (tenantId: string) => ({ context: 'tenant' as const, basePath: `/tenant/${tenantId}`, tenantId });

    it('keeps the context\'s entries the user may see in the selected tenant, ungrouped first, then by order', () => {
        const user = actions({ TENANT: { t1: ['r:depot-mgmt-list'] } });
        expect(visibleEntries(entries, tenantView('t1'), user).map((item) => item.textKey)).toEqual(['top', 'a', 'b']);
        expect(visibleEntries(entries, tenantView('t2'), user).map((item) => item.textKey)).toEqual(['top', 'b']);
        expect(visibleEntries(entries, tenantView('t1'), actions({ TENANT: { t1: [] } })).map((item) => item.textKey)).toEqual(['top', 'b']);
    });

    it('lets admins see every feature, and tenant admins every feature of their tenant', () => {
        expect(hasFeature(actions({ ADMIN: ['admin'] }), 'r:depot-mgmt-list', 'tenant', 't9')).toBe(true);
        expect(hasFeature(actions({ TENANT: { t1: ['tenant-admin'] } }), 'r:depot-mgmt-list', 'tenant', 't1')).toBe(true);
        expect(hasFeature(actions({ TENANT: { t1: ['tenant-admin'] } }), 'r:depot-mgmt-list', 'tenant', 't2')).toBe(false);
        expect(hasFeature(actions({ DEPOT: { 't1.DE.g1.d1': ['r:tour'] } }), 'r:device', 'depot')).toBe(false);
        expect(hasFeature(actions({}), null, 'admin')).toBe(true);
    });

    it('builds paths below the context base', () => {
        expect(entryPath('/tenant/t1', entry({ path: 'configurations/depots' }))).toBe('/tenant/t1/configurations/depots');
        expect(entryPath('/depot/t1/100', entry({ path: '' }))).toBe('/depot/t1/100');
    });
});

describe('canAccessResource', () => {
    it('lets admins pass and asks others for the resource\'s feature', () => {
        expect(canAccessResource(actions({ ADMIN: ['admin'] }), 'anything')).toBe(true);
        expect(canAccessResource(actions({ TENANT: { t1: ['r:depot-mgmt-list'] } }), 'depots')).toBe(true);
        expect(canAccessResource(actions({ TENANT: { t1: ['r:role'] } }), 'depots')).toBe(false);
        expect(canAccessResource(actions({ TENANT: { t1: ['r:depot-mgmt-list'] } }), 'unknown')).toBe(false);
    });
});

describe('tenantsWithScopes', () => {
    it('names the tenants of every scope the user holds, in any context', () => {
        expect(tenantsWithScopes(actions({ DEPOT: { 't1.DE.g1.d1': ['r:tour'] }, SUBCONTRACTOR: { 't2.DE.g2.d2.s1': ['r:driver'] } }))).toEqual(['t1', 't2']);
        expect(tenantsWithScopes(actions({ TENANT: { t3: ['r:role'] } }))).toEqual(['t3']);
        expect(tenantsWithScopes(actions({}))).toEqual([]);
    });

    it('answers ALL for admins and all-tenant scopes', () => {
        expect(tenantsWithScopes(actions({ ADMIN: ['admin'] }))).toBe('ALL');
        expect(tenantsWithScopes(actions({ TENANT: { '': ['tenant-admin'] } }))).toBe('ALL');
    });
});
