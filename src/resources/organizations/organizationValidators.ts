import type { Validator } from 'react-admin';
import {
    businessHoursOrderRule,
    clockTimeRule,
    countryCodeRule,
    organisationNameRule,
    regionListRule,
    regionNameRule,
    regionRowRules,
    tenantIdRule,
    timeZoneRule,
    type OrganisationRule,
} from '../../../domain/organisations';
import type { OrganisationFormValues } from './organizationForm';

/** The domain rules as react-admin validators; messages are `app.organisations.validation.<rule>`. */
const message = (rule: OrganisationRule | null) =>
    rule ? `app.organisations.validation.${rule}` : undefined;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

export const validateTenantId: Validator = (value) => message(tenantIdRule(text(value)));
export const validateName: Validator = (value) => message(organisationNameRule(text(value)));
export const validateCountry: Validator = (value) => message(countryCodeRule(text(value)));
export const validateTimeZone: Validator = (value) => message(timeZoneRule(text(value)));
export const validateFrom: Validator = (value) => message(clockTimeRule(text(value)));
/** The end: its own format, then the order of both ends. */
export const validateTo: Validator = (value, values: Partial<OrganisationFormValues>) =>
    message(
        clockTimeRule(text(value)) ??
            businessHoursOrderRule({ from: values.businessHours?.from, to: text(value) }),
    );
/** The list: at least one region, and no two with the same name (shown under the list: a row's validator does not know its index). */
export const validateRegions: Validator = (value) => {
    const regions = Array.isArray(value) ? (value as { name?: string }[]) : [];
    const duplicate = regionRowRules(
        regions.map((region) => ({ name: region?.name ?? '' })),
    ).includes('duplicateRegion');
    return message(regionListRule(regions) ?? (duplicate ? 'duplicateRegion' : null));
};

/** A region's name: required, 2 to 100 characters. */
export const validateRegionName: Validator = (value) => message(regionNameRule(text(value)));
