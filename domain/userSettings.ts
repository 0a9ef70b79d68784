import { dateFormats, lengthFormats, numberFormats, timeFormats, weightFormats } from './enums.js';
import type { DateFormat, LengthFormat, NumberFormat, TimeFormat, WeightFormat } from './enums.js';

/** A user's display settings (shell §3 User settings). */
export interface UserSettings {
    dateFormat: DateFormat;
    timeFormat: TimeFormat;
    lengthFormat: LengthFormat;
    weightFormat: WeightFormat;
    numberFormat: NumberFormat;
}

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
