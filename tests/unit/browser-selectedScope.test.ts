import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { compareDistributionCenters } from '../../domain/profile';
import type { DistributionCenter, ScopeNode } from '../../domain/contracts/scopes';
import type { TenantConfiguration } from '../../domain/contracts/tenant-configuration';
import { defaultTenantFrontendConfiguration } from '../../domain/tenantConfiguration';
import { contextChoice } from '../../src/scope/contextChoice';
import { prefetchScopeData, tenantConfigurationQuery } from '../../src/scope/scopeQueries';
import { selectableTenants } from '../../src/scope/selectableTenants';
import {
    initialScope,
    scopeEventForRoute,
    scopeEventKey,
    tenantConfigurationToLoad,
    transitionScope,
    type ScopeEvent,
    type SelectedScope,
} from '../../src/scope/selectedScope';

const center = (
    overrides: Partial<DistributionCenter> & {
        tenantId?: string;
        tenantName?: string;
        groupName?: string;
    } = {},
): DistributionCenter => {
    const { tenantId = 't1', tenantName = 'Alpha', groupName = 'North', ...rest } = overrides;
    return {
        internalDepotId: 'd1',
        externalDepotId: '100',
        locationName: 'Berlin',
        tenant: { id: tenantId, name: tenantName },
        group: { id: 'g1', name: groupName },
        countryCode: 'DE',
        timeZone: 'Europe/Berlin',
        path: `${tenantId}.DE.g1.d1`,
        manualJobUploadEnabled: false,
        ...rest,
    };
};

const configuration = (id: string): TenantConfiguration => ({
    id,
    frontend: {
        ...defaultTenantFrontendConfiguration,
        businessHours: { from: '06:00', to: '20:00' },
    },
});

const run = (events: ScopeEvent[], from: SelectedScope = initialScope) =>
    events.reduce(transitionScope, from);

describe('transitionScope', () => {
    const lisbon = center({
        internalDepotId: 'd7',
        externalDepotId: '700',
        timeZone: 'Europe/Lisbon',
    });

    it('selecting a depot sets its tenant, time zone and path, and asks for the tenant configuration', () => {
        const scope = transitionScope(initialScope, { kind: 'selectDepot', depot: lisbon });
        expect(scope).toMatchObject({
            type: 'DISTRIBUTION_CENTER',
            tenant: { id: 't1', name: 'Alpha' },
            depot: lisbon,
            depotPath: 't1.DE.g1.d7',
            timeZone: 'Europe/Lisbon',
        });
        expect(tenantConfigurationToLoad(scope)).toBe('t1');
        const loaded = transitionScope(scope, {
            kind: 'tenantConfigurationLoaded',
            tenantId: 't1',
            configuration: configuration('t1'),
        });
        expect(loaded.tenantConfiguration?.id).toBe('t1');
        expect(tenantConfigurationToLoad(loaded)).toBeUndefined();
    });

    it('keeps the loaded configuration for another depot of the same tenant, and asks again when the tenant changes', () => {
        const loaded = run([
            { kind: 'selectDepot', depot: center() },
            {
                kind: 'tenantConfigurationLoaded',
                tenantId: 't1',
                configuration: configuration('t1'),
            },
        ]);
        const sameTenant = transitionScope(loaded, { kind: 'selectDepot', depot: lisbon });
        expect(sameTenant.tenantConfiguration?.id).toBe('t1');
        expect(tenantConfigurationToLoad(sameTenant)).toBeUndefined();
        const otherTenant = transitionScope(sameTenant, {
            kind: 'selectDepot',
            depot: center({ tenantId: 't2', tenantName: 'Beta' }),
        });
        expect(otherTenant.tenantConfiguration).toBeUndefined();
        expect(tenantConfigurationToLoad(otherTenant)).toBe('t2');
    });

    it('drops a late configuration answer for a tenant that is no longer selected', () => {
        const scope = run([
            { kind: 'selectDepot', depot: center() },
            { kind: 'selectDepot', depot: center({ tenantId: 't2' }) },
        ]);
        expect(
            transitionScope(scope, {
                kind: 'tenantConfigurationLoaded',
                tenantId: 't1',
                configuration: configuration('t1'),
            }),
        ).toBe(scope);
    });

    it('selecting admin or tenant sets the scope data to none and the default time zone', () => {
        const depotScope = transitionScope(initialScope, { kind: 'selectDepot', depot: lisbon });
        const admin = transitionScope(depotScope, { kind: 'selectAdmin' });
        expect(admin).toMatchObject({ type: 'ADMIN', timeZone: 'Europe/Berlin' });
        expect(admin.depot).toBeUndefined();
        expect(admin.depotPath).toBeUndefined();
        expect(admin.tenant).toBeUndefined();
        const tenant = transitionScope(depotScope, {
            kind: 'selectTenant',
            tenant: { id: 't2', name: 'Beta' },
        });
        expect(tenant).toMatchObject({
            type: 'TENANT',
            tenant: { id: 't2', name: 'Beta' },
            timeZone: 'Europe/Berlin',
        });
        expect(tenant.depot).toBeUndefined();
        expect(tenantConfigurationToLoad(tenant)).toBeUndefined();
    });

    it('enters the depot view without a depot while none is chosen', () => {
        const scope = run([{ kind: 'selectDepot', depot: lisbon }, { kind: 'selectDepot' }]);
        expect(scope).toMatchObject({ type: 'DISTRIBUTION_CENTER', timeZone: 'Europe/Berlin' });
        expect(scope.depot).toBeUndefined();
        expect(tenantConfigurationToLoad(scope)).toBeUndefined();
    });

    it('reset clears everything, the kept configuration too', () => {
        const scope = run([
            { kind: 'selectDepot', depot: lisbon },
            {
                kind: 'tenantConfigurationLoaded',
                tenantId: 't1',
                configuration: configuration('t1'),
            },
            { kind: 'reset' },
        ]);
        expect(scope).toEqual(initialScope);
        expect(scope.type).toBeNull();
    });
});

