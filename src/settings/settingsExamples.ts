import { createFormatters, DEFAULT_TIME_ZONE, type Formatters } from '../../domain/formatting';
import { isUserSettingsValue, type UserSettingsKey } from '../../domain/userSettings';
import type { UserSettings } from '../../domain/contracts/settings';

/**
 * Sample values the settings panel renders in each format. The date has a day above 12, so
 * day-first and month-first formats can be told apart; 13:30 UTC is 14:30 in Berlin.
 */
const SAMPLE_MOMENT = '2026-11-21T13:30:00Z';
const SAMPLE_NUMBER = 1234.56;
const SAMPLE_KILOMETRES = 12.5;
const SAMPLE_KILOGRAMS = 25;

/** The sample of one setting rendered with `value` instead of the current choice (other settings as they are). */
export function optionExample(key: UserSettingsKey, value: string, current: UserSettings): string {
    if (!isUserSettingsValue(key, value)) throw new Error(`${value} is no value of ${key}`);
    const formatters = createFormatters({ ...current, [key]: value }, DEFAULT_TIME_ZONE);
    switch (key) {
        case 'dateFormat':
            return formatters.date(SAMPLE_MOMENT);
        case 'timeFormat':
            return formatters.time(SAMPLE_MOMENT);
        case 'numberFormat':
            return formatters.number(SAMPLE_NUMBER);
        case 'lengthFormat':
            return formatters.length(SAMPLE_KILOMETRES);
        case 'weightFormat':
            return formatters.weight(SAMPLE_KILOGRAMS);
    }
}

/** Every sample in the current settings: `21.11.2026 14:30 · 1.234,56 · 12,5 km · 25 kg`. */
export function settingsPreview(formatters: Formatters): string {
    return [
        formatters.dateTime(SAMPLE_MOMENT),
        formatters.number(SAMPLE_NUMBER),
        formatters.length(SAMPLE_KILOMETRES),
        formatters.weight(SAMPLE_KILOGRAMS),
    ].join(' · ');
}
