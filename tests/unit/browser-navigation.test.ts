import { describe, expect, it } from 'vitest';
import { navigationRules } from '../../domain/navigationRules';
import { emptyProfileActions, type ProfileActions } from '../../domain/permissions';
import { canAccessResource, tenantsWithScopes } from '../../src/access';
import {
    currentContextOf,
    entryPath,
    navigationItems,
    needsNotifications,
    notificationCount,
    visibleEntries,
    type NavigationEntry,
    type NavigationInput,
} from '../../src/layout/navigation';
import { navigationEntries } from '../../src/layout/navigationEntries';

const Icon = () => null;
const D1 = 't1.DE.g1.d1';
const PLANNER = 'https://planner.example.com/';

const actions = (overrides: Partial<ProfileActions>): ProfileActions => ({
    ...emptyProfileActions(),
    ...overrides,
});
const input = (overrides: Partial<NavigationInput>): NavigationInput => ({
    actions: emptyProfileActions(),
    links: {},
    ...overrides,
});
const texts = (entries: readonly { textKey: string }[]) => entries.map((entry) => entry.textKey);

const tenantEntries: NavigationEntry[] = [
    {
        context: 'tenant',
        rule: 'roles',
        group: 'userAccountManagement',
        order: 20,
        icon: Icon,
        textKey: 'roles',
        path: 'roles',
    },
    {
        context: 'tenant',
        rule: 'depotAdministration',
        group: 'configurations',
        order: 10,
        icon: Icon,
        textKey: 'depots',
        path: 'configurations/depots',
    },
    {
        context: 'tenant',
        rule: 'keyStatistics',
        group: null,
        order: 99,
        icon: Icon,
        textKey: 'keyStatistics',
        path: 'dashboards/keyStatistics',
    },
    {
        context: 'tenant',
        rule: 'addressCorrection',
        group: 'betterPlaces',
        order: 10,
        icon: Icon,
        textKey: 'corrections',
        path: 'addressLocationValidation',
        notifications: 'addressCorrections',
    },
    {
        context: 'admin',
        rule: 'depots',
        group: 'configurations',
        order: 10,
        icon: Icon,
        textKey: 'adminDepots',
        path: 'configurations/depots',
    },
];

const depotEntries: NavigationEntry[] = [
    {
        context: 'depot',
        rule: 'depotSummary',
        group: null,
        order: 0,
        icon: Icon,
        textKey: 'summary',
        path: '',
    },
    {
        context: 'depot',
        rule: 'uploadJobs',
        group: 'operations',
        order: 10,
        icon: Icon,
        textKey: 'uploadJobs',
        path: 'uploadJobs',
    },
    {
        context: 'depot',
        rule: 'depotLanding',
        group: null,
        order: 1,
        icon: Icon,
        textKey: 'landing',
        path: 'depot-landing',
    },
    {
        context: 'depot',
        rule: 'routePlanner',
        group: 'betterRoute',
        order: 10,
        icon: Icon,
        textKey: 'planner',
        external: 'routePlannerUrl',
    },
];

describe('currentContextOf', () => {
    it('reads the context and its ids from the first path segments', () => {
        expect(currentContextOf('/administration/configurations/depots')).toEqual({
            context: 'admin',
            basePath: '/administration',
        });
        expect(currentContextOf('/tenant/t1/configurations/depots/5/show')).toEqual({
            context: 'tenant',
            basePath: '/tenant/t1',
            tenantId: 't1',
        });
        expect(currentContextOf('/tenant')).toEqual({ context: 'tenant', basePath: null });
        expect(currentContextOf('/depot/t1/100')).toEqual({
            context: 'depot',
            basePath: '/depot/t1/100',
            tenantId: 't1',
            externalDepotId: '100',
        });
        expect(currentContextOf('/depot/t1')).toEqual({
            context: 'depot',
            basePath: null,
            tenantId: 't1',
        });
        expect(currentContextOf('/depot')).toEqual({ context: 'depot', basePath: null });
        expect(currentContextOf('/depot/t1/100/error/changeScope')).toEqual({
            context: 'depot',
            basePath: '/depot/t1/100',
            tenantId: 't1',
            externalDepotId: '100',
        });
        expect(currentContextOf('/depot/error/changeScope')).toEqual({
            context: 'depot',
            basePath: null,
        });
        expect(currentContextOf('/depot/t%201/a%2Fb')).toEqual({
            context: 'depot',
            basePath: '/depot/t%201/a%2Fb',
            tenantId: 't 1',
            externalDepotId: 'a/b',
        });
        expect(currentContextOf('/landing')).toBeNull();
        expect(currentContextOf('/my/profile')).toBeNull();
        expect(currentContextOf('/error/noPermission')).toBeNull();
    });
});

