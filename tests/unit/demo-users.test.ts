import { describe, expect, it } from 'vitest';
import { backOfficeUserTypes, userTypes } from '../../domain/enums.js';
import { technicalRoles } from '../../domain/roles.js';
import { splitScopePath } from '../../domain/scopePath.js';
import { generateDemoData } from '../../server/demo/generate.js';

const data = generateDemoData('unit-test-seed');
const appTypes = new Set(['Driver', 'TempDriver']);
const appUsers = data.users.filter((user) => appTypes.has(user.type));
const staff = data.users.filter((user) => !appTypes.has(user.type));
const identities = new Map(data.identities.map((identity) => [identity.sub, identity]));
const depots = new Map(data.depots.map((depot) => [depot.internalDepotId, depot]));
const sucos = new Map(data.subcontractors.map((suco) => [suco.id, suco]));
const callingCodes: Record<string, string> = { DE: '49', AT: '43', IT: '39', FR: '33', CH: '41' };
const rolesById = new Map(technicalRoles.map((role) => [role.id, role]));

/** Shell §5: a plus, a known calling code, 4 to 20 digits, at most 16 characters. */
const isBackOfficePhone = (phone: string) =>
    phone.length <= 16 && /^\+(49|43|39|33|41)\d{4,20}$/.test(phone);
const isPassword = (password: string) =>
    password.length >= 10 &&
    /\d/.test(password) &&
    /[^A-Za-z0-9]/.test(password) &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password);

