import { useMemo } from 'react';
import { createFormatters, type Formatters } from '../../../domain/formatting';
import { effectiveSettings } from '../../settings/settingsUpdate';
import { useUserProfile } from '../../useUserProfile';

/**
 * Formatters in the user's settings for a given time zone: a tour's times are shown in its
 * depot's zone, and the list mixes depots of several zones. Tour dates (calendar days) use UTC,
 * so no zone can move them to another day.
 */
export function useTourFormatters() {
    const { profile } = useUserProfile();
    const settings = effectiveSettings(profile);
    return useMemo(() => {
        const byZone = new Map<string, Formatters>();
        const inZone = (timeZone: string): Formatters => {
            const known = byZone.get(timeZone);
            if (known) return known;
            const made = createFormatters(settings, timeZone);
            byZone.set(timeZone, made);
            return made;
        };
        return { inZone, day: (date: string) => inZone('UTC').date(`${date}T12:00:00Z`) };
    }, [settings]);
}
