import { describe, expect, it } from 'vitest';
import { actionCatalogue, desktopOnlyActions } from '../../domain/actions.js';
import { authorizationFailure, authorizationPageCode } from '../../domain/authorizationErrors.js';
import { errorPageCodeOf } from '../../domain/errors.js';
import { isNavigationItemVisible, type NavigationRuleInput } from '../../domain/navigationRules.js';
import {
    can,
    canAnywhereUnder,
    canSomewhere,
    grantedScopes,
    subcontractorScopesOf,
    type PermissionTarget,
} from '../../domain/permissionChecks.js';
import {
    addRowBlocker,
    autoSelection,
    roleOptions,
    scopeOptionBlocker,
    submitBlockers,
} from '../../domain/permissionDialog.js';
import { validatePermissionChange } from '../../domain/permissionEditing.js';
import {
    contextsOf,
    isSuperAdmin,
    visibleDepotScopes,
    type ProfileActions,
} from '../../domain/permissions.js';
import {
    admin,
    D1,
    D2,
    depotManagerD1,
    editing,
    nobody,
    profile,
    roles,
    S1,
    S2,
    superAdmin,
    tenantAdminAll,
    tenantAdminT1,
} from './permission-fixtures.js';

const depot = (path?: string): PermissionTarget => ({ context: 'depot', path });
const tenant = (path?: string): PermissionTarget => ({ context: 'tenant', path });
const adminCtx: PermissionTarget = { context: 'admin' };

const tenantReader = profile([['TENANT'], ['r:parcel-finder', 'r:route-reports'], 't1']);
const allTenantsReader = profile([['TENANT'], ['r:parcel-finder'], '']);
const groupUser = profile([['DEPOT'], ['r:tour'], 't1.DE.g1'], [['DEPOT'], ['r:suco'], D2]);
const t1User = profile([['DEPOT'], ['r:tour'], 't1']);
const t1AndT10 = profile([['DEPOT'], ['r:tour'], 't1'], [['DEPOT'], ['r:tour'], 't10']);
const depotD1 = profile([['DEPOT'], ['r:tour', 'r:suco', 'r:driver', 'c:driver'], D1]);
const sucoUser = profile([['SUBCONTRACTOR'], ['r:suco', 'r:driver'], S1]);
const sucoOnDepotPath = profile([['SUBCONTRACTOR'], ['r:suco'], D1]);
const sucoManager = profile([['SUBCONTRACTOR'], ['r:suco', 'r:driver', 'c:driver'], S1]);
const driverNoSuco = profile([['DEPOT'], ['r:driver', 'c:driver'], D1]);
const driverSplitDeps = profile([['DEPOT'], ['r:suco'], 't1'], [['DEPOT'], ['r:driver'], D1]);
const subTenantAddress = profile([['TENANT'], ['r:address-location-correction'], 't1.DE']);
const tenantOnly = profile([['TENANT'], ['r:tenant-dcs', 'r:parcel-finder'], 't1']);
const boDeleteOnly = profile([['DEPOT'], ['r:bo-user', 'd:bo-user'], D1]);
const boDeleteAssignAtD1 = profile(
    [['DEPOT'], ['r:bo-user', 'd:bo-user'], 't1.DE.g1'],
    [['DEPOT'], ['can-assign-permission'], D1],
);
const tempUpdater = profile([['DEPOT'], ['r:temp-driver', 'u:temp-driver', 'd:temp-driver'], D1]);
const tempDeleteOnly = profile([['DEPOT'], ['r:temp-driver', 'd:temp-driver'], D1]);
const driverDeleter = profile([['DEPOT'], ['r:suco', 'r:driver', 'c:driver', 'd:driver'], D1]);
const driverDeleteOnly = profile([['DEPOT'], ['r:suco', 'r:driver', 'd:driver'], D1]);
const updateWithoutRead = profile([['DEPOT'], ['u:bo-user'], D1]);
const tenantBoCreator = profile([['TENANT'], ['r:bo-user', 'c:bo-user'], 't1']);
const reports = (...codes: string[]) => profile([['TENANT'], codes, 't1']);
const depotFlags = (...codes: string[]) => profile([['DEPOT'], codes, D1]);
const nav = (
    context: 'admin' | 'tenant' | 'depot',
    id: string,
    actions: ProfileActions,
    extra: Partial<NavigationRuleInput> = {},
) =>
    isNavigationItemVisible(context, id, {
        actions,
        path: context === 'tenant' ? 't1' : D1,
        ...extra,
    });

type Case = [name: string, run: () => unknown, expected: unknown];

