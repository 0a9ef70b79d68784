import { HttpError, type AuthProvider, type UserIdentity } from 'ra-core';
import type { UserProfile } from '../domain/contracts/profile';
import type { UserSettings } from '../domain/contracts/settings';
import { canAccessAction } from './access';
import { takeBootProfile } from './bootProfile';
import { dataProvider } from './dataProviders';
import { ApiError } from './dataProviders/apiError';
import { currentAccessToken, endSession } from './accessToken';
import { LOGIN_ROUTE } from './session';

let profileRequest: Promise<UserProfile> | undefined;
/** The profile of the current sign-in once it has arrived (what `profileRequest` resolved to). */
let profile: UserProfile | undefined;

/** The loaded profile, synchronously; undefined before it arrived and after a sign-out. */
export function loadedProfile(): UserProfile | undefined {
    return profile;
}

async function hasSession(): Promise<boolean> {
    try {
        return Boolean(await currentAccessToken());
    } catch {
        return false;
    }
}

/**
 * The signed-in user's profile (`GET /users/me`), fetched once per sign-in and kept in memory.
 * Without a session nothing is sent (queries refetching during a sign-out would only earn a
 * 401); a 401 from the server ends the session (shell §4).
 */
export function loadProfile(): Promise<UserProfile> {
    profileRequest ??= (async () => {
        const booted = await takeBootProfile();
        if (booted) return booted;
        if (!(await hasSession())) throw new HttpError('Not signed in', 401);
        try {
            return await dataProvider.getProfile();
        } catch (error) {
            if (error instanceof HttpError && error.status === 401) await endSession();
            throw error;
        }
    })().then(
        (loaded) => {
            profile = loaded;
            return loaded;
        },
        (error: unknown) => {
            profileRequest = undefined;
            profile = undefined;
            throw error;
        },
    );
    return profileRequest;
}

/**
 * Keeps the in-memory profile in step with settings the user has just saved, so that the
 * identity's next refetch does not bring the old ones back. No-op when no profile is loaded.
 */
export async function replaceProfileSettings(settings: UserSettings): Promise<void> {
    if (!profileRequest) return;
    const profile = await profileRequest.catch(() => undefined);
    if (profile) profile.settings = settings;
}

/** react-admin's identity: `fullName` is the e-mail (shell §2.1 shows users by e-mail); it carries the whole profile. */
export interface AppIdentity extends UserIdentity {
    profile: UserProfile;
}

export const identityOf = (profile: UserProfile): AppIdentity => ({
    id: profile.id,
    fullName: profile.email,
    profile,
});

/** react-admin's view of authentication: Cognito through aws-amplify, permissions from the profile. */
export const authProvider: AuthProvider = {
    /**
     * Sign-in and its steps run in the light sign-in pages (customRoutes/signIn), which react-admin's
     * login page hands over to; this only loads the profile of the session they started.
     */
    async login() {
        profileRequest = undefined;
        profile = undefined;
        try {
            await loadProfile();
        } catch (error) {
            await endSession();
            throw error;
        }
    },
    async logout() {
        await endSession();
        profileRequest = undefined;
        profile = undefined;
        return LOGIN_ROUTE;
    },
    async checkAuth() {
        // `message: false` skips react-admin's "please log in" notification on the way to /login.
        if (!(await hasSession())) throw { redirectTo: LOGIN_ROUTE, message: false };
    },
    /**
     * A 401 signs out. A read refused by an authorization failure leads to its error page
     * (shell §2.3, §8), instead of an empty page; a refused write stays on the page and says so.
     */
    async checkError(error: unknown) {
        const status = (error as { status?: number } | undefined)?.status;
        if (status === 401) throw { redirectTo: LOGIN_ROUTE, message: false };
        if (error instanceof ApiError && error.pageCode && error.method === 'GET')
            throw { redirectTo: `/error/${error.pageCode}`, logoutUser: false, message: false };
    },
    async getIdentity(): Promise<AppIdentity> {
        return identityOf(await loadProfile());
    },
    async getPermissions() {
        return (await loadProfile()).actions;
    },
    async canAccess({ resource, action }) {
        const { actions } = await loadProfile();
        // The context and organisation of the page asking (none outside a browser).
        const pathname = typeof location === 'undefined' ? undefined : location.pathname;
        return canAccessAction(actions, resource, action, pathname);
    },
};
