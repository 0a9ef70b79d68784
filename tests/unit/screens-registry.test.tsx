// @vitest-environment jsdom
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { emptyProfileActions, type ProfileActions } from '../../domain/permissions';
import { technicalRoles } from '../../domain/roles';
import { createAppDataProvider } from '../../src/dataProviders';
import type { HttpClient } from '../../src/dataProviders/httpClient';
import { navigationEntries } from '../../src/layout/navigationEntries';
import { screens } from '../../src/screens/list';
import {
    canAccessScreen,
    dataRoutesOf,
    mountedResources,
    type AccessPlace,
} from '../../src/screens/registry';
import { resourceDefinitions, screenRoutes } from '../../src/screens/screenRoutes';
import { crudActions } from '../../src/screens/types';

const src = join(import.meta.dirname, '../../src');
const folders = (dir: string) =>
    readdirSync(join(src, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort();

describe('the list of screens', () => {
    it('has one screen per folder, named like its folder (and its resource)', () => {
        const names = (kind: 'resource' | 'page') =>
            screens.filter((screen) => screen.kind === kind).map((screen) => screen.name);
        expect(names('resource').sort()).toEqual(folders('resources'));
        // The sign-in pages load before the app, outside react-admin (src/Root.tsx).
        expect(names('page').sort()).toEqual(
            folders('customRoutes').filter((name) => name !== 'signIn'),
        );
        expect(new Set(screens.map((screen) => screen.name)).size).toBe(screens.length);
    });

    it('mounts each resource under the names the spec gives its paths', () => {
        expect(
            mountedResources(screens)
                .map(({ name, context }) => `${context}:${name}`)
                .sort(),
        ).toEqual([
            'admin:app-accounts-admin',
            'admin:backoffice',
            'admin:depots',
            'admin:organizations',
            'depot:backoffice',
            'depot:subcontractor',
            'depot:tempDrivers',
            'tenant:api-access-management',
            'tenant:app-accounts',
            'tenant:backoffice',
            'tenant:depots',
            'tenant:roles',
        ]);
    });

    it('routes every resource to its service collection', async () => {
        const calls: string[] = [];
        const httpClient: HttpClient = async (url) => {
            calls.push(url.split('?')[0] ?? url);
            const json =
                url.includes('/v2/users') || url.includes('/v3/users/app')
                    ? { content: [], totalElements: 0, totalPages: 0, size: 25, number: 0 }
                    : [];
            return {
                status: 200,
                headers: new Headers({ 'content-range': 'items 0-0/0' }),
                body: JSON.stringify(json),
                json,
            };
        };
        const services = {
            backOffice: '/api',
            tenantAdmin: '/tenant-admin/v1',
            dataGateway: '/data-gateway/api/v1/backoffice',
            deviceManagement: '/device-management/api/v1',
            tourCommander: '/tour-commander/v1',
            apiAccess: '/api-access/api/v1',
        };
        const provider = createAppDataProvider(
            { versionId: 'test', cognito: { userPoolId: 'p', userPoolClientId: 'c' }, services },
            httpClient,
        );
        const params = {
            pagination: { page: 1, perPage: 25 },
            sort: { field: 'id', order: 'ASC' as const },
            filter: {},
        };
        const called = async (resource: string) => {
            calls.length = 0;
            await provider.getList(resource, params).catch(() => undefined);
            return calls[0];
        };
        expect(await called('depots')).toBe('/tenant-admin/v1/depots');
        expect(await called('depotGroups')).toBe('/tenant-admin/v1/depotGroups');
        expect(await called('organizations')).toBe('/tenant-admin/v1/tenants');
        expect(await called('api-access-management')).toBe('/api-access/api/v1/credentials');
        expect(await called('subcontractor')).toBe('/api/subcontractors');
        expect(await called('vehicles')).toBe('/api/vehicles');
        expect(await called('roles')).toBe('/api/roles');
        expect(await called('analytics/page-views')).toBe('/api/analytics/page-views');
        expect(await called('backoffice')).toBe('/api/v2/users');
        for (const resource of ['tempDrivers', 'app-accounts', 'subcontractorDrivers']) {
            expect(await called(resource)).toBe('/api/v3/users/app');
        }
        await expect((async () => provider.getList('unknown', params))()).rejects.toThrow(
            /No data provider/,
        );
    });

    it('refuses a resource routed twice or mounted without a route', () => {
        const [first] = screens;
        if (!first) throw new Error('no screens');
        const twice = {
            ...first,
            data: { depots: { service: 'tenantAdmin' as const, collection: 'x' } },
        };
        expect(() => dataRoutesOf([...screens, twice])).toThrow(/two data routes/);
        const depots = screens.find((screen) => screen.name === 'depots');
        if (depots?.kind !== 'resource') throw new Error('no depots screen');
        expect(() => dataRoutesOf([{ ...depots, data: {} }])).toThrow(/no data route/);
    });

    it('gives every navigation entry a path or an external link, and an icon', () => {
        for (const entry of navigationEntries) {
            expect(entry.icon, entry.textKey).toBeDefined();
            expect(entry.path ?? entry.external, entry.textKey).toBeDefined();
        }
    });
});

/** Every path of a route tree, joined from its nested segments (`*index` for index routes). */
function routePaths(nodes: ReactNode, base = ''): string[] {
    const list = Array.isArray(nodes) ? nodes : [nodes];
    return list.flatMap((node) => {
        if (!isValidElement(node)) return [];
        const props = (
            node as ReactElement<{ path?: string; index?: boolean; children?: ReactNode }>
        ).props;
        const path = props.index
            ? `${base}/*index`
            : props.path?.startsWith('/')
              ? props.path
              : `${base}/${props.path ?? ''}`;
        return [path.replace(/\/+/g, '/'), ...routePaths(props.children, path)];
    });
}

describe('the computed routes', () => {
    it('are the routes of shell §2.2-§2.7 that the app has, below their guards', () => {
        const paths = routePaths(screenRoutes(screens, { admin: <p />, tenant: <p /> }));
        expect(paths.sort()).toEqual(
            [
                '/landing',
                '/my/profile',
                '/users/profile/:userHashId',
                '/changePwd',
                '/error/:errorCode',
                '/administration',
                '/administration/*index',
                '/administration/users/error/:errorCode',
                '/administration/tour-commander/tour/list',
                '/administration/tour-commander/tour/view/:tourId',
                '/administration/tour-commander/tenant-config',
                '/administration/backoffice-actions',
                '/administration/analytics',
                '/administration/mail-outbox',
                '/administration/configurations/*',
                '/administration/users/*',
                '/administration/*',
                '/tenant',
                '/tenant/*index',
                '/tenant/:tenantId',
                '/tenant/:tenantId/*index',
                '/tenant/:tenantId/accounts/licenses',
                '/tenant/:tenantId/healthStatus',
                '/tenant/:tenantId/live-map',
                '/tenant/:tenantId/configurations/*',
                '/tenant/:tenantId/users/*',
                '/tenant/:tenantId/*',
                '/depot',
                '/depot/*index',
                '/depot/error/:errorCode',
                '/depot/:tenantId',
                '/depot/:tenantId/*index',
                '/depot/:tenantId/:externalDepotId',
                '/depot/:tenantId/:externalDepotId/*index',
                '/depot/:tenantId/:externalDepotId/error/:errorCode',
                '/depot/:tenantId/:externalDepotId/tempDriver',
                '/depot/:tenantId/:externalDepotId/statistics/live-status',
                '/depot/:tenantId/:externalDepotId/statistics/live-status/tour/:tourId',
                '/depot/:tenantId/:externalDepotId/statistics/activities/:date?',
                '/depot/:tenantId/:externalDepotId/tour-performance',
                '/depot/:tenantId/:externalDepotId/tour-performance/details/:tour/:dates',
                '/depot/:tenantId/:externalDepotId/tour-performance/history/v2/:tourId',
                '/depot/:tenantId/:externalDepotId/betterTracking',
                '/depot/:tenantId/:externalDepotId/users/*',
                '/depot/:tenantId/:externalDepotId/*',
            ].sort(),
        );
    });

    it('declares each resource once for react-admin, with the data collections it uses', () => {
        const names = resourceDefinitions(screens).map(
            (element) => (element.props as { name: string }).name,
        );
        expect(names.sort()).toEqual(
            [
                'depots',
                'depotGroups',
                'organizations',
                'backoffice',
                'app-accounts',
                'app-accounts-admin',
                'tempDrivers',
                'subcontractor',
                'vehicles',
                'subcontractorDrivers',
                'roles',
                'api-access-management',
            ].sort(),
        );
    });
});

const TENANT = 't1';
const DEPOT = 't1.DE.g1.d1';
const SUBCONTRACTOR = 't1.DE.g1.d1.s1';

/** The profile actions of a user holding one technical role at the demo's kind of scope. */
function holding(roleName: string): ProfileActions {
    const role = technicalRoles.find((candidate) => candidate.name === roleName);
    if (!role) throw new Error(`no role ${roleName}`);
    const actions = emptyProfileActions();
    for (const context of role.contexts) {
        if (context === 'ADMIN') actions.ADMIN = [...role.actions];
        if (context === 'TENANT') actions.TENANT[TENANT] = [...role.actions];
        if (context === 'DEPOT') actions.DEPOT[DEPOT] = [...role.actions];
        if (context === 'SUBCONTRACTOR') actions.SUBCONTRACTOR[SUBCONTRACTOR] = [...role.actions];
    }
    return actions;
}

/** Every (resource, action) the screens offer: react-admin's five and each declared verb. */
const requests = screens.flatMap((screen) => {
    const verbs = (rules: Record<string, unknown> | undefined) => [
        ...new Set([...crudActions, ...Object.keys(rules ?? {})]),
    ];
    const own =
        screen.kind === 'resource'
            ? mountedResources([screen]).flatMap(({ name }) =>
                  verbs(screen.access).map((action) => `${name} ${action}`),
              )
            : [];
    const data = Object.entries(screen.data ?? {})
        .filter(([name]) => !own.some((request) => request.startsWith(`${name} `)))
        .flatMap(([name, route]) =>
            verbs(route.access ?? (screen.kind === 'resource' ? screen.access : undefined)).map(
                (action) => `${name} ${action}`,
            ),
        );
    return [...new Set([...own, ...data])];
});

function allowed(actions: ProfileActions, place: AccessPlace): string[] {
    return requests
        .filter((request) => {
            const [resource = '', action = ''] = request.split(' ');
            return canAccessScreen(screens, actions, { resource, action, place });
        })
        .sort();
}

const depotPlace: AccessPlace = { context: 'depot', tenantId: TENANT };
const tenantPlace: AccessPlace = { context: 'tenant', tenantId: TENANT };
const places: AccessPlace[] = [
    { context: 'admin' },
    tenantPlace,
    { context: 'tenant', tenantId: 't2' },
    depotPlace,
    { context: 'depot', tenantId: 't2' },
];

/**
 * What each technical role (domain §6) may do in the organisation t1 where it is held, read off
 * its feature codes by hand: shell §6 and domain §6 name the feature of each action.
 */
const expected: Record<string, { tenant: string[]; depot: string[] }> = {
    'Data Analysis Access (Depot)': { tenant: [], depot: [] },
    'Driver & Device Management (Depot)': {
        tenant: [],
        depot: [
            'subcontractor list',
            'subcontractor show',
            'subcontractorDrivers create',
            'subcontractorDrivers delete',
            'subcontractorDrivers edit',
            'subcontractorDrivers list',
            'tempDrivers activate',
            'tempDrivers create',
            'tempDrivers deactivate',
            'tempDrivers delete',
            'tempDrivers edit',
            'tempDrivers list',
            'tempDrivers show',
            'vehicles list',
        ],
    },
    'Standard Access (Depot)': {
        tenant: [],
        depot: [
            'subcontractor list',
            'subcontractor show',
            'subcontractorDrivers list',
            'tempDrivers list',
            'tempDrivers show',
            'vehicles list',
        ],
    },
    'ECL Access (Admin)': { tenant: [], depot: [] },
    'ECL Access (Depot)': { tenant: [], depot: [] },
    'ECL Access (Services)': { tenant: [], depot: [] },
    'ECL Access (Organization)': { tenant: [], depot: [] },
    'BO-Account-Management (Depot)': {
        tenant: [],
        depot: [
            'backoffice create',
            'backoffice delete',
            'backoffice edit',
            'backoffice export',
            'backoffice list',
            'backoffice show',
        ],
    },
    'Standard Access (Services)': {
        tenant: [],
        depot: [
            'subcontractor list',
            'subcontractor show',
            'subcontractorDrivers edit',
            'subcontractorDrivers list',
            'tempDrivers activate',
            'tempDrivers deactivate',
            'tempDrivers edit',
            'tempDrivers list',
            'tempDrivers show',
            'vehicles list',
        ],
    },
    'Standard Access (SuCo)': {
        tenant: [],
        depot: [
            'subcontractor list',
            'subcontractor show',
            'subcontractorDrivers list',
            'vehicles list',
        ],
    },
    'Standard Access (Tenant)': {
        tenant: ['depotGroups list', 'depotGroups show', 'depots list', 'depots show'],
        depot: [],
    },
};

describe('canAccess by action, for every technical role', () => {
    it('lets admins and super admins do everything everywhere', () => {
        for (const name of ['Admin', 'Super Admin']) {
            for (const place of places)
                expect(allowed(holding(name), place)).toEqual([...requests].sort());
        }
    });

    it('gives an organisation admin every action of its organisation, and nothing elsewhere', () => {
        const actions = holding('Organization Admin');
        const tenantResources = [
            'depots',
            'depotGroups',
            'backoffice',
            'app-accounts',
            'roles',
            'api-access-management',
        ];
        const depotResources = [
            'backoffice',
            'tempDrivers',
            'subcontractor',
            'vehicles',
            'subcontractorDrivers',
        ];
        const of = (resources: string[]) =>
            requests.filter((request) => resources.includes(request.split(' ')[0] ?? '')).sort();
        // Depots and API credentials cannot be deleted: nobody but an admin passes a rule of none.
        const notOffered = ['depots delete', 'depotGroups delete', 'api-access-management delete'];
        expect(allowed(actions, tenantPlace)).toEqual(
            of(tenantResources).filter((request) => !notOffered.includes(request)),
        );
        // Vehicles and drivers open in dialogs of the subcontractor: no show route.
        const noShow = ['subcontractorDrivers show', 'vehicles show'];
        expect(allowed(actions, depotPlace)).toEqual(
            of(depotResources).filter((request) => !noShow.includes(request)),
        );
        expect(allowed(actions, { context: 'admin' })).toEqual([]);
        expect(allowed(actions, { context: 'tenant', tenantId: 't2' })).toEqual([]);
        expect(allowed(actions, { context: 'depot', tenantId: 't2' })).toEqual([]);
        // The organisation admin's own actions read `/roles/create` as allowed; a reader's do not.
        expect(requests).toContain('roles create');
    });

    it.each(Object.entries(expected))('%s', (name, { tenant, depot }) => {
        const actions = holding(name);
        expect(allowed(actions, tenantPlace)).toEqual(tenant);
        expect(allowed(actions, depotPlace)).toEqual(depot);
        expect(allowed(actions, { context: 'admin' })).toEqual([]);
        expect(allowed(actions, { context: 'tenant', tenantId: 't2' })).toEqual([]);
        expect(allowed(actions, { context: 'depot', tenantId: 't2' })).toEqual([]);
    });

    it('covers every technical role with a back-office feature', () => {
        const covered = ['Admin', 'Super Admin', 'Organization Admin', ...Object.keys(expected)];
        const roles = technicalRoles
            .filter((role) => role.actions.length > 0)
            .map((role) => role.name);
        expect(roles.filter((role) => !covered.includes(role))).toEqual([]);
    });

    it('refuses to create roles to a user who may only read them', () => {
        const reader = emptyProfileActions();
        reader.TENANT[TENANT] = ['r:role'];
        const check = (action: string) =>
            canAccessScreen(screens, reader, { resource: 'roles', action, place: tenantPlace });
        expect([
            check('list'),
            check('show'),
            check('create'),
            check('edit'),
            check('delete'),
        ]).toEqual([true, true, false, false, false]);
    });
});
