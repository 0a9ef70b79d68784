import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMachineTokens } from '../../server/access/machine-tokens.js';
import { seedFixtures } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Machine tokens remembered after their first verification stay as strict as before. */

let t: TestApp;

beforeAll(async () => {
    t = await createTestApp();
    await seedFixtures(t.db);
});

afterAll(async () => {
    await t.close();
});

const claims = {
    credentialId: 'cred-1',
    clientId: 'pbo_cred1',
    tenantId: 'tenant-1',
    scopes: ['events:write' as const],
};

describe('machine tokens', () => {
    it('answers the same claims for a token verified again', async () => {
        const tokens = createMachineTokens(t.db, t.config);
        const { token } = await tokens.issue(claims, 600);
        const first = await tokens.verify(token);
        expect(first).toMatchObject({ credentialId: 'cred-1', scopes: ['events:write'] });
        expect(await tokens.verify(token)).toEqual(first);
    });

    it('refuses a remembered token once it has expired', async () => {
        const tokens = createMachineTokens(t.db, t.config);
        const { token } = await tokens.issue(claims, 1);
        expect(await tokens.verify(token)).toBeDefined();
        // Past its expiry and the verification's 5 s clock tolerance.
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(Date.now() + 7_000);
        try {
            expect(await tokens.verify(token)).toBeUndefined();
        } finally {
            vi.useRealTimers();
        }
    });

    it('refuses a token whose signature was changed, remembered or not', async () => {
        const tokens = createMachineTokens(t.db, t.config);
        const { token } = await tokens.issue(claims, 600);
        await tokens.verify(token);
        const [header, payload, signature] = token.split('.');
        const forged = `${header}.${payload}.${signature?.slice(0, -4)}AAAA`;
        expect(await tokens.verify(forged)).toBeUndefined();
    });
});
