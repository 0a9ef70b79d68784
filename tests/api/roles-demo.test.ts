import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../domain/contracts/roles.js';
import { DRIVER_ROLE_ID, TEMP_DRIVER_ROLE_ID } from '../../domain/roles.js';
import { createDemoApp, type DemoApp } from './helpers/demo-app.js';

let demo: DemoApp;
beforeAll(async () => {
    demo = await createDemoApp();
}, 180_000);
afterAll(() => demo?.close());

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('roles of the demo data', () => {
    it('has every technical role of domain §6, read-only and without an organisation', async () => {
        const admin = demo.logins.find((login) => login.role === 'Admin');
        if (!admin) throw new Error('no admin login');
        const token = await demo.signIn(admin.email);
        const { status, body } = await demo.get<Role[]>(
            `/api/roles?filter=${q({})}&range=${q([0, 499])}`,
            token,
        );
        expect(status).toBe(200);
        const technical = new Map(
            body.filter((role) => role.technical).map((role) => [role.name, role]),
        );
        // Domain §6 names; Courier-Account and Driver app account are our TEMP_DRIVER and DRIVER.
        const expected = [
            'Admin',
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
            'TEMP_DRIVER',
            'DRIVER',
            'Organization Admin',
            'Standard Access (Tenant)',
        ];
        expect(expected.filter((name) => !technical.has(name))).toEqual([]);
        for (const role of technical.values())
            expect(role, role.name).toMatchObject({
                tenantId: null,
                visibilityPath: '',
                technical: true,
            });
        expect(technical.get('DRIVER')).toMatchObject({
            id: DRIVER_ROLE_ID,
            fixed: true,
            contexts: ['SUBCONTRACTOR'],
        });
        expect(technical.get('TEMP_DRIVER')).toMatchObject({
            id: TEMP_DRIVER_ROLE_ID,
            fixed: true,
        });
        expect(technical.get('Admin')).toMatchObject({
            fixed: true,
            contexts: ['ADMIN'],
            actions: ['admin'],
        });
        // Demo users hold them: the organisation admin role is assigned in every organisation.
        expect(technical.get('Organization Admin')?.assignedUsers).toBeGreaterThanOrEqual(
            demo.data.tenants.length,
        );
    });

    it("shows an organisation admin the organisation's list with the technical roles", async () => {
        const login = demo.logins.find((candidate) => candidate.role === 'Organization Admin');
        if (!login) throw new Error('no organisation admin login');
        const token = await demo.signIn(login.email);
        const tenantId = demo.data.users.find((user) => user.email === login.email)?.tenantId ?? '';
        const { status, body } = await demo.get<Role[]>(
            `/api/roles?filter=${q({ tenantId })}&range=${q([0, 99])}`,
            token,
        );
        expect(status).toBe(200);
        expect(body.every((role) => role.technical || role.tenantId === tenantId)).toBe(true);
        expect(body.filter((role) => role.technical).length).toBeGreaterThanOrEqual(15);
    });
});