describe('visibleEntries', () => {
    it("keeps the context's entries whose rule passes under the selected tenant, ungrouped first, then by group and order", () => {
        const user = actions({
            TENANT: { t1: ['r:depot-mgmt-list', 'r:role', 'c:role', 'r:route-reports'] },
        });
        expect(
            texts(visibleEntries(tenantEntries, 'tenant', input({ actions: user, path: 't1' }))),
        ).toEqual(['keyStatistics', 'depots', 'roles']);
        expect(
            texts(visibleEntries(tenantEntries, 'tenant', input({ actions: user, path: 't2' }))),
        ).toEqual([]);
        expect(
            texts(
                visibleEntries(
                    tenantEntries,
                    'tenant',
                    input({ actions: actions({ TENANT: { t1: ['r:role'] } }), path: 't1' }),
                ),
            ),
        ).toEqual([]);
    });

    it('uses the rule, not a plain feature code: tenant-level address correction must cover the whole tenant', () => {
        const wholeTenant = actions({ TENANT: { t1: ['r:address-location-correction'] } });
        const oneGroup = actions({ TENANT: { 't1.DE': ['r:address-location-correction'] } });
        expect(
            texts(
                visibleEntries(
                    tenantEntries,
                    'tenant',
                    input({ actions: wholeTenant, path: 't1' }),
                ),
            ),
        ).toEqual(['corrections']);
        expect(
            texts(
                visibleEntries(tenantEntries, 'tenant', input({ actions: oneGroup, path: 't1' })),
            ),
        ).toEqual([]);
    });

    it('shows admins every admin and tenant entry, tenant admins their tenant only', () => {
        const admin = actions({ ADMIN: ['admin'] });
        expect(texts(visibleEntries(tenantEntries, 'admin', input({ actions: admin })))).toEqual([
            'adminDepots',
        ]);
        expect(
            texts(visibleEntries(tenantEntries, 'tenant', input({ actions: admin, path: 't9' }))),
        ).toEqual(['keyStatistics', 'depots', 'roles', 'corrections']);
        const tenantAdmin = actions({ TENANT: { t1: ['tenant-admin'] } });
        expect(
            texts(visibleEntries(tenantEntries, 'admin', input({ actions: tenantAdmin }))),
        ).toEqual([]);
        expect(
            visibleEntries(tenantEntries, 'tenant', input({ actions: tenantAdmin, path: 't1' })),
        ).toHaveLength(4);
        expect(
            visibleEntries(tenantEntries, 'tenant', input({ actions: tenantAdmin, path: 't2' })),
        ).toHaveLength(0);
    });

    it('applies the depot rules under the selected depot path: manual upload switch, desktop-only pages', () => {
        const user = actions({ DEPOT: { [D1]: ['r:upload-jobs', 'r:depot-landing-page'] } });
        expect(
            texts(visibleEntries(depotEntries, 'depot', input({ actions: user, path: D1 }))),
        ).toEqual(['summary', 'landing']);
        expect(
            texts(
                visibleEntries(
                    depotEntries,
                    'depot',
                    input({ actions: user, path: D1, manualJobUploadEnabled: true }),
                ),
            ),
        ).toEqual(['summary', 'landing', 'uploadJobs']);
        expect(
            texts(
                visibleEntries(
                    depotEntries,
                    'depot',
                    input({ actions: user, path: D1, largeScreen: false }),
                ),
            ),
        ).toEqual(['summary']);
        expect(
            texts(
                visibleEntries(
                    depotEntries,
                    'depot',
                    input({ actions: user, path: 't1.DE.g1.d2', manualJobUploadEnabled: true }),
                ),
            ),
        ).toEqual(['summary']);
    });

    it('offers the route planner only with the feature and a configured address', () => {
        const planner = actions({ DEPOT: { [D1]: ['r:better-planner'] } });
        expect(
            texts(visibleEntries(depotEntries, 'depot', input({ actions: planner, path: D1 }))),
        ).toEqual(['summary']);
        expect(
            texts(
                visibleEntries(
                    depotEntries,
                    'depot',
                    input({ actions: planner, path: D1, links: { routePlannerUrl: PLANNER } }),
                ),
            ),
        ).toEqual(['summary', 'planner']);
        expect(
            texts(
                visibleEntries(
                    depotEntries,
                    'depot',
                    input({
                        actions: actions({ DEPOT: { [D1]: ['r:tour'] } }),
                        path: D1,
                        links: { routePlannerUrl: PLANNER },
                    }),
                ),
            ),
        ).toEqual(['summary']);
    });
});