describe('scopeEventForRoute', () => {
    const tenants = [{ id: 't1', name: 'Alpha' }];
    const centers = [center(), center({ internalDepotId: 'd2', externalDepotId: '200' })];

    it('follows the first path segment and its ids', () => {
        expect(scopeEventForRoute(null, { tenants, centers })).toBeUndefined();
        expect(scopeEventForRoute({ context: 'admin' }, { tenants, centers })).toEqual({
            kind: 'selectAdmin',
        });
        expect(scopeEventForRoute({ context: 'tenant' }, { tenants, centers })).toEqual({
            kind: 'selectTenant',
        });
        expect(
            scopeEventForRoute({ context: 'tenant', tenantId: 't1' }, { tenants, centers }),
        ).toEqual({ kind: 'selectTenant', tenant: { id: 't1', name: 'Alpha' } });
        expect(
            scopeEventForRoute({ context: 'depot', tenantId: 't1' }, { tenants, centers }),
        ).toEqual({ kind: 'selectDepot' });
        expect(
            scopeEventForRoute(
                { context: 'depot', tenantId: 't1', externalDepotId: '200' },
                { tenants, centers },
            ),
        ).toEqual({ kind: 'selectDepot', depot: centers[1] });
        expect(
            scopeEventForRoute(
                { context: 'depot', tenantId: 't2', externalDepotId: '200' },
                { tenants, centers },
            ),
        ).toEqual({ kind: 'selectDepot', depot: undefined });
    });

    it('waits for the depot list before selecting a depot', () => {
        expect(
            scopeEventForRoute(
                { context: 'depot', tenantId: 't1', externalDepotId: '100' },
                { tenants, centers: undefined },
            ),
        ).toBeUndefined();
    });

    it('keys events by what they select', () => {
        expect(scopeEventKey({ kind: 'selectDepot', depot: centers[0] })).not.toBe(
            scopeEventKey({ kind: 'selectDepot', depot: centers[1] }),
        );
        expect(scopeEventKey({ kind: 'selectTenant', tenant: { id: 't1', name: 'Alpha' } })).toBe(
            scopeEventKey({ kind: 'selectTenant', tenant: { id: 't1', name: 'Alpha' } }),
        );
        expect(scopeEventKey({ kind: 'selectTenant' })).not.toBe(
            scopeEventKey({ kind: 'selectDepot' }),
        );
    });
});

