/** A user's display settings and the calls that store them (shell §2.4, §3 User settings, §7). */
import { Type, type Static } from 'typebox';
import { dateFormats, lengthFormats, numberFormats, timeFormats, weightFormats } from '../enums.js';
import { userSettingsKeys } from '../userSettings.js';

/** A user's display settings (shell §3 User settings); also the body of `PUT /users/me/settings`. */
export const UserSettings = Type.Object({
    dateFormat: Type.Enum(dateFormats),
    timeFormat: Type.Enum(timeFormats),
    lengthFormat: Type.Enum(lengthFormats),
    weightFormat: Type.Enum(weightFormats),
    numberFormat: Type.Enum(numberFormats),
});
export type UserSettings = Static<typeof UserSettings>;

/** `PATCH /users/me/settings`: one setting; the value is checked against the key by the route. */
export const UserSettingsPatch = Type.Object({
    settingsKey: Type.Enum(userSettingsKeys),
    settingsValue: Type.String({ minLength: 1, maxLength: 40 }),
});
export type UserSettingsPatch = Static<typeof UserSettingsPatch>;

/** The answer of both settings calls: the settings as stored. */
export const UserSettingsAnswer = Type.Object({ userSettings: UserSettings });
export type UserSettingsAnswer = Static<typeof UserSettingsAnswer>;
