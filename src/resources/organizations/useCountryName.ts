import { useMemo } from 'react';
import { useLocaleState } from 'react-admin';
import { businessCountryCodes } from '../../../domain/organisations';

/** Country names in the UI language, from the browser's own data (no translation files needed). */
export function useCountryName(): (code: string) => string {
    const [locale] = useLocaleState();
    return useMemo(() => {
        let names: Intl.DisplayNames | undefined;
        try {
            names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
        } catch {
            names = undefined;
        }
        return (code: string) => names?.of(code) ?? code;
    }, [locale]);
}

/** The business country list (shell §9) as select choices, sorted by their name in the UI language. */
export function useCountryChoices(): { id: string; name: string }[] {
    const nameOf = useCountryName();
    const [locale] = useLocaleState();
    return useMemo(() => {
        const collator = new Intl.Collator(locale);
        return businessCountryCodes
            .map((code) => ({ id: code, name: `${nameOf(code)} (${code})` }))
            .sort((a, b) => collator.compare(a.name, b.name));
    }, [nameOf, locale]);
}

/** IANA time zones the browser knows, for the time zone picker. */
export function timeZoneChoices(): { id: string; name: string }[] {
    const zones =
        typeof Intl.supportedValuesOf === 'function'
            ? Intl.supportedValuesOf('timeZone')
            : ['Europe/Berlin'];
    return [...new Set(['UTC', ...zones])].map((zone) => ({ id: zone, name: zone }));
}