describe('demo users', () => {
    it('covers every user type and every technical role', () => {
        expect(new Set(data.users.map((user) => user.type))).toEqual(new Set(userTypes));
        const assigned = new Set(data.permissionAssignments.map((assignment) => assignment.roleId));
        for (const role of technicalRoles) expect(assigned.has(role.id), role.name).toBe(true);
    });

    it('links every user to its own identity, with unique e-mails, usernames and phones', () => {
        expect(new Set(data.users.map((user) => user.identitySub)).size).toBe(data.users.length);
        for (const user of data.users) {
            expect(user.id).toMatch(/^[0-9a-hjkmnp-tv-z]{16}$/);
            expect(user.identitySub).toMatch(
                /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
            );
            expect(identities.has(user.identitySub ?? '')).toBe(true);
            expect(user.firstName.trim().length).toBeGreaterThanOrEqual(2);
            expect(user.lastName.length).toBeLessThanOrEqual(40);
        }
        const distinct = (values: (string | null | undefined)[]) =>
            new Set(values.filter(Boolean)).size === values.filter(Boolean).length;
        expect(distinct(data.users.map((user) => user.email?.toLowerCase()))).toBe(true);
        expect(distinct(data.users.map((user) => user.username?.toUpperCase()))).toBe(true);
        expect(distinct(data.users.flatMap((user) => [user.mobilePhone, user.landLine]))).toBe(
            true,
        );
        expect(distinct(data.identities.map((identity) => identity.username.toLowerCase()))).toBe(
            true,
        );
    });

    it('gives drivers and courier accounts valid usernames, phones and paths, and no password', () => {
        for (const user of appUsers) {
            const suco = sucos.get(user.subcontractorId ?? '');
            const depot = depots.get(suco?.depotId ?? '');
            expect(user.scopePath).toBe(suco?.scopePath);
            expect(user.driverType).toBe(user.type === 'Driver' ? 'DRIVER' : 'TEMP_DRIVER');
            expect(user.mobilePhone).toMatch(/^\+\d{8,14}$/);
            expect(user.mobilePhone?.startsWith(`+${callingCodes[depot?.countryCode ?? '']}`)).toBe(
                true,
            );
            const identity = identities.get(user.identitySub ?? '');
            expect(identity?.password).toBeUndefined();
            if (user.tenantId === 'pacchi-veloci') {
                expect(user.username).toMatch(/^(?=[A-Z0-9]{1,6}$)[A-Z0-9]{0,2}\d*$/);
                expect(identity?.username).toBe(user.email);
                expect(user.email).toMatch(/^[a-z0-9]+@pacchi-veloci\.example\.com$/);
            } else {
                expect(user.username).toMatch(/^[0-9A-Z]{1,20}$/);
                expect(identity?.username).toBe(user.username?.toLowerCase());
            }
            if (user.vehicleId)
                expect(
                    data.vehicles.find((vehicle) => vehicle.id === user.vehicleId)?.subcontractorId,
                ).toBe(user.subcontractorId);
        }
        const couriersPerDepot = new Map<string, number>();
        for (const user of appUsers.filter((candidate) => candidate.type === 'TempDriver')) {
            const depotId = sucos.get(user.subcontractorId ?? '')?.depotId ?? '';
            couriersPerDepot.set(depotId, (couriersPerDepot.get(depotId) ?? 0) + 1);
        }
        expect(Math.max(...couriersPerDepot.values())).toBeLessThanOrEqual(20);
    });

    it('gives back-office users e-mail logins, valid optional phones and distinct strong passwords', () => {
        const passwords = staff.map(
            (user) => identities.get(user.identitySub ?? '')?.password ?? '',
        );
        for (const [index, user] of staff.entries()) {
            expect(backOfficeUserTypes).toContain(user.type);
            expect(user.email).toMatch(/^[a-z0-9.]+@[a-z-]+\.example\.com$/);
            expect(identities.get(user.identitySub ?? '')?.username).toBe(user.email);
            for (const phone of [user.mobilePhone, user.landLine])
                if (phone) expect(isBackOfficePhone(phone), phone).toBe(true);
            expect(isPassword(passwords[index] ?? ''), passwords[index]).toBe(true);
        }
        expect(new Set(passwords).size).toBe(staff.length);
    });

    it('scopes every assignment at the level of its role', () => {
        const usersById = new Map(data.users.map((user) => [user.id, user]));
        for (const assignment of data.permissionAssignments) {
            const role = rolesById.get(assignment.roleId);
            const user = usersById.get(assignment.userId);
            const segments = splitScopePath(assignment.scopePath).length;
            expect(role, assignment.roleId).toBeDefined();
            if (role?.contexts.includes('ADMIN')) expect(assignment.scopePath).toBe('');
            else if (role?.contexts.includes('SUBCONTRACTOR')) expect(segments).toBe(5);
            else if (role?.contexts.includes('TENANT')) expect(segments).toBeLessThanOrEqual(1);
            else expect([3, 4]).toContain(segments);
            expect(assignment.tenantId ?? '').toBe(splitScopePath(assignment.scopePath)[0] ?? '');
            if (user?.tenantId) expect(splitScopePath(assignment.scopePath)[0]).toBe(user.tenantId);
            if (role?.contexts.includes('SUBCONTRACTOR') && !appTypes.has(user?.type ?? '')) {
                expect(['SubContractorManager', 'SubContractorUser']).toContain(user?.type);
                expect(user?.scopePath).toBe(assignment.scopePath);
            }
        }
        for (const user of staff)
            expect(
                data.permissionAssignments.some((assignment) => assignment.userId === user.id),
            ).toBe(true);
    });

    it('lists one demo sign-in per role held by back-office users and covers every back-office user type', () => {
        const roleNames = technicalRoles
            .filter((role) => !['DRIVER', 'TEMP_DRIVER'].includes(role.name))
            .map((role) => role.name);
        expect(data.logins.map((login) => login.role)).toEqual(expect.arrayContaining(roleNames));
        expect(new Set(data.logins.map((login) => login.userType))).toEqual(
            new Set(backOfficeUserTypes),
        );
        expect(data.logins.find((login) => login.role === 'Admin')?.userType).toBe('Admin');
        for (const login of data.logins) {
            const user = staff.find((candidate) => candidate.email === login.email);
            expect(user?.type).toBe(login.userType);
            expect(identities.get(user?.identitySub ?? '')?.password).toBe(login.password);
        }
        expect(new Set(data.logins.map((login) => login.password)).size).toBe(data.logins.length);
    });
});
