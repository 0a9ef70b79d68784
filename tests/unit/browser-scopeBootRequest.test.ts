import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DistributionCenter } from '../../domain/contracts/scopes';

const stored = vi.hoisted(() => ({ token: 'token-1' as string | undefined }));
vi.mock('../../src/config', () => ({
    getBrowserConfig: () => ({ cognito: { userPoolClientId: 'client-1' } }),
}));
vi.mock('../../src/session', async (original) => ({
    ...(await original<typeof import('../../src/session')>()),
    storedAccessToken: () => stored.token,
}));

const { prefetchScopeData } = await import('../../src/scope/scopeQueries');

const depot = (externalDepotId: string, locationName: string): DistributionCenter => ({
    internalDepotId: `d${externalDepotId}`,
    externalDepotId,
    locationName,
    tenant: { id: 'nordpaket', name: 'Nordpaket' },
    group: { id: 'g1', name: 'North' },
    countryCode: 'DE',
    timeZone: 'Europe/Berlin',
    path: `nordpaket.DE.g1.d${externalDepotId}`,
    manualJobUploadEnabled: false,
});

/** What index.html's first script leaves for the app (vite.config.ts, `firstLoad`). */
function bootRequest(token: string, body: unknown, status = 200) {
    (globalThis as { __bootRequests?: unknown }).__bootRequests = {
        depots: {
            token,
            response: Promise.resolve(new Response(JSON.stringify(body), { status })),
        },
    };
}

function provider() {
    const calls: string[] = [];
    return {
        calls,
        getDistributionCenters: async () => {
            calls.push('centers');
            return [depot('100', 'Hamburg')];
        },
        getTenantConfiguration: async (tenantId: string) => {
            calls.push(`configuration:${tenantId}`);
            return { id: tenantId, frontend: {} } as never;
        },
    };
}

afterEach(() => {
    delete (globalThis as { __bootRequests?: unknown }).__bootRequests;
    stored.token = 'token-1';
});

describe('the depot list index.html asked for', () => {
    it('is taken instead of a second request, in the shell’s order, once', async () => {
        bootRequest('token-1', [depot('200', 'Berlin'), depot('100', 'Hamburg')]);
        const client = new QueryClient();
        const data = provider();
        const path = '/depot/nordpaket/200/statistics/live-status';
        expect(await prefetchScopeData(client, data, path)).toEqual({
            path: 'nordpaket.DE.g1.d200',
        });
        expect(data.calls).not.toContain('centers');
        expect(
            client
                .getQueryData<DistributionCenter[]>(['app', 'distributionCenters', ''])
                ?.map((center) => center.externalDepotId),
        ).toEqual(['100', '200']);
        // Taken once: a later page load of the list asks the server.
        expect((globalThis as { __bootRequests?: Record<string, unknown> }).__bootRequests).toEqual(
            {},
        );
    });

    it('is not taken when it was sent with another token, or failed', async () => {
        for (const [token, status] of [
            ['token-0', 200],
            ['token-1', 500],
        ] as const) {
            bootRequest(token, [depot('200', 'Berlin')], status);
            const data = provider();
            // The server's list has no depot 200: the early answer was not used.
            expect(
                await prefetchScopeData(new QueryClient(), data, '/depot/nordpaket/200/x'),
            ).toBeUndefined();
            expect(data.calls).toEqual(['centers']);
        }
    });
});