describe('navigationItems', () => {
    const admin = actions({ ADMIN: ['admin'] });

    it('puts a header before each group in the expanded drawer, none in the rail', () => {
        const entries = visibleEntries(
            tenantEntries,
            'tenant',
            input({ actions: admin, path: 't1' }),
        );
        const expanded = navigationItems(entries, {
            basePath: '/tenant/t1',
            links: {},
            headers: true,
        });
        expect(
            expanded.map((item) => (item.type === 'header' ? `# ${item.textKey}` : item.textKey)),
        ).toEqual([
            'keyStatistics',
            '# app.navigation.groups.configurations',
            'depots',
            '# app.navigation.groups.userAccountManagement',
            'roles',
            '# app.navigation.groups.betterPlaces',
            'corrections',
        ]);
        const rail = navigationItems(entries, {
            basePath: '/tenant/t1',
            links: {},
            headers: false,
        });
        expect(rail.every((item) => item.type === 'item')).toBe(true);
        expect(rail).toHaveLength(4);
    });

    it('links below the base path, and to the configured address for external entries', () => {
        const entries = visibleEntries(
            depotEntries,
            'depot',
            input({
                actions: admin,
                path: D1,
                manualJobUploadEnabled: true,
                links: { routePlannerUrl: PLANNER },
            }),
        );
        const items = navigationItems(entries, {
            basePath: '/depot/t1/100',
            links: { routePlannerUrl: PLANNER },
            headers: false,
        });
        expect(
            items.map((item) => (item.type === 'item' ? [item.link, item.external] : [])),
        ).toEqual([
            ['/depot/t1/100', false],
            ['/depot/t1/100/depot-landing', false],
            ['/depot/t1/100/uploadJobs', false],
            [PLANNER, true],
        ]);
    });

    it('maps the notification statistics to the badge of entries that declare one', () => {
        const entries = visibleEntries(
            tenantEntries,
            'tenant',
            input({ actions: admin, path: 't1' }),
        );
        expect(needsNotifications(entries)).toBe(true);
        expect(
            needsNotifications(entries.filter((entry) => entry.notifications === undefined)),
        ).toBe(false);
        const statistics = { path: 't1', addressCorrections: { pending: 7 } };
        expect(notificationCount('addressCorrections', statistics)).toBe(7);
        const items = navigationItems(entries, {
            basePath: '/tenant/t1',
            links: {},
            statistics,
            headers: false,
        });
        expect(items.map((item) => (item.type === 'item' ? item.notifications : null))).toEqual([
            undefined,
            undefined,
            undefined,
            7,
        ]);
        const withoutStatistics = navigationItems(entries, {
            basePath: '/tenant/t1',
            links: {},
            headers: false,
        });
        expect(
            withoutStatistics.some(
                (item) => item.type === 'item' && item.notifications !== undefined,
            ),
        ).toBe(false);
    });

    it('builds paths below the context base', () => {
        expect(entryPath('/tenant/t1', { path: 'configurations/depots' })).toBe(
            '/tenant/t1/configurations/depots',
        );
        expect(entryPath('/depot/t1/100', { path: '' })).toBe('/depot/t1/100');
    });
});

