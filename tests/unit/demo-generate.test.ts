import { describe, expect, it } from 'vitest';
import { isScopePath, splitScopePath } from '../../domain/scopePath.js';
import { countDemoData, generateDemoData } from '../../server/demo/generate.js';

const data = generateDemoData('unit-test-seed');
const ID = /^[0-9a-hjkmnp-tv-z]{16}$/;
const appTypes = new Set(['Driver', 'TempDriver']);

describe('generateDemoData', () => {
    it('is deterministic: the same seed gives deep-equal data, another seed different data', () => {
        expect(generateDemoData('unit-test-seed')).toEqual(data);
        const other = generateDemoData('another-seed');
        expect(other.depots.map((depot) => depot.internalDepotId)).not.toEqual(
            data.depots.map((depot) => depot.internalDepotId),
        );
        expect(other.logins.map((login) => login.password)).not.toEqual(
            data.logins.map((login) => login.password),
        );
    });

    it('has the promised amounts', () => {
        const counts = countDemoData(data);
        expect(counts.tenants).toBe(3);
        expect(new Set(data.tenants.map((tenant) => tenant.countryCode)).size).toBe(3);
        expect(counts.depots).toBeGreaterThanOrEqual(20);
        expect(counts.depots).toBeLessThanOrEqual(30);
        expect(counts.subcontractors).toBeGreaterThanOrEqual(35);
        expect(counts.subcontractors).toBeLessThanOrEqual(45);
        expect(counts.vehicles).toBe(400);
        expect(data.users.filter((user) => appTypes.has(user.type)).length).toBe(800);
        const staff = data.users.filter((user) => !appTypes.has(user.type)).length;
        expect(staff).toBeGreaterThanOrEqual(50);
        expect(staff).toBeLessThanOrEqual(70);
        expect(counts.tenantConfigRevisions).toBe(3);
        expect(counts.depotConfigRevisions).toBeGreaterThan(0);
        expect(data.auditLog).toEqual([
            expect.objectContaining({
                action: 'demo-seed',
                changes: expect.objectContaining({ users: counts.users }),
            }),
        ]);
    });

    it('gives organisations valid ids, 2-3 regions, business hours and a configuration', () => {
        for (const tenant of data.tenants) {
            expect(tenant.id).toMatch(/^[A-Za-z0-9_-]+$/);
            expect(tenant.businessHoursFrom).toMatch(/^\d\d:\d\d$/);
            expect(tenant.businessHoursTo).toMatch(/^\d\d:\d\d$/);
            const regions = data.depotGroups.filter((group) => group.tenantId === tenant.id);
            expect(regions.length).toBeGreaterThanOrEqual(2);
            expect(regions.length).toBeLessThanOrEqual(3);
            const config = data.tenantConfigRevisions.find(
                (revision) => revision.tenantId === tenant.id,
            );
            expect(config?.revision).toBe(1);
            expect(config?.document).toMatchObject({
                frontend: {
                    businessHours: { from: tenant.businessHoursFrom, to: tenant.businessHoursTo },
                    maxTemporaryUsersPerDepot: 20,
                    deviceMappingServices: ['mdm'],
                },
            });
        }
    });

    it('places depots at European coordinates with valid time zones and well-formed paths', () => {
        const external = new Set<string>();
        const mappings = new Set<string>();
        for (const depot of data.depots) {
            expect(depot.internalDepotId).toMatch(ID);
            expect(depot.latitude).toBeGreaterThan(35);
            expect(depot.latitude).toBeLessThan(60);
            expect(depot.longitude).toBeGreaterThan(-10);
            expect(depot.longitude).toBeLessThan(25);
            expect(() => new Intl.DateTimeFormat('en', { timeZone: depot.timeZone })).not.toThrow();
            expect(depot.timeZone).toMatch(/^Europe\/[A-Z][a-z]+$/);
            expect(depot.externalDepotId).toMatch(/^\d{3,4}$/);
            expect(depot.street.length).toBeGreaterThan(3);
            expect(depot.postcode).toMatch(/^\d{4,5}$/);
            external.add(`${depot.tenantId}/${depot.externalDepotId}`);
            for (const mapping of depot.deviceMappings ?? [])
                mappings.add(`${mapping.service}:${mapping.id}`);
            const group = data.depotGroups.find((candidate) => candidate.id === depot.groupId);
            expect(group?.tenantId).toBe(depot.tenantId);
            expect(depot.scopePath).toBe(
                `${depot.tenantId}.${depot.countryCode}.${depot.groupId}.${depot.internalDepotId}`,
            );
        }
        expect(external.size).toBe(data.depots.length);
        expect(mappings.size).toBe(data.depots.length);
        expect(new Set(data.depots.map((depot) => depot.timeZone)).size).toBeGreaterThanOrEqual(4);
        expect(data.depots.some((depot) => depot.manualJobUploadEnabled)).toBe(true);
    });

    it('gives every subcontractor a five-part path under its depot and unique names and codes per depot', () => {
        const depots = new Map(data.depots.map((depot) => [depot.internalDepotId, depot]));
        for (const suco of data.subcontractors) {
            const depot = depots.get(suco.depotId);
            expect(suco.scopePath).toBe(`${depot?.scopePath}.${suco.id}`);
            expect(splitScopePath(suco.scopePath)).toHaveLength(5);
            expect(suco.tenantId).toBe(depot?.tenantId);
        }
        const keys = (pick: (suco: (typeof data.subcontractors)[number]) => string) =>
            new Set(data.subcontractors.map((suco) => `${suco.depotId}/${pick(suco)}`)).size;
        expect(keys((suco) => suco.name)).toBe(data.subcontractors.length);
        expect(keys((suco) => suco.code)).toBe(data.subcontractors.length);
    });

    it('numbers vehicles with 4 digits, unique per depot, each with its subcontractor and mostly a regular driver', () => {
        const sucos = new Map(data.subcontractors.map((suco) => [suco.id, suco]));
        const users = new Map(data.users.map((user) => [user.id, user]));
        expect(
            new Set(data.vehicles.map((vehicle) => `${vehicle.depotId}/${vehicle.number}`)).size,
        ).toBe(400);
        for (const vehicle of data.vehicles) {
            expect(vehicle.number).toMatch(/^\d{4}$/);
            const suco = sucos.get(vehicle.subcontractorId);
            expect(suco?.depotId).toBe(vehicle.depotId);
            expect(vehicle.scopePath).toBe(suco?.scopePath);
            if (vehicle.baseDriverId) {
                const driver = users.get(vehicle.baseDriverId);
                expect(driver?.type).toBe('Driver');
                expect(driver?.subcontractorId).toBe(vehicle.subcontractorId);
                expect(driver?.vehicleId).toBe(vehicle.id);
            }
        }
        expect(data.vehicles.filter((vehicle) => vehicle.baseDriverId).length).toBeGreaterThan(300);
    });

    it('keeps every scope path well-formed and pointing at existing entities', () => {
        const known = new Set<string>(['', ...data.tenants.map((tenant) => tenant.id)]);
        for (const depot of data.depots) {
            known.add(depot.scopePath);
            known.add(splitScopePath(depot.scopePath).slice(0, 3).join('.'));
        }
        for (const suco of data.subcontractors) known.add(suco.scopePath);
        const paths = [
            ...data.permissionAssignments.map((assignment) => assignment.scopePath),
            ...data.users.flatMap((user) => (user.scopePath ? [user.scopePath] : [])),
            ...data.vehicles.map((vehicle) => vehicle.scopePath),
        ];
        for (const path of paths) {
            expect(isScopePath(path)).toBe(true);
            expect(known.has(path), path).toBe(true);
        }
    });

    it('has driver-app logins of every app account type over the whole previous and current month, at most one per account and day', () => {
        const appUsers = new Map(
            data.users.filter((user) => appTypes.has(user.type)).map((user) => [user.id, user]),
        );
        const sucos = new Map(data.subcontractors.map((suco) => [suco.id, suco]));
        expect(data.driverLogins.length).toBeGreaterThan(5_000);
        const days = new Set<string>();
        for (const login of data.driverLogins) {
            const user = appUsers.get(login.userId);
            expect(user, login.userId).toBeDefined();
            const suco = sucos.get(user?.subcontractorId ?? '');
            expect({ tenantId: login.tenantId, depotId: login.depotId }).toEqual({
                tenantId: suco?.tenantId,
                depotId: suco?.depotId,
            });
            expect(login.scopePath).toBe(suco?.scopePath);
            expect(login.minutesAgo).toBeGreaterThan(0);
            // 62 days back always cover the whole previous calendar month.
            expect(login.minutesAgo).toBeLessThan(62 * 24 * 60);
            const day = `${login.userId}@${Math.floor(login.minutesAgo / (24 * 60))}`;
            expect(days.has(day), day).toBe(false);
            days.add(day);
            if (user?.active === false) expect(login.minutesAgo).toBeGreaterThan(14 * 24 * 60);
        }
        expect(new Set(data.driverLogins.map((login) => appUsers.get(login.userId)?.type))).toEqual(
            new Set(['Driver', 'TempDriver']),
        );
        expect(
            new Set(data.driverLogins.map((login) => Math.floor(login.minutesAgo / (24 * 60))))
                .size,
        ).toBe(62);
    });
});
