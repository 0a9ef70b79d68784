import { beforeEach, describe, expect, it, vi } from 'vitest';

const identity = vi.hoisted(() => ({ leaveToLogin: vi.fn(async () => undefined) }));
const stored = vi.hoisted(() => ({ token: undefined as string | undefined }));

vi.mock('../../src/identity', () => identity);
vi.mock('../../src/config', () => ({
    getBrowserConfig: () => ({ cognito: { userPoolClientId: 'client-1' } }),
}));
vi.mock('../../src/session', () => ({
    storedAccessToken: (clientId: string) => (clientId === 'client-1' ? stored.token : undefined),
}));

const { leaveToLogin } = await import('../../src/accessToken');
const reload = vi.fn();

beforeEach(() => {
    vi.clearAllMocks();
    vi.stubGlobal('window', { location: { reload } });
    stored.token = undefined;
});

describe('leaveToLogin', () => {
    it('ends the session when nothing valid is stored', async () => {
        await leaveToLogin(['old', undefined]);
        expect(identity.leaveToLogin).toHaveBeenCalledOnce();
        expect(reload).not.toHaveBeenCalled();
    });

    it('ends the session when the stored token is the one that was refused', async () => {
        stored.token = 'old';
        await leaveToLogin(['old', undefined]);
        expect(identity.leaveToLogin).toHaveBeenCalledOnce();
        stored.token = 'fresh';
        await leaveToLogin(['old', 'fresh']);
        expect(identity.leaveToLogin).toHaveBeenCalledTimes(2);
        expect(reload).not.toHaveBeenCalled();
    });

    it('keeps a session another tab has started since, and reloads into it', async () => {
        // This tab's tokens were removed (signed out elsewhere); the refused request went without one.
        stored.token = 'signed-in-again';
        await leaveToLogin([undefined, undefined]);
        expect(identity.leaveToLogin).not.toHaveBeenCalled();
        expect(reload).toHaveBeenCalledOnce();
    });

    it('always ends the session when called without the refused tokens', async () => {
        stored.token = 'valid';
        await leaveToLogin();
        expect(identity.leaveToLogin).toHaveBeenCalledOnce();
        expect(reload).not.toHaveBeenCalled();
    });
});
