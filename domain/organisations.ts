import type { ErrorDetail } from './contracts/common.js';
import type { OrganisationUpdateBody } from './contracts/organisations.js';
import { isClockTime, minutesOfClockTime } from './tenantConfiguration.js';
import type { BusinessHours } from './contracts/tenant-configuration.js';

/**
 * Organisations (tenants) and their regions (domain §2, §3 Organization, §5 Organizations,
 * §8): the rules both the organisation form and the server check (the bodies and answers of
 * `/tenant-admin/v1/tenants` and `/depotGroups` are in contracts/organisations.ts). Each rule
 * answers the broken rule's key (the browser shows `app.organisations.validation.<rule>`) or
 * null; `organisationErrors` lists every fault as `/body/<field>` details for the server.
 */

/** An organisation's id: chosen by people, a scope path segment, 2 to 40 characters. */
const TENANT_ID_MIN_LENGTH = 2;
export const TENANT_ID_MAX_LENGTH = 40;
const TENANT_ID = /^[A-Za-z0-9_-]+$/;

export const ORGANISATION_NAME_MAX_LENGTH = 100;
export const REGION_NAME_MAX_LENGTH = 100;
/** Names need at least this many characters that are not spaces. */
const ORGANISATION_NAME_MIN_NON_SPACE = 2;
/** Regions one save may carry. */
export const MAX_REGIONS = 100;

/**
 * Shell §9: "Default business country list of 47 European and North American countries"
 * (ISO 3166-1 alpha-2). The spec does not list them; these are the EU and EFTA states, the
 * other European states the product could serve, and Canada, the United States and Mexico.
 */
export const businessCountryCodes = [
    'AD',
    'AL',
    'AT',
    'BA',
    'BE',
    'BG',
    'CA',
    'CH',
    'CY',
    'CZ',
    'DE',
    'DK',
    'EE',
    'ES',
    'FI',
    'FR',
    'GB',
    'GR',
    'HR',
    'HU',
    'IE',
    'IS',
    'IT',
    'LI',
    'LT',
    'LU',
    'LV',
    'MC',
    'MD',
    'ME',
    'MK',
    'MT',
    'MX',
    'NL',
    'NO',
    'PL',
    'PT',
    'RO',
    'RS',
    'SE',
    'SI',
    'SK',
    'SM',
    'TR',
    'UA',
    'US',
    'VA',
] as const;

export type OrganisationRule =
    | 'required'
    | 'tooShort'
    | 'tooLong'
    | 'tenantIdFormat'
    | 'tenantIdLength'
    | 'unknownCountry'
    | 'unknownTimeZone'
    | 'clockTime'
    | 'hoursOrder'
    | 'regionRequired'
    | 'tooManyRegions'
    | 'duplicateRegion';

/** English texts of the rules, for the server's error details (the browser translates the keys). */
const organisationRuleMessages: Record<OrganisationRule, string> = {
    required: 'is required',
    tooShort: `needs at least ${ORGANISATION_NAME_MIN_NON_SPACE} characters that are not spaces`,
    tooLong: 'is too long',
    tenantIdFormat: 'may contain letters, digits, hyphens and underscores only',
    tenantIdLength: `must be ${TENANT_ID_MIN_LENGTH} to ${TENANT_ID_MAX_LENGTH} characters long`,
    unknownCountry: 'is not a country of the business country list',
    unknownTimeZone: 'is not a known IANA time zone',
    clockTime: 'must be a time of day as HH:MM (00:00 to 23:59)',
    hoursOrder: 'must start before the business hours end',
    regionRequired: 'needs at least one region',
    tooManyRegions: `may hold at most ${MAX_REGIONS} regions per save`,
    duplicateRegion: 'is used by another region of the organisation',
};

/** The id rule (domain §5): letters, digits, hyphen and underscore only, 2 to 40 characters. */
export function tenantIdRule(value: string | null | undefined): OrganisationRule | null {
    if (value === null || value === undefined || value === '') return 'required';
    if (!TENANT_ID.test(value)) return 'tenantIdFormat';
    if (value.length < TENANT_ID_MIN_LENGTH || value.length > TENANT_ID_MAX_LENGTH)
        return 'tenantIdLength';
    return null;
}

/**
 * What makes two organisation ids the same: letter case is ignored, and `_` equals `-` because
 * the browser asks for the tenant configuration with underscores sent as hyphens (shell §7).
 * `acme_de`, `ACME-DE` and `acme-de` are one id; the second one created is a duplicate.
 */
export function tenantIdIdentity(id: string): string {
    return id.toLowerCase().replaceAll('_', '-');
}

