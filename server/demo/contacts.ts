import { demoCountry, type DemoCountry } from './data/countries.js';
import { demoNames, passwordWords } from './data/people.js';
import type { UsernameRule } from './data/organisations.js';
import { unique, type Random } from './random.js';

export interface PersonName {
    firstName: string;
    lastName: string;
}

/** A first and last name typical of the country. */
export function personName(random: Random, countryCode: string): PersonName {
    const names = demoNames[demoCountry(countryCode).language];
    return { firstName: random.pick(names.first), lastName: random.pick(names.last) };
}

/** Lower-case ASCII letters and digits only, for e-mail local parts. */
function asciiSlug(text: string): string {
    return text
        .replace(/ı/g, 'i')
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '');
}

/** firstname.lastname@domain, with a number added when the address is already taken. */
export function uniqueEmail(name: PersonName, domain: string, taken: Set<string>): string {
    const local = `${asciiSlug(name.firstName)}.${asciiSlug(name.lastName)}`;
    for (let n = 1; ; n++) {
        const email = `${local}${n === 1 ? '' : n}@${domain}`;
        if (!taken.has(email)) {
            taken.add(email);
            return email;
        }
    }
}

/** A mobile number in international format without spaces (at most 15 characters), unused so far. */
export function mobilePhone(random: Random, country: DemoCountry, taken: Set<string>): string {
    return unique(
        taken,
        () =>
            `+${country.callingCode}${random.pick(country.mobilePrefixes)}${random.digits(country.mobileDigits)}`,
    );
}

/** A landline number in international format without spaces (at most 16 characters), unused so far. */
export function landLine(random: Random, country: DemoCountry, taken: Set<string>): string {
    return unique(
        taken,
        () =>
            `+${country.callingCode}${random.pick(country.landlineAreas)}${random.digits(country.landlineDigits)}`,
    );
}

/**
 * A driver username following the organisation's rule (spec-decisions): DEFAULT gives an
 * 8-digit login number; ITALIAN gives the province code and 4 digits (letters only first).
 * `taken` holds upper-cased usernames, as the database compares them.
 */
export function driverUsername(
    random: Random,
    rule: UsernameRule,
    province: string,
    taken: Set<string>,
): string {
    if (rule === 'ITALIAN') return unique(taken, () => `${province}${random.digits(4)}`);
    return unique(taken, () => `${random.int(1, 9)}${random.digits(7)}`);
}

const specials = '!#%*+?@$';

/**
 * A memorable password meeting shell §5 (at least 10 characters with a digit, a special
 * character, a lower-case and an upper-case letter), different from every one in `taken`.
 */
export function demoPassword(random: Random, taken: Set<string>): string {
    return unique(taken, () => {
        const [first = 'amber', second = 'birch'] = random.shuffle(passwordWords);
        const capitalised = `${first.charAt(0).toUpperCase()}${first.slice(1)}`;
        return `${capitalised}-${second}-${random.digits(4)}${random.pick([...specials])}`;
    });
}
