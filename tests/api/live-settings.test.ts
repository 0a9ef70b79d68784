import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depotConfigRevisions, tenants } from '../../server/db/schema/index.js';
import {
    liveSettingsOf,
    liveSettingsOfDepots,
} from '../../server/services/tour-commander/live/live-settings.js';
import { ids, seedFixtures } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The settings a depot's live status follows (docs/live-status.md, "Business hours"): the
 * organisation's business hours, with the depot's client configuration over them when it sets
 * valid ones; the refresh interval the same way.
 */
let t: TestApp;

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
    await t.db
        .update(tenants)
        .set({ businessHoursFrom: '06:00', businessHoursTo: '20:00' })
        .where(eq(tenants.id, ids.north));
    await t.db.insert(depotConfigRevisions).values([
        {
            id: 'cfg-berlin-1',
            tenantId: ids.north,
            depotId: ids.berlin,
            revision: 1,
            document: { frontend: { businessHours: { from: '00:00', to: '23:59' } } },
        },
        {
            id: 'cfg-hamburg-1',
            tenantId: ids.north,
            depotId: ids.hamburg,
            revision: 1,
            document: {
                frontend: {
                    businessHours: { from: '25:00', to: '23:59' },
                    liveDashboardRefreshIntervalInSec: 20,
                },
            },
        },
    ]);
});
afterAll(async () => {
    await t.close();
});

describe('live settings', () => {
    it("takes a depot's own business hours over the organisation's", async () => {
        expect((await liveSettingsOf(t.db, ids.north, ids.berlin))?.businessHours).toEqual({
            from: '00:00',
            to: '23:59',
        });
        const byDepot = await liveSettingsOfDepots(t.db, ids.north);
        expect(byDepot.get(ids.berlin)?.businessHours).toEqual({ from: '00:00', to: '23:59' });
    });

    it("keeps the organisation's for a depot with invalid or no own hours", async () => {
        const hamburg = await liveSettingsOf(t.db, ids.north, ids.hamburg);
        expect(hamburg?.businessHours).toEqual({ from: '06:00', to: '20:00' });
        expect(hamburg?.liveDashboardRefreshIntervalInSec).toBe(20);
        expect((await liveSettingsOf(t.db, ids.north, ids.munich))?.businessHours).toEqual({
            from: '06:00',
            to: '20:00',
        });
        const byDepot = await liveSettingsOfDepots(t.db, ids.north);
        expect(byDepot.get(ids.hamburg)?.businessHours).toEqual({ from: '06:00', to: '20:00' });
        expect(byDepot.get('')?.businessHours).toEqual({ from: '06:00', to: '20:00' });
    });
});