describe('the declared entries', () => {
    it('name existing rules of their context and only pages of the build or configured external links', () => {
        for (const entry of navigationEntries) {
            const rules: Record<string, unknown> = navigationRules[entry.context];
            expect(rules[entry.rule], `${entry.context}:${entry.rule}`).toBeDefined();
            expect(entry.external === undefined ? typeof entry.path : entry.external).toMatch(
                /^(string|routePlannerUrl)$/,
            );
        }
    });

    it('show a depot user the depot overview, and the planner only when configured', () => {
        const user = actions({ DEPOT: { [D1]: ['r:better-planner'] } });
        expect(
            texts(visibleEntries(navigationEntries, 'depot', input({ actions: user, path: D1 }))),
        ).toEqual(['app.navigation.depotSummary']);
        expect(
            texts(
                visibleEntries(
                    navigationEntries,
                    'depot',
                    input({ actions: user, path: D1, links: { routePlannerUrl: PLANNER } }),
                ),
            ),
        ).toEqual(['app.navigation.depotSummary', 'app.navigation.routePlanner']);
    });

    it('show the depot administration to tenant users with r:depot-mgmt-list and to admins', () => {
        expect(
            texts(
                visibleEntries(
                    navigationEntries,
                    'tenant',
                    input({
                        actions: actions({ TENANT: { t1: ['r:depot-mgmt-list'] } }),
                        path: 't1',
                    }),
                ),
            ),
        ).toEqual(['app.navigation.depots']);
        expect(
            texts(
                visibleEntries(
                    navigationEntries,
                    'tenant',
                    input({ actions: actions({ TENANT: { t1: ['r:role'] } }), path: 't1' }),
                ),
            ),
        ).toEqual([]);
        expect(
            texts(
                visibleEntries(
                    navigationEntries,
                    'admin',
                    input({ actions: actions({ ADMIN: ['admin'] }) }),
                ),
            ),
        ).toEqual([
            'app.navigation.depots',
            'app.navigation.organizations',
            'app.navigation.tourCommanderList',
            'app.navigation.tourCommanderConfig',
            'app.navigation.backofficeActions',
            'app.navigation.pageViews',
            'app.navigation.backofficeUsers',
            'app.fleet.navigation.appAccountsAdmin',
        ]);
        expect(
            texts(
                visibleEntries(
                    navigationEntries,
                    'tenant',
                    input({
                        actions: actions({ TENANT: { t1: ['r:api-access-management'] } }),
                        path: 't1',
                    }),
                ),
            ),
        ).toEqual(['app.navigation.apiAccess']);
    });

    it('show the mail outbox to admins where the installation has a mail viewer (issue 13 point 14)', () => {
        const admin = actions({ ADMIN: ['admin'] });
        const adminMenu = (extra: Partial<NavigationInput>) =>
            texts(visibleEntries(navigationEntries, 'admin', input({ actions: admin, ...extra })));
        expect(adminMenu({ mailViewer: true })).toEqual([
            'app.navigation.depots',
            'app.navigation.organizations',
            'app.navigation.tourCommanderList',
            'app.navigation.tourCommanderConfig',
            'app.navigation.backofficeActions',
            'app.navigation.pageViews',
            'app.navigation.mailOutbox',
            'app.navigation.backofficeUsers',
            'app.fleet.navigation.appAccountsAdmin',
        ]);
        // Production (flag off or absent): no entry.
        expect(adminMenu({ mailViewer: false })).not.toContain('app.navigation.mailOutbox');
        expect(adminMenu({})).not.toContain('app.navigation.mailOutbox');
        // An organisation admin never has the administration's entry, flag or not.
        expect(
            texts(
                visibleEntries(
                    navigationEntries,
                    'admin',
                    input({
                        actions: actions({ TENANT: { t1: ['tenant-admin'] } }),
                        mailViewer: true,
                    }),
                ),
            ),
        ).toEqual([]);
    });

    it('show the people pages by their features (issue 5)', () => {
        const tenant = (codes: string[]) =>
            texts(
                visibleEntries(
                    navigationEntries,
                    'tenant',
                    input({ actions: actions({ TENANT: { t1: codes } }), path: 't1' }),
                ),
            );
        expect(tenant(['r:bo-user'])).toEqual(['app.navigation.backofficeUsers']);
        expect(tenant(['r:temp-driver'])).toEqual(['app.fleet.navigation.appAccounts']);
        expect(tenant(['r:app-user-licences'])).toEqual(['app.fleet.navigation.accountLicences']);
        expect(tenant(['r:role'])).toEqual([]);
        expect(tenant(['r:role', 'c:role'])).toEqual(['app.roles.navigation']);
        const depot = (codes: string[]) =>
            texts(
                visibleEntries(
                    navigationEntries,
                    'depot',
                    input({ actions: actions({ DEPOT: { [D1]: codes } }), path: D1 }),
                ),
            );
        expect(depot(['r:suco', 'r:temp-driver', 'r:bo-user'])).toEqual([
            'app.navigation.depotSummary',
            'app.fleet.navigation.subcontractors',
            'app.navigation.backofficeUsers',
            'app.fleet.navigation.tempDrivers',
        ]);
    });
});

