import {
    driverMobileRule,
    emailRule,
    emptyToNull,
    nameRule,
    usernameMaxLength,
    usernameRule,
    usernameRuleNeedsEmail,
    type FieldRule,
    type UsernameRule,
} from '../../../domain/userRules';

/** A form error as react-admin shows it: a translation key with its values. */
export interface FieldError {
    message: string;
    args: Record<string, unknown>;
}

const fieldError = (rule: FieldRule, args: Record<string, unknown> = {}): FieldError => ({
    message: `app.validation.${rule}`,
    args,
});

export interface AppUserFormValues {
    username?: string;
    email?: string | null;
    firstName?: string;
    lastName?: string;
    mobilePhone?: string;
    subcontractorId?: string;
    vehicleId?: string | null;
}

/**
 * The rules of the app account form (domain §5, the shared ones of domain/userRules.ts): the
 * username only on create (it cannot change later), by the organisation's rule with its maximum
 * length; the e-mail required for the Italian rule and checked whenever given; names; mobile in
 * international format; a subcontractor.
 */
export function validateAppUser(
    values: AppUserFormValues,
    options: { rule: UsernameRule; isCreate: boolean },
): Record<string, FieldError> {
    const errors: Record<string, FieldError> = {};
    const add = (
        field: keyof AppUserFormValues,
        rule: FieldRule | null,
        args: Record<string, unknown> = {},
    ) => {
        if (rule) errors[field] = fieldError(rule, args);
    };
    if (options.isCreate)
        add('username', usernameRule(options.rule, values.username), {
            maxLength: usernameMaxLength[options.rule],
        });
    const email = emptyToNull(values.email);
    if (email !== null || usernameRuleNeedsEmail(options.rule)) add('email', emailRule(email));
    add('firstName', nameRule(values.firstName), { maxLength: 40 });
    add('lastName', nameRule(values.lastName), { maxLength: 40 });
    add('mobilePhone', driverMobileRule(values.mobilePhone), { maxLength: 15 });
    if (!values.subcontractorId) add('subcontractorId', 'required');
    return errors;
}

/** Shows a mobile number with its last digits hidden (tenant configuration `hidePhoneNumberLastDigits`). */
export function maskPhone(phone: string | null | undefined, hide: boolean, hidden = 3): string {
    if (!phone) return '';
    if (!hide) return phone;
    const shown = Math.max(0, phone.length - hidden);
    return phone.slice(0, shown) + '•'.repeat(phone.length - shown);
}

/** Courier accounts of a depot against the organisation's cap (active or not count: "delete old ones"). */
export function courierAccountLimit(
    count: number | undefined,
    max: number,
): { count: number; max: number; reached: boolean } {
    const current = count ?? 0;
    return { count: current, max, reached: current >= max };
}
