import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import type { UserSettingsKey } from '../../domain/userSettings';
import type { UserSettings } from '../../domain/contracts/settings';
import { replaceProfileSettings, type AppIdentity } from '../authProvider';
import type { AppDataProvider } from '../dataProviders';
import { useUserProfile } from '../useUserProfile';
import {
    effectiveSettings,
    IDENTITY_QUERY_KEY,
    identityWithSettings,
    settingsSaveRequest,
} from './settingsUpdate';

/** Saves run one after the other, so a PATCH never overtakes the PUT that creates the settings. */
let saving: Promise<unknown> = Promise.resolve();

/**
 * Puts saved settings where every reader finds them: react-admin's identity query (all
 * formatted values on screen change at once) and the auth provider's in-memory profile, which
 * answers the identity query's next refetch and would otherwise bring the old settings back.
 */
async function applySavedSettings(queryClient: QueryClient, settings: UserSettings): Promise<void> {
    queryClient.setQueryData<AppIdentity>(
        IDENTITY_QUERY_KEY,
        (identity) => identity && identityWithSettings(identity, settings),
    );
    await replaceProfileSettings(settings);
}

export interface UseUserSettingsResult {
    /** The settings in effect (defaults until the user saves one). */
    settings: UserSettings;
    /** True when the user has never saved a setting. */
    usesDefaults: boolean;
    /** Saves one setting at once; rejects when the server refuses (nothing changes then). */
    saveSetting: <K extends UserSettingsKey>(key: K, value: UserSettings[K]) => Promise<void>;
}

/** The signed-in user's display settings and the way to change them (shell §2.4, §7). */
export function useUserSettings(): UseUserSettingsResult {
    const { profile } = useUserProfile();
    const dataProvider = useDataProvider<AppDataProvider>();
    const queryClient = useQueryClient();

    const saveSetting = useCallback(
        <K extends UserSettingsKey>(key: K, value: UserSettings[K]) => {
            const save = async () => {
                // Read at the time of sending: an earlier save in the queue may have created the settings.
                const stored =
                    queryClient.getQueryData<AppIdentity>(IDENTITY_QUERY_KEY)?.profile.settings ??
                    null;
                const request = settingsSaveRequest(stored, key, value);
                const saved =
                    request.method === 'PUT'
                        ? await dataProvider.putSettings(request.settings)
                        : await dataProvider.patchSetting(request.patch);
                await applySavedSettings(queryClient, saved);
            };
            const result = saving.then(save, save);
            saving = result.catch(() => undefined);
            return result;
        },
        [dataProvider, queryClient],
    );

    return { settings: effectiveSettings(profile), usesDefaults: !profile?.settings, saveSetting };
}
