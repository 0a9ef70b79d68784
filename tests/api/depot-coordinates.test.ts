import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Depot } from '../../domain/contracts/depots.js';
import { depots } from '../../server/db/schema/index.js';
import { createDemoApp, type DemoApp } from './helpers/demo-app.js';
import { fresh, loginOf, regionsOf, sender, type Send } from './helpers/depot-fixtures.js';

/**
 * Issue 13 point 18: without a geocoder (no GEOCODER_URL) a depot's coordinates cannot be looked
 * up from its address, so they are required, said as such, not as "address not found".
 */
let demo: DemoApp;
let send: Send;
let orgAdmin: { token: string; tenantId: string };
let groupId: string;

type Answer = Depot & {
    code: string;
    details: { field?: string; rule?: string }[];
};

beforeAll(async () => {
    demo = await createDemoApp();
    send = sender(demo);
    orgAdmin = await loginOf(demo, 'Organization Admin');
    groupId = (await regionsOf(demo.db, orgAdmin.tenantId))[0]?.id ?? '';
}, 120_000);
afterAll(() => demo?.close());

const depotCount = async () =>
    (await demo.db.select({ total: count() }).from(depots))[0]?.total ?? 0;

describe('depot coordinates without a geocoder', () => {
    it('requires latitude and longitude, naming both, and writes nothing', async () => {
        const before = await depotCount();
        const response = await send<Answer>('POST', '/tenant-admin/v1/depots', orgAdmin.token, {
            tenantId: orgAdmin.tenantId,
            groupId,
            externalDepotId: fresh(),
            name: 'Depot ohne Koordinaten',
            street: 'Am Kai',
            houseNo: '7',
            postcode: '20457',
            locality: 'Hamburg',
            countryCode: 'DE',
            timeZone: 'Europe/Berlin',
            deviceMappings: [],
            manualJobUploadEnabled: false,
        });
        expect(response.status).toBe(400);
        expect(response.body.code).toBe('BAD_REQUEST');
        expect(response.body.details).toEqual([
            expect.objectContaining({ field: '/body/latitude', rule: 'required' }),
            expect.objectContaining({ field: '/body/longitude', rule: 'required' }),
        ]);
        expect(await depotCount()).toBe(before);
    });

    it('tells the browser that coordinates cannot be looked up', () => {
        expect(demo.app.appConfig.browser.addressLookup).toBe(false);
    });
});
