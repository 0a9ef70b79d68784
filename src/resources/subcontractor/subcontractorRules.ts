import {
    subcontractorCodeRule,
    subcontractorNameRule,
    vehicleNumberRule,
    type FieldRule,
} from '../../../domain/userRules';

type Errors = Record<string, { message: string; args: Record<string, unknown> }>;

const collect = (
    rules: Record<string, FieldRule | null>,
    args: Record<string, unknown> = {},
): Errors =>
    Object.fromEntries(
        Object.entries(rules).flatMap(([field, rule]) =>
            rule ? [[field, { message: `app.validation.${rule}`, args }]] : [],
        ),
    );

/** Subcontractor form (domain §5): name required; the ID optional (generated), letters, digits, - and _. */
export function validateSubcontractor(
    values: { name?: string; code?: string | null },
    isCreate: boolean,
): Errors {
    return collect(
        {
            name: subcontractorNameRule(values.name),
            code: isCreate
                ? subcontractorCodeRule(values.code)
                : (subcontractorCodeRule(values.code) ?? (values.code ? null : 'required')),
        },
        { maxLength: 100 },
    );
}

/** Vehicle form (domain §5): number required, exactly 4 digits; the regular driver is optional. */
export function validateVehicle(values: { number?: string }): Errors {
    return collect({ number: vehicleNumberRule(values.number) });
}