function nameRuleOf(value: string | null | undefined, maxLength: number): OrganisationRule | null {
    if (value === null || value === undefined || value.trim() === '') return 'required';
    if (value.trim().length > maxLength) return 'tooLong';
    if (value.replace(/\s/g, '').length < ORGANISATION_NAME_MIN_NON_SPACE) return 'tooShort';
    return null;
}

/** An organisation's name (stored trimmed): at least 2 characters that are not spaces, at most 100. */
export const organisationNameRule = (value: string | null | undefined) =>
    nameRuleOf(value, ORGANISATION_NAME_MAX_LENGTH);
/** A region's name (stored trimmed): at least 2 characters that are not spaces, at most 100. */
export const regionNameRule = (value: string | null | undefined) =>
    nameRuleOf(value, REGION_NAME_MAX_LENGTH);

/** The country: one of the business country list (shell §9). */
export function countryCodeRule(value: string | null | undefined): OrganisationRule | null {
    if (value === null || value === undefined || value === '') return 'required';
    return (businessCountryCodes as readonly string[]).includes(value) ? null : 'unknownCountry';
}

/** True for an IANA time zone name the platform's Intl data knows (`Europe/Berlin`, `UTC`). */
export function isTimeZone(value: unknown): value is string {
    if (typeof value !== 'string' || value === '' || value.length > 64) return false;
    try {
        new Intl.DateTimeFormat('en', { timeZone: value });
        return true;
    } catch {
        return false;
    }
}

export function timeZoneRule(value: string | null | undefined): OrganisationRule | null {
    if (value === null || value === undefined || value === '') return 'required';
    return isTimeZone(value) ? null : 'unknownTimeZone';
}

/** One end of the business hours: a 24-hour `HH:MM` time. */
export function clockTimeRule(value: string | null | undefined): OrganisationRule | null {
    if (value === null || value === undefined || value === '') return 'required';
    return isClockTime(value) ? null : 'clockTime';
}

/** Business hours: both ends `HH:MM`, the start before the end (same day). Null when fine or when an end is itself wrong. */
export function businessHoursOrderRule(hours: Partial<BusinessHours>): OrganisationRule | null {
    const from = minutesOfClockTime(hours.from ?? '');
    const to = minutesOfClockTime(hours.to ?? '');
    if (from === null || to === null) return null;
    return from < to ? null : 'hoursOrder';
}

/** The key under which region names must be unique in an organisation (trimmed, case ignored). */
function regionNameKey(name: string): string {
    return name.trim().toLowerCase();
}

/**
 * Per region row: the broken rule of its name, including a name another row already uses
 * (the second and later rows are marked). The list itself: at least one region.
 */
export function regionRowRules(regions: readonly { name: string }[]): (OrganisationRule | null)[] {
    const seen = new Set<string>();
    return regions.map((region) => {
        const rule = regionNameRule(region.name);
        if (rule) return rule;
        const key = regionNameKey(region.name);
        if (seen.has(key)) return 'duplicateRegion';
        seen.add(key);
        return null;
    });
}

export function regionListRule(regions: readonly unknown[]): OrganisationRule | null {
    if (regions.length === 0) return 'regionRequired';
    return regions.length > MAX_REGIONS ? 'tooManyRegions' : null;
}

const detail = (field: string, rule: OrganisationRule): ErrorDetail => ({
    field: `/body/${field}`,
    message: `${field.replaceAll('/', '.')} ${organisationRuleMessages[rule]}`,
});

/**
 * Every fault of a create or update body that needs no database, as `/body/<field>` details
 * (the id only when creating). Empty when the body is valid.
 */
export function organisationErrors(
    body: Omit<OrganisationUpdateBody, 'version'> & { id?: string },
    creating: boolean,
): ErrorDetail[] {
    const errors: ErrorDetail[] = [];
    const push = (field: string, rule: OrganisationRule | null) =>
        void (rule && errors.push(detail(field, rule)));
    if (creating) push('id', tenantIdRule(body.id));
    push('name', organisationNameRule(body.name));
    push('countryCode', countryCodeRule(body.countryCode));
    push('timeZone', timeZoneRule(body.timeZone));
    push('businessHours/from', clockTimeRule(body.businessHours.from));
    push('businessHours/to', clockTimeRule(body.businessHours.to));
    push('businessHours', businessHoursOrderRule(body.businessHours));
    push('regions', regionListRule(body.regions));
    regionRowRules(body.regions).forEach((rule, index) => push(`regions/${index}/name`, rule));
    return errors;
}

/** Stored region ids that an update body leaves out (regions can never be removed). */
export function removedRegionIds(
    storedIds: readonly string[],
    regions: readonly { id?: string; name?: string }[],
): string[] {
    const kept = new Set(regions.flatMap((region) => (region.id ? [region.id] : [])));
    return storedIds.filter((id) => !kept.has(id));
}