describe('contextChoice', () => {
    const two = [center(), center({ internalDepotId: 'd2', externalDepotId: '200' })];
    const tenants = [
        { id: 't1', name: 'Alpha' },
        { id: 't2', name: 'Beta' },
    ];
    const base = { current: null, selectedTenantId: null, tenants, centers: two };

    it('opens the depot dialog when no depot is selected and there are several (or they are loading)', () => {
        expect(contextChoice('depot', base)).toEqual({ dialog: 'depot' });
        expect(contextChoice('depot', { ...base, centers: undefined })).toEqual({
            dialog: 'depot',
        });
        expect(
            contextChoice('depot', {
                ...base,
                current: { context: 'tenant', basePath: '/tenant/t1', tenantId: 't1' },
            }),
        ).toEqual({ dialog: 'depot' });
        expect(
            contextChoice('depot', { ...base, current: { context: 'depot', basePath: null } }),
        ).toEqual({ dialog: 'depot' });
    });

    it('goes straight to a single depot, to the depot page without any, and stays on a selected depot', () => {
        expect(
            contextChoice('depot', {
                ...base,
                centers: [center({ tenantId: 't 1', externalDepotId: 'a/b' })],
            }),
        ).toEqual({ navigate: '/depot/t%201/a%2Fb' });
        expect(contextChoice('depot', { ...base, centers: [] })).toEqual({ navigate: '/depot' });
        expect(
            contextChoice('depot', {
                ...base,
                current: {
                    context: 'depot',
                    basePath: '/depot/t1/100',
                    tenantId: 't1',
                    externalDepotId: '100',
                },
            }),
        ).toBeNull();
    });

    it("opens the tenant dialog unless the tab's tenant is selected or there is only one", () => {
        expect(contextChoice('tenant', base)).toEqual({ dialog: 'tenant' });
        expect(contextChoice('tenant', { ...base, selectedTenantId: 't2' })).toEqual({
            navigate: '/tenant/t2',
        });
        expect(contextChoice('tenant', { ...base, selectedTenantId: 'gone' })).toEqual({
            dialog: 'tenant',
        });
        expect(
            contextChoice('tenant', { ...base, tenants: [{ id: 't1', name: 'Alpha' }] }),
        ).toEqual({ navigate: '/tenant/t1' });
        expect(contextChoice('tenant', { ...base, tenants: [] })).toEqual({ navigate: '/tenant' });
        expect(
            contextChoice('tenant', {
                ...base,
                current: { context: 'tenant', basePath: '/tenant/t1', tenantId: 't1' },
            }),
        ).toBeNull();
    });

    it('goes to the administration unless already there', () => {
        expect(contextChoice('admin', base)).toEqual({ navigate: '/administration' });
        expect(
            contextChoice('admin', {
                ...base,
                current: { context: 'admin', basePath: '/administration' },
            }),
        ).toBeNull();
    });
});

