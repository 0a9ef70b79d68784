// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
    AdminContext,
    memoryStore,
    TestMemoryRouter,
    type AuthProvider,
    type DataProvider,
} from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserSettings, UserSettingsPatch } from '../../domain/contracts/settings';
import type { UserProfile } from '../../domain/contracts/profile';
import { defaultUserSettings } from '../../domain/userSettings';
import { englishI18nProvider, mockScreenWidth } from './controls-fixtures';
import { profileWithSettings } from './profile-fixtures';

// The auth provider's in-memory profile (the real module signs in through Amplify).
const kept = vi.hoisted(() => ({ profile: undefined as unknown as UserProfile }));
vi.mock('../../src/authProvider', () => ({
    replaceProfileSettings: async (settings: UserSettings) =>
        void (kept.profile.settings = settings),
}));

const { SettingsPanel } = await import('../../src/customRoutes/profile/SettingsPanel');
const { CONSENT_STORAGE_KEY } = await import('../../src/analytics/consent');

const profile = profileWithSettings;

function setup(settings: UserSettings | null) {
    kept.profile = profile(settings);
    let stored = settings;
    const putSettings = vi.fn(async (all: UserSettings) => (stored = all));
    const patchSetting = vi.fn(
        async ({ settingsKey, settingsValue }: UserSettingsPatch) =>
            (stored = { ...(stored ?? defaultUserSettings), [settingsKey]: settingsValue }),
    );
    const dataProvider = { putSettings, patchSetting } as unknown as DataProvider;
    const authProvider: AuthProvider = {
        login: async () => undefined,
        logout: async () => undefined,
        checkAuth: async () => undefined,
        checkError: async () => undefined,
        getIdentity: async () => ({ id: 'u1', fullName: 'ada@example.com', profile: kept.profile }),
    };
    render(
        <TestMemoryRouter initialEntries={['/my/profile']}>
            <AdminContext
                dataProvider={dataProvider}
                authProvider={authProvider}
                i18nProvider={englishI18nProvider()}
                store={memoryStore()}
            >
                <SettingsPanel />
            </AdminContext>
        </TestMemoryRouter>,
    );
    return { putSettings, patchSetting };
}

const preview = () => screen.getByTestId('settings-preview').textContent;

beforeEach(() => mockScreenWidth(1280));
afterEach(() => {
    cleanup();
    localStorage.clear();
});

describe('SettingsPanel', () => {
    it('creates the settings with PUT, then changes one with PATCH, and applies each at once', async () => {
        const { putSettings, patchSetting } = setup(null);
        await waitFor(() =>
            expect(preview()).toBe('Example: 2026-11-21 14:30 · 1,234.56 · 12.5 km · 25 kg'),
        );

        fireEvent.click(screen.getByRole('radio', { name: /Day\.month\.year/ }));
        await waitFor(() =>
            expect(preview()).toBe('Example: 21.11.2026 14:30 · 1,234.56 · 12.5 km · 25 kg'),
        );
        expect(putSettings).toHaveBeenCalledWith({
            ...defaultUserSettings,
            dateFormat: 'DATE_L_PERIOD',
        });
        expect(kept.profile.settings?.dateFormat).toBe('DATE_L_PERIOD');

        fireEvent.click(screen.getByRole('radio', { name: /Pounds/ }));
        await waitFor(() =>
            expect(preview()).toBe('Example: 21.11.2026 14:30 · 1,234.56 · 12.5 km · 55.12 lb'),
        );
        expect(patchSetting).toHaveBeenCalledWith({
            settingsKey: 'weightFormat',
            settingsValue: 'WEIGHT_IMPERIAL',
        });
        expect(putSettings).toHaveBeenCalledTimes(1);
        expect(screen.getByRole('radio', { name: /Pounds/ })).toHaveProperty('checked', true);
    });

    it('sends quick changes in order: the PATCH waits for the PUT that creates the settings', async () => {
        const { putSettings, patchSetting } = setup(null);
        await waitFor(() => expect(preview()).toContain('2026-11-21'));
        fireEvent.click(screen.getByRole('radio', { name: /Decimal comma/ }));
        fireEvent.click(screen.getByRole('radio', { name: /Miles/ }));
        await waitFor(() =>
            expect(preview()).toBe('Example: 2026-11-21 14:30 · 1.234,56 · 7,77 mi · 25 kg'),
        );
        expect(putSettings).toHaveBeenCalledTimes(1);
        expect(patchSetting).toHaveBeenCalledWith({
            settingsKey: 'lengthFormat',
            settingsValue: 'LENGTH_IMPERIAL',
        });
    });

    it('keeps the previous value and shows the generic error when saving fails', async () => {
        const german: UserSettings = {
            ...defaultUserSettings,
            dateFormat: 'DATE_L_PERIOD',
            numberFormat: 'DE',
        };
        const { patchSetting } = setup(german);
        await waitFor(() =>
            expect(preview()).toBe('Example: 21.11.2026 14:30 · 1.234,56 · 12,5 km · 25 kg'),
        );
        patchSetting.mockRejectedValueOnce(new Error('offline'));
        vi.spyOn(console, 'error').mockImplementation(() => undefined);

        fireEvent.click(screen.getByRole('radio', { name: /12-hour clock/ }));
        const alert = await screen.findByRole('alertdialog');
        expect(alert.textContent).toContain('Something went wrong.');
        fireEvent.click(screen.getByRole('button', { name: 'Close' }));
        await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
        expect(preview()).toBe('Example: 21.11.2026 14:30 · 1.234,56 · 12,5 km · 25 kg');
        expect(screen.getByRole('radio', { name: /24-hour clock/ })).toHaveProperty(
            'checked',
            true,
        );
        expect(kept.profile.settings).toBe(german);
    });

    it('opens the cookie settings, which store the decision', async () => {
        setup(null);
        fireEvent.click(await screen.findByRole('button', { name: 'Cookie settings' }));
        const dialog = await screen.findByRole('dialog', { name: 'Cookie settings' });
        await act(async () =>
            fireEvent.click(within(dialog).getByRole('button', { name: 'Accept all' })),
        );
        expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? 'null')).toMatchObject({
            analytics: true,
        });
    });
});
