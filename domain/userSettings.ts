import type { UserSettings } from './contracts/settings.js';
import { dateFormats, lengthFormats, numberFormats, timeFormats, weightFormats } from './enums.js';

export type UserSettingsKey = keyof UserSettings;

/** The values each setting may take, in the order the settings panel offers them. */
export const userSettingsOptions = {
    dateFormat: dateFormats,
    timeFormat: timeFormats,
    lengthFormat: lengthFormats,
    weightFormat: weightFormats,
    numberFormat: numberFormats,
} as const satisfies { [K in UserSettingsKey]: readonly UserSettings[K][] };

export const userSettingsKeys = Object.keys(userSettingsOptions) as UserSettingsKey[];

/**
 * Used until the user saves a setting: EN numbers and metric units (shell §9); the spec names no
 * date or time default, so ISO dates (unambiguous in every language) and the 24-hour clock.
 */
export const defaultUserSettings: UserSettings = {
    dateFormat: 'DATE_M_DASH',
    timeFormat: 'TIME_24_HOURS',
    lengthFormat: 'LENGTH_METRIC',
    weightFormat: 'WEIGHT_METRIC',
    numberFormat: 'EN',
};

export function isUserSettingsValue<K extends UserSettingsKey>(
    key: K,
    value: string,
): value is UserSettings[K] {
    return (userSettingsOptions[key] as readonly string[]).includes(value);
}
