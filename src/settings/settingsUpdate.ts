import type { UserSettings, UserSettingsPatch } from '../../domain/contracts/settings';
import type { UserProfile } from '../../domain/contracts/profile';
import { defaultUserSettings, type UserSettingsKey } from '../../domain/userSettings';
import type { AppIdentity } from '../authProvider';

/** react-admin keeps `authProvider.getIdentity()` in react-query under this key (ra-core `useGetIdentity`). */
export const IDENTITY_QUERY_KEY = ['auth', 'getIdentity'] as const;

/** The settings in effect: the saved ones, else the defaults (shell §9). */
export function effectiveSettings(
    profile: Pick<UserProfile, 'settings'> | undefined,
): UserSettings {
    return profile?.settings ?? defaultUserSettings;
}

export type SettingsSaveRequest =
    { method: 'PUT'; settings: UserSettings } | { method: 'PATCH'; patch: UserSettingsPatch };

/**
 * Shell §7: `PUT /users/me/settings` with every setting while none are stored (the others keep
 * their defaults), `PATCH` with `settingsKey`/`settingsValue` once they are.
 */
export function settingsSaveRequest<K extends UserSettingsKey>(
    stored: UserSettings | null,
    key: K,
    value: UserSettings[K],
): SettingsSaveRequest {
    if (stored === null)
        return { method: 'PUT', settings: { ...defaultUserSettings, [key]: value } };
    return {
        method: 'PATCH',
        patch: { settingsKey: key, settingsValue: value } as UserSettingsPatch,
    };
}

/** The identity with the saved settings in its profile (a new object, so every reader re-renders). */
export function identityWithSettings(identity: AppIdentity, settings: UserSettings): AppIdentity {
    return { ...identity, profile: { ...identity.profile, settings } };
}
