import { memoryStore } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { emptyProfileActions, type ProfileActions } from '../../domain/permissions';
import type { DistributionCenter } from '../../domain/contracts/scopes';
import type { TenantConfiguration } from '../../domain/contracts/tenant-configuration';
import { defaultTenantFrontendConfiguration } from '../../domain/tenantConfiguration';
import {
    healthBadgeHiddenOn,
    healthBadgeVisible,
    healthBadgeWarning,
} from '../../src/layout/healthBadge';
import { helpCenterUrl } from '../../src/layout/helpCenter';
import { createAppStore } from '../../src/layout/tabStore';
import { initialScope, transitionScope, type SelectedScope } from '../../src/scope/selectedScope';

const D1 = 't1.DE.g1.d1';
const depot: DistributionCenter = {
    internalDepotId: 'd1',
    externalDepotId: '100',
    locationName: 'Berlin',
    tenant: { id: 't1', name: 'Alpha' },
    group: { id: 'g1', name: 'North' },
    countryCode: 'DE',
    timeZone: 'Europe/Berlin',
    path: D1,
    manualJobUploadEnabled: false,
};
const actions = (overrides: Partial<ProfileActions>): ProfileActions => ({
    ...emptyProfileActions(),
    ...overrides,
});
const withHealth = actions({ DEPOT: { [D1]: ['r:health-status'] } });
const depotScope = transitionScope(initialScope, { kind: 'selectDepot', depot });
const withHours = (from: string, to: string): SelectedScope => {
    const configuration: TenantConfiguration = {
        id: 't1',
        frontend: { ...defaultTenantFrontendConfiguration, businessHours: { from, to } },
    };
    return transitionScope(depotScope, {
        kind: 'tenantConfigurationLoaded',
        tenantId: 't1',
        configuration,
    });
};
/** 10:00 in Berlin on a summer day (UTC+2). */
const TEN_BERLIN = new Date('2026-07-01T08:00:00Z');

describe('helpCenterUrl', () => {
    const template = 'https://help.example.com/{lang}/start';

    it('links the help in English, German or Italian, everything else in English', () => {
        expect(helpCenterUrl(template, 'de')).toBe('https://help.example.com/de/start');
        expect(helpCenterUrl(template, 'it')).toBe('https://help.example.com/it/start');
        expect(helpCenterUrl(template, 'en')).toBe('https://help.example.com/en/start');
        expect(helpCenterUrl(template, 'fr')).toBe('https://help.example.com/en/start');
        expect(helpCenterUrl(template, 'de-AT')).toBe('https://help.example.com/de/start');
    });

    it('has no link without a configured address', () => {
        expect(helpCenterUrl(undefined, 'de')).toBeUndefined();
        expect(helpCenterUrl('', 'de')).toBeUndefined();
    });
});

describe('health badge', () => {
    it('is hidden on the depot selection and profile pages only', () => {
        expect(healthBadgeHiddenOn('/depot')).toBe(true);
        expect(healthBadgeHiddenOn('/depot/t1')).toBe(true);
        expect(healthBadgeHiddenOn('/my/profile')).toBe(true);
        expect(healthBadgeHiddenOn('/users/profile/abc')).toBe(true);
        expect(healthBadgeHiddenOn('/depot/t1/100')).toBe(false);
        expect(healthBadgeHiddenOn('/depot/t1/100/statistics/live-status')).toBe(false);
        expect(healthBadgeHiddenOn('/changePwd')).toBe(false);
    });

    it('shows with a selected depot, the feature for that depot, inside business hours, off those pages', () => {
        const base = {
            scope: depotScope,
            actions: withHealth,
            pathname: '/depot/t1/100',
            now: TEN_BERLIN,
        };
        expect(healthBadgeVisible(base)).toBe(true);
        expect(healthBadgeVisible({ ...base, scope: initialScope })).toBe(false);
        expect(
            healthBadgeVisible({
                ...base,
                scope: transitionScope(depotScope, { kind: 'selectAdmin' }),
            }),
        ).toBe(false);
        expect(healthBadgeVisible({ ...base, pathname: '/depot/t1' })).toBe(false);
        expect(healthBadgeVisible({ ...base, pathname: '/my/profile' })).toBe(false);
        expect(
            healthBadgeVisible({ ...base, actions: actions({ DEPOT: { [D1]: ['r:tour'] } }) }),
        ).toBe(false);
        expect(
            healthBadgeVisible({
                ...base,
                actions: actions({ DEPOT: { 't1.DE.g1.d2': ['r:health-status'] } }),
            }),
        ).toBe(false);
        expect(healthBadgeVisible({ ...base, actions: actions({ ADMIN: ['admin'] }) })).toBe(true);
    });

    it("follows the tenant's business hours in the depot's zone (default all day)", () => {
        const base = { actions: withHealth, pathname: '/depot/t1/100', now: TEN_BERLIN };
        expect(healthBadgeVisible({ ...base, scope: withHours('06:00', '20:00') })).toBe(true);
        expect(healthBadgeVisible({ ...base, scope: withHours('11:00', '20:00') })).toBe(false);
        expect(healthBadgeVisible({ ...base, scope: withHours('06:00', '09:59') })).toBe(false);
        expect(
            healthBadgeVisible({
                ...base,
                now: new Date('2026-07-01T22:30:00Z'),
                scope: depotScope,
            }),
        ).toBe(true);
    });

    it('turns red when the newest data is 30 minutes old or older, or missing, inside the hours with the end shifted back an hour', () => {
        const scope = withHours('06:00', '20:00');
        const at = (iso: string | null) => ({ lastAssignmentAt: iso, lastStatusChangeAt: null });
        expect(healthBadgeWarning(scope, at('2026-07-01T07:45:00Z'), TEN_BERLIN)).toBe(false);
        expect(healthBadgeWarning(scope, at('2026-07-01T07:30:00Z'), TEN_BERLIN)).toBe(true);
        expect(healthBadgeWarning(scope, at(null), TEN_BERLIN)).toBe(true);
        expect(
            healthBadgeWarning(
                scope,
                {
                    lastAssignmentAt: '2026-07-01T06:00:00Z',
                    lastStatusChangeAt: '2026-07-01T07:50:00Z',
                },
                TEN_BERLIN,
            ),
        ).toBe(false);
        // 19:30 in Berlin: inside 06:00-20:00, but after 19:00, the end shifted back one hour.
        expect(healthBadgeWarning(scope, at(null), new Date('2026-07-01T17:30:00Z'))).toBe(false);
    });
});

describe('createAppStore', () => {
    it('keeps the drawer state per tab and everything else in the shared store', () => {
        const shared = memoryStore();
        const tab = memoryStore();
        const store = createAppStore(shared, tab);
        store.setup();
        store.setItem('sidebar.open', false);
        store.setItem('depots.listParams', { page: 2 });
        expect(tab.getItem('sidebar.open')).toBe(false);
        expect(shared.getItem('sidebar.open')).toBeUndefined();
        expect(shared.getItem('depots.listParams')).toEqual({ page: 2 });
        expect(store.getItem('sidebar.open', true)).toBe(false);

        const listener = vi.fn();
        const unsubscribe = store.subscribe('sidebar.open', listener);
        tab.setItem('sidebar.open', true);
        expect(listener).toHaveBeenCalledWith(true);
        unsubscribe();
        store.reset();
        expect(store.getItem('depots.listParams')).toBeUndefined();
        store.teardown();
    });
});