describe('ordering', () => {
    it('sorts depots by tenant name, group name, depot number (numeric) and location name', () => {
        const depots = [
            center({ tenantName: 'Beta', externalDepotId: '1' }),
            center({ tenantName: 'Alpha', groupName: 'South', externalDepotId: '1' }),
            center({ tenantName: 'Alpha', groupName: 'North', externalDepotId: '10' }),
            center({
                tenantName: 'Alpha',
                groupName: 'North',
                externalDepotId: '9',
                locationName: 'Bonn',
            }),
            center({
                tenantName: 'Alpha',
                groupName: 'North',
                externalDepotId: '9',
                locationName: 'Aachen',
            }),
        ];
        expect(
            [...depots]
                .sort(compareDistributionCenters)
                .map(
                    (depot) =>
                        `${depot.tenant.name}/${depot.group.name}/${depot.externalDepotId}/${depot.locationName}`,
                ),
        ).toEqual([
            'Alpha/North/9/Aachen',
            'Alpha/North/9/Bonn',
            'Alpha/North/10/Berlin',
            'Alpha/South/1/Berlin',
            'Beta/North/1/Berlin',
        ]);
    });

    it('offers the profile tenants sorted by name, named as the scope tree names them', () => {
        const profile = {
            tenants: [
                { id: 't2', name: 'Zeta' },
                { id: 't1', name: 'Alpha (old)' },
                { id: 't3', name: 'Gamma' },
            ],
        };
        const tree: ScopeNode = {
            id: 'ADMIN',
            scope: 'ADMIN',
            name: 'ADMIN',
            path: '',
            children: [
                { id: 't1', scope: 'TENANT', name: 'Alpha', path: 't1', children: [] },
                { id: 't9', scope: 'TENANT', name: 'Depot-only tenant', path: 't9', children: [] },
            ],
        };
        expect(selectableTenants(profile, tree)).toEqual([
            { id: 't1', name: 'Alpha' },
            { id: 't3', name: 'Gamma' },
            { id: 't2', name: 'Zeta' },
        ]);
        expect(selectableTenants(profile, null).map((tenant) => tenant.name)).toEqual([
            'Alpha (old)',
            'Gamma',
            'Zeta',
        ]);
    });
});

describe('prefetchScopeData', () => {
    const fakeProvider = () => {
        const calls: string[] = [];
        const provider = {
            getDistributionCenters: async (params?: { path?: string }) => {
                calls.push(`centers:${params?.path ?? ''}`);
                return [
                    center({
                        tenantId: 'nordpaket',
                        externalDepotId: '200',
                        internalDepotId: 'd2',
                    }),
                    center({ tenantId: 'nordpaket', externalDepotId: '100' }),
                ];
            },
            getTenantConfiguration: async (tenantId: string) => {
                calls.push(`configuration:${tenantId}`);
                return configuration(tenantId);
            },
        };
        return { calls, provider };
    };

    it('loads a depot page’s depot list and organisation configuration under the keys the shell reads', async () => {
        const { calls, provider } = fakeProvider();
        const client = new QueryClient();
        const depot = await prefetchScopeData(
            client,
            provider,
            '/depot/nordpaket/100/statistics/live-status',
        );
        expect(depot).toEqual({ path: 'nordpaket.DE.g1.d1' });
        // A depot the user does not have: no path (the page then says so as usual).
        expect(
            await prefetchScopeData(
                client,
                provider,
                '/depot/nordpaket/999/statistics/live-status',
            ),
        ).toBeUndefined();
        // Each asked for once: the second page load of the same data takes what is held.
        await vi.waitFor(() =>
            expect(calls.sort()).toEqual(['centers:', 'configuration:nordpaket']),
        );
        await vi.waitFor(() =>
            expect(
                client
                    .getQueryData<DistributionCenter[]>(['app', 'distributionCenters', ''])
                    ?.map((depot) => depot.externalDepotId),
            ).toEqual(['100', '200']),
        );
        expect(client.getQueryData(['app', 'tenantConfiguration', 'nordpaket'])).toEqual(
            configuration('nordpaket'),
        );
    });

    it('loads nothing for pages outside a depot', async () => {
        const { calls, provider } = fakeProvider();
        const client = new QueryClient();
        for (const path of [
            '/tenant/nordpaket/users',
            '/administration/users',
            '/depot',
            '/landing',
        ])
            prefetchScopeData(client, provider, path);
        await new Promise((resolve) => setTimeout(resolve, 10));
        expect(calls).toEqual([]);
    });

    it('answers null for an organisation configuration that fails to load (the defaults apply)', async () => {
        const client = new QueryClient();
        const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
        const data = await client.fetchQuery(
            tenantConfigurationQuery(
                {
                    getDistributionCenters: async () => [],
                    getTenantConfiguration: async () => {
                        throw new Error('offline');
                    },
                },
                'nordpaket',
            ),
        );
        expect(data).toBeNull();
        expect(warn).toHaveBeenCalledOnce();
        warn.mockRestore();
    });
});
