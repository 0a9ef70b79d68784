import { useMemo } from 'react';
import { createFormatters, DEFAULT_TIME_ZONE, type Formatters } from '../../domain/formatting';
import { effectiveSettings } from './settingsUpdate';
import { useUserProfile } from '../useUserProfile';

/**
 * Date, time, number, length and weight formatters bound to the signed-in user's settings
 * (defaults until they save one). `timeZone` defaults to Europe/Berlin (shell §9); pages of a
 * depot pass the depot's zone.
 */
export function useFormatters(timeZone: string = DEFAULT_TIME_ZONE): Formatters {
    const { profile } = useUserProfile();
    const settings = effectiveSettings(profile);
    return useMemo(() => createFormatters(settings, timeZone), [settings, timeZone]);
}
