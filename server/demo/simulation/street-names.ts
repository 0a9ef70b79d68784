/**
 * Street names that read plausibly for a depot's country: German (with Austrian variants),
 * Italian and French; other countries get German names. Each network line gets one name.
 */
import type { Random } from '../random.js';
import { streetPatterns, streetRoots, type NameClass, type NameStyle } from './data/streets.js';

function styleOf(countryCode: string): NameStyle {
    switch (countryCode.toUpperCase()) {
        case 'AT':
            return 'at';
        case 'IT':
        case 'SM':
            return 'it';
        case 'FR':
        case 'CH':
        case 'BE':
        case 'LU':
        case 'MC':
            return 'fr';
        default:
            return 'de';
    }
}

function highwayName(random: Random, style: NameStyle): string {
    switch (style) {
        case 'it':
            return `SS ${random.int(1, 700)}`;
        case 'fr':
            return `D ${random.int(1, 999)}`;
        default:
            return `B ${random.int(1, 499)}`;
    }
}

/** A function handing out distinct street names for one network, per road class. */
export function streetNamer(random: Random, countryCode: string): (roadClass: NameClass) => string {
    const style = styleOf(countryCode);
    const taken = new Set<string>();
    const draw = (roadClass: NameClass): string => {
        if (roadClass === 'highway') return highwayName(random, style);
        const pattern = random.pick(streetPatterns[style][roadClass]);
        const root = random.pick(streetRoots[style]);
        return pattern.replace('{}', root);
    };
    return (roadClass) => {
        for (let attempt = 0; attempt < 50; attempt++) {
            const name = draw(roadClass);
            if (!taken.has(name)) {
                taken.add(name);
                return name;
            }
        }
        const fallback = `${draw(roadClass)} ${taken.size}`;
        taken.add(fallback);
        return fallback;
    };
}

/** The language of consignee names and job descriptions for a country. */
export function nameLanguageOf(countryCode: string): 'de' | 'it' | 'fr' {
    const style = styleOf(countryCode);
    return style === 'at' ? 'de' : style;
}
