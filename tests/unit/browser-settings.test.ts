import { describe, expect, it } from 'vitest';
import { createFormatters } from '../../domain/formatting';
import {
    defaultUserSettings,
    userSettingsKeys,
    userSettingsOptions,
} from '../../domain/userSettings';
import type { UserSettings } from '../../domain/contracts/settings';
import type { AppIdentity } from '../../src/authProvider';
import { optionExample, settingsPreview } from '../../src/settings/settingsExamples';
import {
    effectiveSettings,
    IDENTITY_QUERY_KEY,
    identityWithSettings,
    settingsSaveRequest,
} from '../../src/settings/settingsUpdate';
import { profileWithSettings } from './profile-fixtures';

const german: UserSettings = {
    dateFormat: 'DATE_L_PERIOD',
    timeFormat: 'TIME_24_HOURS',
    lengthFormat: 'LENGTH_METRIC',
    weightFormat: 'WEIGHT_METRIC',
    numberFormat: 'DE',
};

const profile = profileWithSettings;

describe('settingsSaveRequest', () => {
    it('PUTs every setting (defaults plus the change) while none are stored', () => {
        expect(settingsSaveRequest(null, 'weightFormat', 'WEIGHT_IMPERIAL')).toEqual({
            method: 'PUT',
            settings: { ...defaultUserSettings, weightFormat: 'WEIGHT_IMPERIAL' },
        });
    });

    it('PATCHes the one setting once settings are stored', () => {
        expect(settingsSaveRequest(german, 'dateFormat', 'DATE_B_SLASH')).toEqual({
            method: 'PATCH',
            patch: { settingsKey: 'dateFormat', settingsValue: 'DATE_B_SLASH' },
        });
    });
});

describe('the cached identity', () => {
    it("is react-admin's identity query", () => {
        expect(IDENTITY_QUERY_KEY).toEqual(['auth', 'getIdentity']);
    });

    it('gets the saved settings in new objects, the rest unchanged', () => {
        const identity: AppIdentity = {
            id: 'u1',
            fullName: 'ada@example.com',
            profile: profile(null),
        };
        const updated = identityWithSettings(identity, german);
        expect(updated).not.toBe(identity);
        expect(updated.profile).not.toBe(identity.profile);
        expect(updated.profile.settings).toBe(german);
        expect(updated.profile.email).toBe('ada@example.com');
        expect(identity.profile.settings).toBeNull();
    });

    it('falls back to the defaults without stored settings', () => {
        expect(effectiveSettings(undefined)).toBe(defaultUserSettings);
        expect(effectiveSettings(profile(null))).toBe(defaultUserSettings);
        expect(effectiveSettings(profile(german))).toBe(german);
    });
});

describe('settings examples', () => {
    it('renders each option in its own format, the other settings as chosen', () => {
        expect(optionExample('dateFormat', 'DATE_L_PERIOD', defaultUserSettings)).toBe(
            '21.11.2026',
        );
        expect(optionExample('dateFormat', 'DATE_L_SLASH', defaultUserSettings)).toBe('21/11/2026');
        expect(optionExample('dateFormat', 'DATE_B_SLASH', defaultUserSettings)).toBe('11/21/2026');
        expect(optionExample('dateFormat', 'DATE_M_DASH', defaultUserSettings)).toBe('2026-11-21');
        expect(optionExample('timeFormat', 'TIME_24_HOURS', defaultUserSettings)).toBe('14:30');
        expect(optionExample('timeFormat', 'TIME_12_HOURS_A', defaultUserSettings)).toBe('2:30 PM');
        expect(optionExample('numberFormat', 'EN', german)).toBe('1,234.56');
        expect(optionExample('numberFormat', 'DE', defaultUserSettings)).toBe('1.234,56');
        expect(optionExample('lengthFormat', 'LENGTH_METRIC', defaultUserSettings)).toBe('12.5 km');
        expect(optionExample('lengthFormat', 'LENGTH_IMPERIAL', defaultUserSettings)).toBe(
            '7.77 mi',
        );
        expect(optionExample('lengthFormat', 'LENGTH_IMPERIAL', german)).toBe('7,77 mi');
        expect(optionExample('weightFormat', 'WEIGHT_METRIC', defaultUserSettings)).toBe('25 kg');
        expect(optionExample('weightFormat', 'WEIGHT_IMPERIAL', german)).toBe('55,12 lb');
    });

    it('has an example for every allowed value, and refuses others', () => {
        for (const key of userSettingsKeys) {
            for (const value of userSettingsOptions[key])
                expect(optionExample(key, value, defaultUserSettings)).not.toBe('-');
        }
        expect(() => optionExample('dateFormat', 'EN', defaultUserSettings)).toThrow();
    });

    it('sums the settings up in one preview line', () => {
        expect(settingsPreview(createFormatters(german))).toBe(
            '21.11.2026 14:30 · 1.234,56 · 12,5 km · 25 kg',
        );
        expect(settingsPreview(createFormatters(defaultUserSettings))).toBe(
            '2026-11-21 14:30 · 1,234.56 · 12.5 km · 25 kg',
        );
        expect(
            settingsPreview(
                createFormatters({
                    dateFormat: 'DATE_B_SLASH',
                    timeFormat: 'TIME_12_HOURS_A',
                    lengthFormat: 'LENGTH_IMPERIAL',
                    weightFormat: 'WEIGHT_IMPERIAL',
                    numberFormat: 'EN',
                }),
            ),
        ).toBe('11/21/2026 2:30 PM · 1,234.56 · 7.77 mi · 55.12 lb');
    });
});
