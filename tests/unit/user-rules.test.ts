import { describe, expect, it } from 'vitest';
import {
    countryCallingCodeOf,
    driverMobileRule,
    emailRule,
    emptyToNull,
    nameRule,
    phoneRule,
    roleNameRule,
    subcontractorCodeRule,
    subcontractorNameRule,
    userDataChanged,
    usernameRule,
    usernameRuleNeedsEmail,
    vehicleNumberRule,
} from '../../domain/userRules';

describe('names (shell §5: at most 40, at least 2 non-space characters)', () => {
    it.each([
        ['', 'required'],
        ['   ', 'required'],
        ['A', 'tooShort'],
        ['A ', 'tooShort'],
        [' A B ', null],
        ['Al', null],
        ['x'.repeat(40), null],
        ['x'.repeat(41), 'tooLong'],
    ])('%j → %s', (value, rule) => expect(nameRule(value)).toBe(rule));
});

describe('e-mail (trimmed, spaces blocked, valid format)', () => {
    it.each([
        ['', 'required'],
        ['  ada@example.com  ', null],
        ['ada lovelace@example.com', 'noSpaces'],
        ['ada@example', 'emailFormat'],
        ['ada.example.com', 'emailFormat'],
        ['ada@@example.com', 'emailFormat'],
        [`${'a'.repeat(250)}@x.de`, 'tooLong'],
    ])('%j → %s', (value, rule) => expect(emailRule(value)).toBe(rule));
});

describe('back-office phones (optional; plus, known calling code, 4-20 digits, at most 16 characters)', () => {
    it.each([
        [null, null],
        ['', null],
        ['+4930123456', null],
        ['+3901234567', null],
        ['+1 2025550123', 'noSpaces'],
        ['004930123456', 'phoneFormat'],
        ['+49+30123456', 'phoneFormat'],
        ['+49301', 'phoneFormat'],
        ['+2991234', null],
        ['+2891234567', 'unknownCountryCode'],
        ['+49301234567890123', 'tooLong'],
    ])('%j → %s', (value, rule) => expect(phoneRule(value)).toBe(rule));

    it('finds the calling code of a number (the codes are prefix-free)', () => {
        expect(countryCallingCodeOf('+12025550123')).toBe('1');
        expect(countryCallingCodeOf('+4915112345678')).toBe('49');
        expect(countryCallingCodeOf('+352621123456')).toBe('352');
        expect(countryCallingCodeOf('+2891234')).toBeNull();
    });
});

describe('driver and courier-account mobiles (required, international, at most 15, no spaces)', () => {
    it.each([
        ['', 'required'],
        [null, 'required'],
        ['+491511234567', null],
        ['+49 1511234567', 'noSpaces'],
        ['+4915112345678901', 'tooLong'],
        ['01511234567', 'phoneFormat'],
    ])('%j → %s', (value, rule) => expect(driverMobileRule(value)).toBe(rule));
});

describe('usernames by the organisation rule (spec-decisions)', () => {
    it.each([
        ['DEFAULT', '12345678', null],
        ['DEFAULT', 'AB12CD', null],
        ['DEFAULT', 'ab12', 'usernameFormat'],
        ['DEFAULT', 'A'.repeat(21), 'tooLong'],
        ['DEFAULT', '', 'required'],
        ['ITALIAN', 'MI1234', null],
        ['ITALIAN', 'M12345', null],
        ['ITALIAN', 'MIL123', 'usernameFormat'],
        ['ITALIAN', 'MI12345', 'tooLong'],
        ['DIGITS_10', '0123456789', null],
        ['DIGITS_10', '01234A', 'usernameFormat'],
        ['DIGITS_6', '1234567', 'tooLong'],
        ['ALNUM_3_10', 'ab', 'usernameFormat'],
        ['ALNUM_3_10', 'abC12', null],
        ['ALNUM_3_10', 'ab-12', 'usernameFormat'],
        ['ALNUM_UPPER_20', 'ABC123', null],
        ['SIX_LAST_FOUR_NUMERIC', 'AB1234', null],
        ['SIX_LAST_FOUR_NUMERIC', 'ABC234', 'usernameFormat'],
    ] as const)('%s %j → %s', (rule, value, expected) =>
        expect(usernameRule(rule, value)).toBe(expected),
    );

    it('the Italian rule signs in with an e-mail address', () => {
        expect(usernameRuleNeedsEmail('ITALIAN')).toBe(true);
        expect(usernameRuleNeedsEmail('DEFAULT')).toBe(false);
    });
});

describe('vehicles, subcontractors and roles', () => {
    it.each([
        ['', 'required'],
        ['0042', null],
        ['042', 'vehicleNumberFormat'],
        ['12345', 'vehicleNumberFormat'],
        ['12a4', 'vehicleNumberFormat'],
    ])('vehicle number %j → %s', (value, rule) => expect(vehicleNumberRule(value)).toBe(rule));

    it('subcontractor name is required, its ID optional and plain', () => {
        expect(subcontractorNameRule(' ')).toBe('required');
        expect(subcontractorNameRule('Kurier Nord')).toBeNull();
        expect(subcontractorCodeRule('')).toBeNull();
        expect(subcontractorCodeRule('SUCO-7')).toBeNull();
        expect(subcontractorCodeRule('SUCO 7')).toBe('subcontractorCodeFormat');
        expect(roleNameRule('')).toBe('required');
        expect(roleNameRule('x'.repeat(101))).toBe('tooLong');
    });
});

describe('sending and saving', () => {
    it('sends empty strings as null', () => {
        expect(emptyToNull('')).toBeNull();
        expect(emptyToNull('  ')).toBeNull();
        expect(emptyToNull(undefined)).toBeNull();
        expect(emptyToNull('+4930123456')).toBe('+4930123456');
    });

    it('enables Save for an existing user only when a name or phone changed', () => {
        const before = {
            firstName: 'Ada',
            lastName: 'Lovelace',
            mobilePhone: null,
            landLine: '+4930123456',
        };
        expect(userDataChanged(before, { ...before })).toBe(false);
        expect(userDataChanged(before, { ...before, mobilePhone: '' })).toBe(false);
        expect(userDataChanged(before, { ...before, firstName: 'Adah' })).toBe(true);
        expect(userDataChanged(before, { ...before, landLine: null })).toBe(true);
    });
});
