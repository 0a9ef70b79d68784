import { describe, expect, it } from 'vitest';
import { canEditBackOfficeUser } from '../../domain/backOfficeUserEditing';
import type { RoleContext } from '../../domain/enums';
import {
    admin,
    D1,
    D2,
    depotManagerD1,
    nobody,
    profile,
    S1,
    superAdmin,
    tenantAdminAll,
    tenantAdminT1,
} from './permission-fixtures';

const user = (...permissions: [RoleContext, string][]) => ({
    permissions: permissions.map(([context, path]) => ({
        path,
        role: { id: `r-${context}`, name: context, actions: [], context },
    })),
});

const depotUserD1 = user(['DEPOT', D1]);
const depotUserD2 = user(['DEPOT', D2]);
const subcontractorUserS1 = user(['SUBCONTRACTOR', S1]);
const tenantUserT1 = user(['TENANT', 't1']);
const allTenantsUser = user(['TENANT', '']);
const adminUser = user(['ADMIN', '']);

describe('canEditBackOfficeUser', () => {
    it('lets admins edit everybody, including users without permissions', () => {
        for (const target of [depotUserD1, tenantUserT1, allTenantsUser, adminUser, user()]) {
            expect(canEditBackOfficeUser(admin, target)).toBe(true);
            expect(canEditBackOfficeUser(superAdmin, target)).toBe(true);
        }
    });

    it("needs u:bo-user covering one of the user's scopes", () => {
        expect(canEditBackOfficeUser(depotManagerD1, depotUserD1)).toBe(true);
        expect(canEditBackOfficeUser(depotManagerD1, subcontractorUserS1)).toBe(true);
        expect(canEditBackOfficeUser(depotManagerD1, depotUserD2)).toBe(false);
        expect(canEditBackOfficeUser(depotManagerD1, user(['DEPOT', D2], ['DEPOT', D1]))).toBe(
            true,
        );
        // A depot grant does not cover the whole organisation.
        expect(canEditBackOfficeUser(depotManagerD1, tenantUserT1)).toBe(false);
        expect(canEditBackOfficeUser(depotManagerD1, user(['DEPOT', 't1']))).toBe(false);
    });

    it('does not accept reading alone, nor the grant without its requirement', () => {
        expect(canEditBackOfficeUser(profile([['DEPOT'], ['r:bo-user'], D1]), depotUserD1)).toBe(
            false,
        );
        expect(canEditBackOfficeUser(profile([['DEPOT'], ['u:bo-user'], D1]), depotUserD1)).toBe(
            false,
        );
        expect(canEditBackOfficeUser(nobody, depotUserD1)).toBe(false);
    });

    it('lets tenant grants cover the tenant and the depots below it', () => {
        const tenantManager = profile([['TENANT'], ['r:bo-user', 'u:bo-user'], 't1']);
        expect(canEditBackOfficeUser(tenantManager, tenantUserT1)).toBe(true);
        expect(canEditBackOfficeUser(tenantManager, depotUserD1)).toBe(true);
        expect(canEditBackOfficeUser(tenantManager, subcontractorUserS1)).toBe(true);
        expect(canEditBackOfficeUser(tenantManager, user(['DEPOT', 't10.DE.g1.d1']))).toBe(false);
        expect(canEditBackOfficeUser(tenantManager, allTenantsUser)).toBe(false);
        // A depot grant never reaches a tenant-context permission, even on a depot path.
        expect(canEditBackOfficeUser(depotManagerD1, user(['TENANT', D1]))).toBe(false);
    });

    it('lets tenant admins edit users of their tenants only', () => {
        expect(canEditBackOfficeUser(tenantAdminT1, depotUserD1)).toBe(true);
        expect(canEditBackOfficeUser(tenantAdminT1, tenantUserT1)).toBe(true);
        expect(canEditBackOfficeUser(tenantAdminT1, user(['DEPOT', 't2.DE.g1.d1']))).toBe(false);
        expect(canEditBackOfficeUser(tenantAdminT1, allTenantsUser)).toBe(false);
        expect(canEditBackOfficeUser(tenantAdminAll, allTenantsUser)).toBe(true);
    });

    it('leaves admins and users without any permission to admins', () => {
        expect(canEditBackOfficeUser(tenantAdminAll, adminUser)).toBe(false);
        expect(canEditBackOfficeUser(depotManagerD1, user(['ADMIN', ''], ['DEPOT', D1]))).toBe(
            false,
        );
        expect(canEditBackOfficeUser(tenantAdminAll, user())).toBe(false);
    });
});
