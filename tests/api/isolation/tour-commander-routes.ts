import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { positions } from '../../../server/db/schema/partitioned.js';
import type { Probe, RouteCase } from './matrix.js';

/**
 * Matrix rows of the driver-app ingestion (issue 14): back-office users post no driver-app
 * events (only drivers with their own sign-in, integrations with API credentials, trackers with
 * their registered id), and a user token is no tracker credential. Nothing is stored for them.
 */

type Refusal = { code?: string };

const position = (eventId: string) => ({
    eventId,
    type: 'POSITION',
    occurredAt: new Date(Date.now() - 60_000).toISOString(),
    tourId: 'any-tour',
    position: { latitude: 52.5, longitude: 13.4 },
});

/** An event id (letters, digits, `.`, `_`, `:`, `-`) unique to the caller. */
const eventIdOf = (prefix: string, email: string) =>
    `${prefix}-${email}`.replace(/[^A-Za-z0-9._:-]/g, '-').slice(0, 90);

const storedNothing = async ({ db }: Probe, eventId: string) =>
    expect
        .soft(await db.select().from(positions).where(eq(positions.eventId, eventId)))
        .toEqual([]);

export const tourCommanderRoutes: RouteCase[] = [
    {
        route: 'POST /tour-commander/v1/driver-app/events',
        variant: 'a back-office user is no driver: refused, nothing stored',
        async run(probe) {
            const eventId = eventIdOf('iso', probe.subject.email);
            const { status, body } = await probe.send<Refusal>(
                'POST',
                '/tour-commander/v1/driver-app/events',
                { events: [position(eventId)] },
            );
            expect
                .soft({ status, code: body.code })
                .toEqual({ status: 403, code: 'NO_PERMISSION' });
            await storedNothing(probe, eventId);
        },
    },
    {
        route: 'POST /tour-commander/v1/external/driver-app/events',
        variant: 'a user token',
        async run(probe) {
            const eventId = eventIdOf('iso-ext', probe.subject.email);
            const { status, body } = await probe.send<Refusal>(
                'POST',
                '/tour-commander/v1/external/driver-app/events',
                { events: [position(eventId)] },
            );
            expect.soft({ status, code: body.code }).toEqual({ status: 401, code: 'UNAUTHORIZED' });
            await storedNothing(probe, eventId);
        },
    },
    ...(['GET', 'POST'] as const).map((method): RouteCase => ({
        route: `${method} /tour-commander/v1/osmand`,
        variant: 'a user token is no tracker id: unknown (or throttled), nothing stored',
        async run(probe) {
            const query = `id=iso-unknown&lat=52.5&lon=13.4&timestamp=${Math.floor(Date.now() / 1000)}`;
            const response =
                method === 'GET'
                    ? await probe.get<Refusal>(`/tour-commander/v1/osmand?${query}`)
                    : await probe.send<Refusal>('POST', `/tour-commander/v1/osmand?${query}`);
            expect
                .soft([400, 429].includes(response.status) ? response.body.code : response.status)
                .toMatch(/^(UNKNOWN_TRACKER|TOO_MANY_REQUESTS)$/);
        },
    })),
];