describe('canAccessResource', () => {
    it("lets admins pass and asks others for the resource's feature", () => {
        expect(canAccessResource(actions({ ADMIN: ['admin'] }), 'anything')).toBe(true);
        expect(
            canAccessResource(actions({ TENANT: { t1: ['r:depot-mgmt-list'] } }), 'depots'),
        ).toBe(true);
        expect(canAccessResource(actions({ TENANT: { t1: ['r:role'] } }), 'depots')).toBe(false);
        expect(
            canAccessResource(actions({ TENANT: { t1: ['r:depot-mgmt-list'] } }), 'unknown'),
        ).toBe(false);
        // People resources (issue 5): any one of their features; the admin-wide list is for admins only.
        expect(
            canAccessResource(actions({ DEPOT: { [D1]: ['r:temp-driver'] } }), 'app-accounts'),
        ).toBe(true);
        expect(
            canAccessResource(actions({ DEPOT: { [D1]: ['r:temp-driver'] } }), 'tempDrivers'),
        ).toBe(true);
        expect(
            canAccessResource(actions({ DEPOT: { [D1]: ['r:temp-driver'] } }), 'subcontractor'),
        ).toBe(false);
        expect(canAccessResource(actions({ DEPOT: { [D1]: ['r:bo-user'] } }), 'backoffice')).toBe(
            true,
        );
        expect(
            canAccessResource(actions({ TENANT: { t1: ['tenant-admin'] } }), 'app-accounts-admin'),
        ).toBe(false);
    });
});

describe('tenantsWithScopes', () => {
    it('names the tenants of every scope the user holds, in any context', () => {
        expect(
            tenantsWithScopes(
                actions({
                    DEPOT: { [D1]: ['r:tour'] },
                    SUBCONTRACTOR: { 't2.DE.g2.d2.s1': ['r:driver'] },
                }),
            ),
        ).toEqual(['t1', 't2']);
        expect(tenantsWithScopes(actions({ TENANT: { t3: ['r:role'] } }))).toEqual(['t3']);
        expect(tenantsWithScopes(actions({}))).toEqual([]);
    });

    it('answers ALL for admins and all-tenant scopes', () => {
        expect(tenantsWithScopes(actions({ ADMIN: ['admin'] }))).toBe('ALL');
        expect(tenantsWithScopes(actions({ TENANT: { '': ['tenant-admin'] } }))).toBe('ALL');
    });
});
