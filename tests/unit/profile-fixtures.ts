import type { AuthProvider } from 'react-admin';
import { emptyProfileActions } from '../../domain/permissions';
import type { UserProfile } from '../../domain/contracts/profile';
import type { UserSettings } from '../../domain/contracts/settings';

/** A signed-in user's profile without permissions, with the given settings. */
export const profileWithSettings = (settings: UserSettings | null): UserProfile => ({
    id: 'u1',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    initials: 'AL',
    mobilePhone: null,
    landLine: null,
    created: '2025-01-01T00:00:00Z',
    lastLogin: null,
    settings,
    permissions: [],
    actions: emptyProfileActions(),
    tenants: [],
    type: 'BackofficeManager',
    version: 1,
});

/** An auth provider whose signed-in user is `viewer` (react-admin reads the profile from the identity). */
export const authProviderOf = (viewer: UserProfile): AuthProvider => ({
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getIdentity: async () => ({ id: viewer.id, profile: viewer }),
});