const cases: Case[] = [
    // contexts (shell §6)
    [
        'contexts: admin sees admin, tenant and depot',
        () => contextsOf(admin),
        ['admin', 'tenant', 'depot'],
    ],
    [
        'contexts: super admin sees admin, tenant and depot',
        () => contextsOf(superAdmin),
        ['admin', 'tenant', 'depot'],
    ],
    [
        'contexts: tenant admin sees tenant and depot',
        () => contextsOf(tenantAdminT1),
        ['tenant', 'depot'],
    ],
    ['contexts: tenant user sees tenant only', () => contextsOf(tenantReader), ['tenant']],
    ['contexts: depot user sees depot only', () => contextsOf(groupUser), ['depot']],
    ['contexts: subcontractor user sees depots', () => contextsOf(sucoUser), ['depot']],
    ['contexts: no actions, no context', () => contextsOf(nobody), []],
    ['super-admin: admin plus super-admin is a super admin', () => isSuperAdmin(superAdmin), true],
    ['super-admin: a plain admin is not', () => isSuperAdmin(admin), false],
    [
        'super-admin: super-admin without admin is not',
        () => isSuperAdmin(profile([['ADMIN'], ['super-admin'], ''])),
        false,
    ],
    // admin passes every check
    [
        'admin: passes a depot check anywhere',
        () => can(admin, 'r:tour', depot('t9.FR.g7.d7')),
        true,
    ],
    [
        'admin: passes a tenant check in any tenant',
        () => can(admin, 'r:parcel-finder', tenant('t99')),
        true,
    ],
    ['admin: passes the admin context', () => can(admin, 'r:anything', adminCtx), true],
    ['admin: passes unknown codes', () => can(admin, 'x:unknown', depot(D1)), true],
    [
        'admin: a plain admin fails the super-admin marker',
        () => can(admin, 'super-admin', adminCtx),
        false,
    ],
    [
        'super-admin: a super admin passes the super-admin marker',
        () => can(superAdmin, 'super-admin', adminCtx),
        true,
    ],
    [
        'admin: a tenant admin fails the admin context',
        () => can(tenantAdminT1, 'r:tour', adminCtx),
        false,
    ],
    [
        'admin: a tenant admin fails the admin marker',
        () => can(tenantAdminT1, 'admin', tenant('t1')),
        false,
    ],
    ['admin: a depot user fails the admin context', () => can(depotD1, 'r:tour', adminCtx), false],
    // tenant admin only within own tenants
    [
        'tenant-admin: passes a tenant check in own tenant',
        () => can(tenantAdminT1, 'r:parcel-finder', tenant('t1')),
        true,
    ],
    [
        'tenant-admin: passes a depot check under own tenant',
        () => can(tenantAdminT1, 'r:tour', depot(D1)),
        true,
    ],
    [
        'tenant-admin: passes dependent codes in own tenant',
        () => can(tenantAdminT1, 'd:bo-user', depot(D1)),
        true,
    ],
    [
        'tenant-admin: fails in another tenant',
        () => can(tenantAdminT1, 'r:parcel-finder', tenant('t2')),
        false,
    ],
    [
        'tenant-admin: t1 does not cover t10 (raw prefix trap)',
        () => can(tenantAdminT1, 'r:parcel-finder', tenant('t10')),
        false,
    ],
    [
        'tenant-admin: t1 does not cover depots of t10',
        () => can(tenantAdminT1, 'r:tour', depot('t10.DE.g1.d1')),
        false,
    ],
    [
        'tenant-admin: some depot somewhere',
        () => canAnywhereUnder(tenantAdminT1, 'r:tour', depot()),
        true,
    ],
    [
        'tenant-admin: not every depot everywhere',
        () => can(tenantAdminT1, 'r:tour', depot()),
        false,
    ],
    [
        'tenant-admin: all-tenants tenant admin passes in any tenant',
        () => can(tenantAdminAll, 'r:tour', depot('t7.X.y.z')),
        true,
    ],
    [
        'tenant-admin: all-tenants grant is ALL',
        () => grantedScopes(tenantAdminAll, 'r:parcel-finder', 'tenant'),
        'ALL',
    ],
    [
        'tenant-admin: granted scopes are own tenants',
        () => grantedScopes(tenantAdminT1, 'r:tour', 'depot'),
        ['t1'],
    ],
    // tenant actions per tenant
    [
        'tenant: holder passes in own tenant',
        () => can(tenantReader, 'r:parcel-finder', tenant('t1')),
        true,
    ],
    [
        'tenant: holder fails in another tenant',
        () => can(tenantReader, 'r:parcel-finder', tenant('t2')),
        false,
    ],
    [
        'tenant: t1 does not cover t10 (raw prefix trap)',
        () => can(tenantReader, 'r:parcel-finder', tenant('t10')),
        false,
    ],
    [
        'tenant: tenant grant covers data of its depots',
        () => can(tenantReader, 'r:parcel-finder', tenant(D1)),
        true,
    ],
    [
        'tenant: all-tenants scope covers any tenant',
        () => can(allTenantsReader, 'r:parcel-finder', tenant('t5')),
        true,
    ],
    [
        'tenant: all-tenants scope covers everything',
        () => can(allTenantsReader, 'r:parcel-finder', tenant()),
        true,
    ],
    [
        'tenant: single tenant does not cover everything',
        () => can(tenantReader, 'r:parcel-finder', tenant()),
        false,
    ],
    [
        'tenant: tenant actions do not apply in the depot context',
        () => can(tenantReader, 'r:route-reports', depot(D1)),
        false,
    ],
    [
        'tenant: a code not held fails',
        () => can(tenantReader, 'r:rtt-reports', tenant('t1')),
        false,
    ],
    [
        'tenant: sub-tenant grant does not cover the tenant',
        () => can(subTenantAddress, 'r:address-location-correction', tenant('t1')),
        false,
    ],
    [
        'tenant: sub-tenant grant is somewhere under the tenant',
        () => canAnywhereUnder(subTenantAddress, 'r:address-location-correction', tenant('t1')),
        true,
    ],
    // depot wildcards
    ['wildcard: group grant covers its depot', () => can(groupUser, 'r:tour', depot(D1)), true],
    [
        'wildcard: group grant covers the group itself',
        () => can(groupUser, 'r:tour', depot('t1.DE.g1')),
        true,
    ],
    [
        'wildcard: group grant covers a subcontractor of its depots',
        () => can(groupUser, 'r:tour', depot('t1.DE.g1.d1.s9')),
        true,
    ],
    [
        'wildcard: group grant does not cover the whole country',
        () => can(groupUser, 'r:tour', depot('t1.DE')),
        false,
    ],
    [
        'wildcard: group grant is somewhere under the country',
        () => canAnywhereUnder(groupUser, 'r:tour', depot('t1.DE')),
        true,
    ],
    [
        'wildcard: group grant is somewhere under the tenant',
        () => canAnywhereUnder(groupUser, 'r:tour', depot('t1')),
        true,
    ],
    [
        'wildcard: g1 does not cover g10 (raw prefix trap)',
        () => can(groupUser, 'r:tour', depot('t1.DE.g10.d1')),
        false,
    ],
    [
        'wildcard: g1 is not somewhere under g10',
        () => canAnywhereUnder(groupUser, 'r:tour', depot('t1.DE.g10')),
        false,
    ],
    [
        'wildcard: depot grant covers that depot only',
        () => can(groupUser, 'r:suco', depot(D2)),
        true,
    ],
    [
        'wildcard: depot grant does not cover a sibling depot',
        () => can(groupUser, 'r:suco', depot(D1)),
        false,
    ],
    [
        'wildcard: t1 grant does not cover t10 depots (raw prefix trap)',
        () => can(t1User, 'r:tour', depot('t10.DE.g1.d1')),
        false,
    ],
    ['wildcard: t1 grant covers t1 depots', () => can(t1User, 'r:tour', depot(D1)), true],
    [
        'wildcard: t1 grant is not somewhere under t10',
        () => canAnywhereUnder(t1User, 'r:tour', depot('t10')),
        false,
    ],
    [
        'wildcard: granted scopes are minimal prefixes',
        () => grantedScopes(groupUser, 'r:tour', 'depot'),
        ['t1.DE.g1'],
    ],
    [
        'wildcard: t1 and t10 stay separate scopes',
        () => grantedScopes(t1AndT10, 'r:tour', 'depot'),
        ['t1', 't10'],
    ],
    [
        'wildcard: a code held nowhere has no scopes',
        () => grantedScopes(groupUser, 'r:device', 'depot'),
        [],
    ],
    // subcontractor isolation
    [
        'subcontractor: own subcontractor is covered',
        () => can(sucoUser, 'r:driver', depot(S1)),
        true,
    ],
    [
        'subcontractor: another subcontractor of the same depot is not',
        () => can(sucoUser, 'r:driver', depot(S2)),
        false,
    ],
    [
        'subcontractor: s1 does not cover s10 (raw prefix trap)',
        () => can(sucoUser, 'r:driver', depot(`${D1}.s10`)),
        false,
    ],
    [
        'subcontractor: the whole depot is not covered',
        () => can(sucoUser, 'r:driver', depot(D1)),
        false,
    ],
    [
        'subcontractor: somewhere under the depot',
        () => canAnywhereUnder(sucoUser, 'r:driver', depot(D1)),
        true,
    ],
    [
        'subcontractor: nothing under another subcontractor',
        () => canAnywhereUnder(sucoUser, 'r:driver', depot(S2)),
        false,
    ],
    [
        'subcontractor: no grant in the tenant context',
        () => canAnywhereUnder(sucoUser, 'r:driver', tenant('t1')),
        false,
    ],
    [
        'subcontractor: a subcontractor role on a depot path grants nothing',
        () => canAnywhereUnder(sucoOnDepotPath, 'r:suco', depot(D1)),
        false,
    ],
    ['subcontractor: its scopes are listed', () => subcontractorScopesOf(sucoUser), [S1]],
    ['subcontractor: none under another depot', () => subcontractorScopesOf(sucoUser, D2), []],
    [
        'subcontractor: a subcontractor role on a depot path reveals no depot',
        () => visibleDepotScopes(sucoOnDepotPath),
        [],
    ],
    [
        'subcontractor: a depot role on a subcontractor path reveals its depot',
        () => visibleDepotScopes(profile([['DEPOT'], ['r:tour'], S1])),
        [D1],
    ],
    // dependencies (requires)
    [
        'requires: r:driver without r:suco is not granted',
        () => can(driverNoSuco, 'r:driver', depot(D1)),
        false,
    ],
    [
        'requires: c:driver without r:suco is not granted',
        () => can(driverNoSuco, 'c:driver', depot(D1)),
        false,
    ],
    [
        'requires: c:driver with r:suco and r:driver is granted',
        () => can(depotD1, 'c:driver', depot(D1)),
        true,
    ],
    [
        'requires: a requirement held above the scope counts',
        () => can(driverSplitDeps, 'r:driver', depot(D1)),
        true,
    ],
    [
        'requires: the requirement alone grants nothing below',
        () => can(driverSplitDeps, 'r:driver', depot(D2)),
        false,
    ],
    [
        'requires: r:tour-details alone is not granted',
        () => can(depotFlags('r:tour-details'), 'r:tour-details', depot(D1)),
        false,
    ],
    [
        'requires: r:tour at the group grants details at the depot',
        () =>
            can(
                profile([['DEPOT'], ['r:tour'], 't1.DE.g1'], [['DEPOT'], ['r:tour-details'], D1]),
                'r:tour-details',
                depot(D1),
            ),
        true,
    ],
    [
        'requires: a requirement on another group does not count',
        () =>
            can(
                profile([['DEPOT'], ['r:tour'], 't1.DE.g2'], [['DEPOT'], ['r:tour-details'], D1]),
                'r:tour-details',
                depot(D1),
            ),
        false,
    ],
    [
        'requires: nor somewhere under the country',
        () =>
            canAnywhereUnder(
                profile([['DEPOT'], ['r:tour'], 't1.DE.g2'], [['DEPOT'], ['r:tour-details'], D1]),
                'r:tour-details',
                depot('t1.DE'),
            ),
        false,
    ],
    [
        'requires: chains are followed (c:device-service needs r:device)',
        () =>
            can(depotFlags('r:device-service', 'c:device-service'), 'c:device-service', depot(D1)),
        false,
    ],
    [
        'requires: a complete chain is granted',
        () =>
            can(
                depotFlags('r:device', 'r:device-service', 'c:device-service'),
                'c:device-service',
                depot(D1),
            ),
        true,
    ],
    [
        'requires: tenant write needs tenant read',
        () => can(reports('w:api-access-management'), 'w:api-access-management', tenant('t1')),
        false,
    ],
    [
        'requires: codes unknown to the catalogue need nothing',
        () => can(depotFlags('x:custom'), 'x:custom', depot(D1)),
        true,
    ],
    [
        'requires: the catalogue has no dependency cycles',
        () =>
            actionCatalogue.every(
                (action) =>
                    canAnywhereUnder(tenantAdminAll, action.code, depot()) ||
                    action.code === 'admin' ||
                    action.code === 'super-admin',
            ),
        true,
    ],
    // can-assign-permission granted automatically
    [
        'auto-assign: c:bo-user grants can-assign-permission at its scope',
        () => can(depotManagerD1, 'can-assign-permission', depot(D1)),
        true,
    ],
    [
        'auto-assign: not at another depot',
        () => can(depotManagerD1, 'can-assign-permission', depot(D2)),
        false,
    ],
    [
        'auto-assign: covers subcontractors below',
        () => can(depotManagerD1, 'can-assign-permission', depot(S1)),
        true,
    ],
    [
        'auto-assign: u:temp-driver grants it',
        () => can(tempUpdater, 'can-assign-permission', depot(D1)),
        true,
    ],
    [
        'auto-assign: c:driver grants it',
        () => can(depotD1, 'can-assign-permission', depot(D1)),
        true,
    ],
    [
        'auto-assign: an update not granted (no read) grants nothing',
        () => can(updateWithoutRead, 'can-assign-permission', depot(D1)),
        false,
    ],
    [
        'auto-assign: read-only user actions grant nothing',
        () => can(depotFlags('r:bo-user'), 'can-assign-permission', depot(D1)),
        false,
    ],
    [
        'auto-assign: held explicitly',
        () => can(depotFlags('can-assign-permission'), 'can-assign-permission', depot(D1)),
        true,
    ],
    [
        'auto-assign: a subcontractor manager assigns in own subcontractor',
        () => can(sucoManager, 'can-assign-permission', depot(S1)),
        true,
    ],
    [
        'auto-assign: but not in another subcontractor',
        () => can(sucoManager, 'can-assign-permission', depot(S2)),
        false,
    ],
    [
        'auto-assign: tenant c:bo-user grants it in the tenant context',
        () => can(tenantBoCreator, 'can-assign-permission', tenant('t1')),
        true,
    ],
    [
        'auto-assign: tenant c:bo-user does not grant it in the depot context',
        () => can(tenantBoCreator, 'can-assign-permission', depot(D1)),
        false,
    ],
    // delete needs assign
    [
        'delete: d:bo-user with c:bo-user is granted',
        () => can(depotManagerD1, 'd:bo-user', depot(D1)),
        true,
    ],
    [
        'delete: d:bo-user without assign permission is not',
        () => can(boDeleteOnly, 'd:bo-user', depot(D1)),
        false,
    ],
    [
        'delete: d:bo-user where assign permission is held',
        () => can(boDeleteAssignAtD1, 'd:bo-user', depot(D1)),
        true,
    ],
    [
        'delete: d:bo-user not where assign permission is missing',
        () => can(boDeleteAssignAtD1, 'd:bo-user', depot(D2)),
        false,
    ],
    [
        'delete: d:temp-driver with u:temp-driver is granted',
        () => can(tempUpdater, 'd:temp-driver', depot(D1)),
        true,
    ],
    [
        'delete: d:temp-driver without assign permission is not',
        () => can(tempDeleteOnly, 'd:temp-driver', depot(D1)),
        false,
    ],
    [
        'delete: d:driver with c:driver is granted',
        () => can(driverDeleter, 'd:driver', depot(D1)),
        true,
    ],
    [
        'delete: d:driver without assign permission is not',
        () => can(driverDeleteOnly, 'd:driver', depot(D1)),
        false,
    ],
    // coarse check
    [
        'somewhere: a depot code counts in any context',
        () => canSomewhere(sucoUser, 'r:driver'),
        true,
    ],
    ['somewhere: a code held nowhere', () => canSomewhere(sucoUser, 'r:tour'), false],
    // navigation (shell §6)
    [
        'nav keyStatistics: the better reports flag',
        () => nav('tenant', 'keyStatistics', reports('r:product-reports')),
        true,
    ],
    [
        'nav keyStatistics: the route reports flag',
        () => nav('tenant', 'keyStatistics', reports('r:route-reports')),
        true,
    ],
    [
        'nav keyStatistics: the tracking reports flag',
        () => nav('tenant', 'keyStatistics', reports('r:rtt-reports')),
        true,
    ],
    [
        'nav keyStatistics: a places reports flag',
        () => nav('tenant', 'keyStatistics', reports('r:places-deep-int-reports')),
        true,
    ],
    [
        'nav keyStatistics: cloud tracking alone is not enough',
        () => nav('tenant', 'keyStatistics', reports('r:cloud-tracking-reports')),
        false,
    ],
    [
        'nav keyStatistics: not in another tenant',
        () => nav('tenant', 'keyStatistics', reports('r:route-reports'), { path: 't2' }),
        false,
    ],
    [
        'nav geocodingReports: places DGW alone is not enough',
        () => nav('tenant', 'geocodingReports', reports('r:places-dgw-reports')),
        false,
    ],
    [
        'nav geocodingReports: DGW and deep integration',
        () =>
            nav(
                'tenant',
                'geocodingReports',
                reports('r:places-dgw-reports', 'r:places-deep-int-reports'),
            ),
        true,
    ],
    [
        'nav addressCorrection: tenant-level flag on the tenant view',
        () => nav('tenant', 'addressCorrection', reports('r:address-location-correction')),
        true,
    ],
    [
        'nav addressCorrection: a sub-tenant flag is not tenant-level',
        () => nav('tenant', 'addressCorrection', subTenantAddress),
        false,
    ],
    [
        'nav addressCorrection: depot flag on the depot view',
        () => nav('depot', 'addressCorrection', depotFlags('r:address-location-correction')),
        true,
    ],
    ['nav roles: admin', () => nav('tenant', 'roles', admin), true],
    ['nav roles: role creation', () => nav('tenant', 'roles', reports('r:role', 'c:role')), true],
    [
        'nav roles: reading roles is not enough',
        () => nav('tenant', 'roles', reports('r:role')),
        false,
    ],
    ['nav roles: tenant admin passes', () => nav('tenant', 'roles', tenantAdminT1), true],
    [
        'nav accountLicences: account counting',
        () => nav('tenant', 'accountLicences', reports('r:app-user-licences')),
        true,
    ],
    [
        'nav appAccounts: drivers',
        () => nav('tenant', 'appAccounts', reports('r:suco', 'r:driver')),
        true,
    ],
    [
        'nav appAccounts: temp drivers',
        () => nav('tenant', 'appAccounts', reports('r:temp-driver')),
        true,
    ],
    [
        'nav appAccounts: neither',
        () => nav('tenant', 'appAccounts', reports('r:parcel-finder')),
        false,
    ],
    [
        'nav uploadJobs: flag plus depot manual upload',
        () =>
            nav('depot', 'uploadJobs', depotFlags('r:upload-jobs'), {
                manualJobUploadEnabled: true,
            }),
        true,
    ],
    [
        'nav uploadJobs: not without depot manual upload',
        () =>
            nav('depot', 'uploadJobs', depotFlags('r:upload-jobs'), {
                manualJobUploadEnabled: false,
            }),
        false,
    ],
    [
        'nav uploadJobs: not without the flag',
        () => nav('depot', 'uploadJobs', depotFlags('r:tour'), { manualJobUploadEnabled: true }),
        false,
    ],
    [
        'nav subcontractorDrivers: subcontractor user with view drivers',
        () => nav('depot', 'subcontractorDrivers', sucoUser),
        true,
    ],
    [
        'nav subcontractorDrivers: depot user with view drivers is no subcontractor user',
        () => nav('depot', 'subcontractorDrivers', depotD1),
        false,
    ],
    [
        'nav subcontractorDrivers: not under another depot',
        () => nav('depot', 'subcontractorDrivers', sucoUser, { path: D2 }),
        false,
    ],
    [
        'nav subcontractorDrivers: subcontractor user without view drivers',
        () => nav('depot', 'subcontractorDrivers', profile([['SUBCONTRACTOR'], ['r:suco'], S1])),
        false,
    ],
    [
        'nav depotLanding: landing flag on a large screen',
        () =>
            nav('depot', 'depotLanding', depotFlags('r:depot-landing-page'), { largeScreen: true }),
        true,
    ],
    [
        'nav depotLanding: desktop only',
        () =>
            nav('depot', 'depotLanding', depotFlags('r:depot-landing-page'), {
                largeScreen: false,
            }),
        false,
    ],
    [
        'nav depotLanding: not without the flag',
        () => nav('depot', 'depotLanding', depotFlags('r:tour')),
        false,
    ],
    [
        'nav depotLanding: the catalogue marks it desktop only',
        () => desktopOnlyActions,
        ['r:depot-landing-page'],
    ],
    [
        'nav liveStatus: group grant under the selected depot',
        () => nav('depot', 'liveStatus', groupUser),
        true,
    ],
    [
        'nav liveStatus: not at a depot of another group',
        () => nav('depot', 'liveStatus', groupUser, { path: 't1.DE.g2.d9' }),
        false,
    ],
    [
        'nav admin: backoffice actions for admins',
        () => nav('admin', 'backofficeActions', admin),
        true,
    ],
    [
        'nav admin: not for tenant admins',
        () => nav('admin', 'backofficeActions', tenantAdminAll),
        false,
    ],
    ['nav: unknown item ids never show', () => nav('depot', 'noSuchItem', admin), false],
    // authorization failure kinds (domain §6, shell §8)
    [
        'failure: admin context without admin is NO_PERMISSION',
        () => authorizationFailure(tenantAdminAll, 'r:tour', adminCtx),
        'NO_PERMISSION',
    ],
    [
        'failure: admin context for an admin passes',
        () => authorizationFailure(admin, 'r:tour', adminCtx),
        null,
    ],
    [
        'failure: no depot context at all is NO_DC_PERMISSION',
        () => authorizationFailure(tenantOnly, 'r:tour', depot(D1)),
        'NO_DC_PERMISSION',
    ],
    [
        'failure: feature held nowhere is NO_PERMISSION',
        () => authorizationFailure(groupUser, 'r:bo-user', depot(D1)),
        'NO_PERMISSION',
    ],
    [
        'failure: feature elsewhere only is CHANGE_SCOPE',
        () => authorizationFailure(depotD1, 'r:tour', depot(D2)),
        'CHANGE_SCOPE',
    ],
    [
        'failure: another subcontractor of the depot is NO_DATA_PERMISSION',
        () => authorizationFailure(sucoUser, 'r:driver', depot(S2)),
        'NO_DATA_PERMISSION',
    ],
    [
        'failure: the whole depot for a subcontractor user is NO_DATA_PERMISSION',
        () => authorizationFailure(sucoUser, 'r:driver', depot(D1)),
        'NO_DATA_PERMISSION',
    ],
    [
        'failure: some coverage of the depot passes for a subcontractor user',
        () => authorizationFailure(sucoUser, 'r:driver', depot(D1), 'some'),
        null,
    ],
    [
        'failure: a covered target passes',
        () => authorizationFailure(groupUser, 'r:tour', depot(D1)),
        null,
    ],
    [
        'failure: another tenant is CHANGE_SCOPE',
        () => authorizationFailure(tenantReader, 'r:parcel-finder', tenant('t2')),
        'CHANGE_SCOPE',
    ],
    [
        'failure: outside a sub-tenant grant is NO_DATA_PERMISSION',
        () =>
            authorizationFailure(
                subTenantAddress,
                'r:address-location-correction',
                tenant('t1.AT.g1.d1'),
            ),
        'NO_DATA_PERMISSION',
    ],
    [
        'failure page: NO_DC_PERMISSION shows noPermission',
        () => authorizationPageCode('NO_DC_PERMISSION'),
        'noPermission',
    ],
    [
        'failure page: NO_PERMISSION shows noPermission',
        () => authorizationPageCode('NO_PERMISSION'),
        'noPermission',
    ],
    [
        'failure page: CHANGE_SCOPE shows changeScope',
        () => authorizationPageCode('CHANGE_SCOPE'),
        'changeScope',
    ],
    [
        'failure page: NO_DATA_PERMISSION shows noDataPermission',
        () => authorizationPageCode('NO_DATA_PERMISSION'),
        'noDataPermission',
    ],
    [
        'failure page: BAD_REQUEST shows badRequest, other codes nothing',
        () => [errorPageCodeOf('BAD_REQUEST'), errorPageCodeOf('NOT_FOUND')],
        ['badRequest', null],
    ],
    // permission editing (shell §5, domain §5)
    [
        'edit ROW_INCOMPLETE: a row without scope blocks a new row',
        () => addRowBlocker(editing(admin, 'depot'), [{ roleId: roles.depot.id, paths: [] }]),
        'ROW_INCOMPLETE',
    ],
    [
        'edit ROW_INCOMPLETE: a row without role blocks a new row',
        () => addRowBlocker(editing(admin, 'depot'), [{ roleId: null, paths: [] }]),
        'ROW_INCOMPLETE',
    ],
    [
        'edit add row: a complete row allows another',
        () => addRowBlocker(editing(admin, 'depot'), [{ roleId: roles.depot.id, paths: [D1] }]),
        null,
    ],
    [
        'edit ROWS_LOCKED_BY_SUBCONTRACTOR: depot context',
        () => addRowBlocker(editing(admin, 'depot'), [{ roleId: roles.suco.id, paths: [S1] }]),
        'ROWS_LOCKED_BY_SUBCONTRACTOR',
    ],
    [
        'edit ROWS_LOCKED_BY_SUBCONTRACTOR: tenant context',
        () => addRowBlocker(editing(admin, 'tenant'), [{ roleId: roles.suco.id, paths: [S1] }]),
        'ROWS_LOCKED_BY_SUBCONTRACTOR',
    ],
    [
        'edit NOTHING_TO_SUBMIT: no row with scopes',
        () =>
            submitBlockers(editing(admin, 'depot'), [{ roleId: roles.depot.id, paths: [] }]).map(
                (v) => v.rule,
            ),
        ['NOTHING_TO_SUBMIT', 'NO_CHANGE'],
    ],
    [
        'edit NO_CHANGE: rows equal to the current assignments',
        () =>
            submitBlockers(
                editing(admin, 'depot', [{ id: 'p1', roleId: roles.depot.id, path: D1 }]),
                [{ roleId: roles.depot.id, paths: [D1] }],
            ).map((v) => v.rule),
        ['NO_CHANGE'],
    ],
    [
        'edit submit: one addition is enough',
        () => submitBlockers(editing(admin, 'depot'), [{ roleId: roles.depot.id, paths: [D1] }]),
        [],
    ],
    [
        'edit DUPLICATE_ROLE: a role in two rows',
        () =>
            submitBlockers(editing(admin, 'depot'), [
                { roleId: roles.depot.id, paths: [D1] },
                { roleId: roles.depot.id, paths: [D2] },
            ]).map((v) => v.rule),
        ['DUPLICATE_ROLE'],
    ],
    [
        'edit DUPLICATE_ROLE: a used role is not offered again',
        () =>
            roleOptions(
                editing(admin, 'depot'),
                [
                    { roleId: roles.depot.id, paths: [D1] },
                    { roleId: null, paths: [] },
                ],
                1,
            ).map((r) => r.id),
        ['depot-bo', 'depot-t2', 'tenant-depot'],
    ],
    [
        'edit ALL_TENANTS_EXCLUSIVE: all tenants disables a single tenant',
        () =>
            scopeOptionBlocker(
                editing(admin, 'tenant'),
                [{ roleId: roles.tenant.id, paths: [''] }],
                0,
                't1',
            ),
        'ALL_TENANTS_EXCLUSIVE',
    ],
    [
        'edit ALL_TENANTS_EXCLUSIVE: rejected on submit',
        () =>
            validatePermissionChange(editing(admin, 'tenant'), {
                addPermissions: [
                    { roleId: roles.tenant.id, path: '' },
                    { roleId: roles.tenant.id, path: 't1' },
                ],
                removePermissions: [],
            }).map((v) => [v.rule, v.addIndex]),
        [['ALL_TENANTS_EXCLUSIVE', 1]],
    ],
    [
        'edit SUBCONTRACTOR_PER_DEPOT: a second subcontractor of the depot is disabled',
        () =>
            scopeOptionBlocker(
                editing(admin, 'depot'),
                [{ roleId: roles.suco.id, paths: [S1] }],
                0,
                S2,
            ),
        'SUBCONTRACTOR_PER_DEPOT',
    ],
    [
        'edit SUBCONTRACTOR_PER_DEPOT: a subcontractor of another depot is not',
        () =>
            scopeOptionBlocker(
                editing(admin, 'depot'),
                [{ roleId: roles.suco.id, paths: [S1] }],
                0,
                `${D2}.s1`,
            ),
        null,
    ],
    [
        'edit NO_ASSIGN_PERMISSION: a scope outside the editor is disabled',
        () =>
            scopeOptionBlocker(
                editing(depotManagerD1, 'depot'),
                [{ roleId: roles.depot.id, paths: [] }],
                0,
                D2,
            ),
        'NO_ASSIGN_PERMISSION',
    ],
    [
        'edit NO_ASSIGN_PERMISSION: the editor scope is enabled',
        () =>
            scopeOptionBlocker(
                editing(depotManagerD1, 'depot'),
                [{ roleId: roles.depot.id, paths: [] }],
                0,
                D1,
            ),
        null,
    ],
    [
        'edit auto-select: a single option is selected',
        () => autoSelection([roles.depot]),
        roles.depot,
    ],
    [
        'edit auto-select: nothing with several options',
        () => autoSelection([roles.depot, roles.depotBo]),
        undefined,
    ],
    [
        'edit ROLE_MIX: subcontractor roles are not offered beside depot roles',
        () =>
            roleOptions(
                editing(admin, 'depot'),
                [
                    { roleId: roles.depot.id, paths: [D1] },
                    { roleId: null, paths: [] },
                ],
                1,
            ).some((r) => r.id === roles.suco.id),
        false,
    ],
    [
        'edit roles filtered by context: tenant dialog',
        () => roleOptions(editing(admin, 'tenant'), [], 0).map((r) => r.id),
        ['tenant-std', 'tenant-depot', 'suco-std', 'driver'],
    ],
    [
        'edit roles filtered by path: a t2 role is hidden from a t1 editor',
        () =>
            roleOptions(editing(depotManagerD1, 'depot'), [], 0).some(
                (r) => r.id === roles.depotT2.id,
            ),
        false,
    ],
    [
        'edit REMOVAL_OUT_OF_CONTEXT: removing a tenant permission in the depot dialog',
        () =>
            validatePermissionChange(
                editing(admin, 'depot', [
                    { id: 'p1', roleId: roles.tenant.id, path: 't1' },
                    { id: 'p2', roleId: roles.depot.id, path: D1 },
                ]),
                { addPermissions: [], removePermissions: ['p1'] },
            ).map((v) => v.rule),
        ['REMOVAL_OUT_OF_CONTEXT'],
    ],
];

describe('the permission model (table)', () => {
    it('has at least 100 cases', () => {
        expect(cases.length).toBeGreaterThanOrEqual(100);
    });

    it.each(cases)('%s', (_name, run, expected) => {
        expect(run()).toEqual(expected);
    });
});
