import { describe, expect, it } from 'vitest';
import { actionCatalogue } from '../../domain/actions.js';
import { technicalRole, technicalRoles } from '../../domain/roles.js';

const byCode = new Map(actionCatalogue.map((action) => [action.code, action]));

describe('technical roles', () => {
    it('has every technical role of domain §6 and the fixed roles of shell §3', () => {
        const names = technicalRoles.map((role) => role.name);
        expect(names).toEqual(
            expect.arrayContaining([
                'Admin',
                'Super Admin',
                'DRIVER',
                'TEMP_DRIVER',
                'Data Analysis Access (Depot)',
                'Driver & Device Management (Depot)',
                'Standard Access (Depot)',
                'ECL Access (Admin)',
                'ECL Access (Depot)',
                'ECL Access (Services)',
                'ECL Access (Organization)',
                'BO-Account-Management (Depot)',
                'Standard Access (Services)',
                'Standard Access (SuCo)',
                'Organization Admin',
                'Standard Access (Tenant)',
            ]),
        );
        expect(new Set(names).size).toBe(names.length);
        expect(new Set(technicalRoles.map((role) => role.id)).size).toBe(technicalRoles.length);
    });

    it('marks only Admin, DRIVER and TEMP_DRIVER as fixed', () => {
        expect(technicalRoles.filter((role) => role.fixed).map((role) => role.name)).toEqual([
            'Admin',
            'DRIVER',
            'TEMP_DRIVER',
        ]);
    });

    it.each(technicalRoles.map((role) => [role.name, role] as const))(
        '%s grants only known actions with their requirements',
        (_name, role) => {
            expect(role.visibilityPath).toBe('');
            expect(role.contexts.length).toBeGreaterThan(0);
            expect(new Set(role.actions).size).toBe(role.actions.length);
            for (const code of role.actions) {
                const action = byCode.get(code);
                expect(action, `${code} is not in domain/actions.ts`).toBeDefined();
                for (const required of action?.requires ?? [])
                    expect(role.actions, `${code} needs ${required}`).toContain(required);
                expect(
                    action?.contexts.some((context) => role.contexts.includes(context)),
                    `${code} is usable in none of ${role.contexts.join(', ')}`,
                ).toBe(true);
            }
        },
    );

    it('gives admin rights only to the admin roles, and tenant-admin only to the organisation admin', () => {
        const holders = (code: string) =>
            technicalRoles.filter((role) => role.actions.includes(code)).map((role) => role.name);
        expect(holders('admin')).toEqual(['Admin', 'Super Admin']);
        expect(holders('super-admin')).toEqual(['Super Admin']);
        expect(holders('tenant-admin')).toEqual(['Organization Admin']);
    });

    it('includes can-assign-permission wherever back-office users, drivers or courier accounts are created or updated', () => {
        for (const role of technicalRoles) {
            if (role.actions.some((code) => /^[cu]:(bo-user|driver|temp-driver)$/.test(code)))
                expect(role.actions).toContain('can-assign-permission');
        }
    });

    it('finds roles by id', () => {
        expect(technicalRole('role-admin').name).toBe('Admin');
        expect(() => technicalRole('nope')).toThrow();
    });
});
