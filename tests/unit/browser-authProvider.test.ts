import { HttpError } from 'ra-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyProfileActions } from '../../domain/permissions';
import type { UserProfile } from '../../domain/contracts/profile';

const identity = vi.hoisted(() => ({
    getAccessToken: vi.fn<() => Promise<string | undefined>>(),
    endSession: vi.fn(async () => undefined),
}));
const backOffice = vi.hoisted(() => ({ getProfile: vi.fn<() => Promise<unknown>>() }));

vi.mock('../../src/accessToken', () => ({
    currentAccessToken: identity.getAccessToken,
    endSession: identity.endSession,
}));
vi.mock('../../src/dataProviders', () => ({ dataProvider: backOffice }));

const { authProvider, loadProfile } = await import('../../src/authProvider');

const profile = (admin: boolean): UserProfile => ({
    id: 'u1',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    initials: 'AL',
    mobilePhone: null,
    landLine: null,
    created: '2025-01-01T00:00:00Z',
    lastLogin: null,
    settings: null,
    permissions: [],
    actions: { ...emptyProfileActions(), ADMIN: admin ? ['admin'] : [] },
    tenants: [],
    type: 'BackofficeManager',
    version: 1,
});

beforeEach(async () => {
    vi.clearAllMocks();
    identity.getAccessToken.mockResolvedValue('token');
    await authProvider.logout({});
    vi.clearAllMocks();
    identity.getAccessToken.mockResolvedValue('token');
});

describe('authProvider', () => {
    it('fetches the profile once per sign-in', async () => {
        backOffice.getProfile.mockResolvedValue(profile(true));
        await authProvider.login({});
        await loadProfile();
        await authProvider.getIdentity?.();
        expect(backOffice.getProfile).toHaveBeenCalledOnce();
        expect(await authProvider.getIdentity?.()).toMatchObject({
            id: 'u1',
            fullName: 'ada@example.com',
        });
    });

    it('ends a session whose profile cannot be loaded after the sign-in', async () => {
        backOffice.getProfile.mockRejectedValue(new HttpError('Forbidden', 403));
        await expect(authProvider.login({})).rejects.toBeInstanceOf(HttpError);
        expect(identity.endSession).toHaveBeenCalledOnce();
    });

    it('sends nothing without a session', async () => {
        identity.getAccessToken.mockResolvedValue(undefined);
        await expect(loadProfile()).rejects.toMatchObject({ status: 401 });
        expect(backOffice.getProfile).not.toHaveBeenCalled();
        expect(identity.endSession).not.toHaveBeenCalled();
    });

    it('ends the session when /users/me answers 401', async () => {
        backOffice.getProfile.mockRejectedValue(new HttpError('Unauthorized', 401));
        await expect(loadProfile()).rejects.toBeInstanceOf(HttpError);
        expect(identity.endSession).toHaveBeenCalledOnce();
    });

    it('checks the session and sends a lost one to /login', async () => {
        await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
        identity.getAccessToken.mockRejectedValue(new Error('refresh failed'));
        await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
        await expect(authProvider.checkError({ status: 401 })).rejects.toMatchObject({
            redirectTo: '/login',
        });
        await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    });

    it('lets admins access every resource and others only with the feature', async () => {
        backOffice.getProfile.mockResolvedValue(profile(true));
        expect(await authProvider.canAccess?.({ resource: 'depots', action: 'list' })).toBe(true);
        await authProvider.logout({});
        backOffice.getProfile.mockResolvedValue(profile(false));
        expect(await authProvider.canAccess?.({ resource: 'depots', action: 'list' })).toBe(false);
    });
});
