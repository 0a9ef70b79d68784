/**
 * Field rules of users, drivers, courier accounts, subcontractors and vehicles (shell §5,
 * domain §5, §9, spec-decisions "Phone numbers" and "Usernames of driver accounts"). The user
 * dialog and the server call the same functions: each answers the broken rule (a key the browser
 * translates as `app.validation.<rule>`) or null.
 */

const NAME_MAX_LENGTH = 40;
const NAME_MIN_NON_SPACE = 2;
/** Back-office profile phones (shell §9). */
const PHONE_MAX_LENGTH = 16;
/** Driver and courier-account mobiles (domain §9). */
const DRIVER_MOBILE_MAX_LENGTH = 15;
const EMAIL_MAX_LENGTH = 254;
const VEHICLE_NUMBER_LENGTH = 4;
const SUBCONTRACTOR_NAME_MAX_LENGTH = 100;
const SUBCONTRACTOR_CODE_MAX_LENGTH = 40;
export const ROLE_NAME_MAX_LENGTH = 100;

export type FieldRule =
    | 'required'
    | 'tooShort'
    | 'tooLong'
    | 'emailFormat'
    | 'noSpaces'
    | 'phoneFormat'
    | 'unknownCountryCode'
    | 'usernameFormat'
    | 'vehicleNumberFormat'
    | 'subcontractorCodeFormat';

/** English texts of the rules, for the server's error details (the browser translates the keys). */
export const fieldRuleMessages: Record<FieldRule, string> = {
    required: 'is required',
    tooShort: `needs at least ${NAME_MIN_NON_SPACE} characters that are not spaces`,
    tooLong: 'is too long',
    emailFormat: 'is not a valid e-mail address',
    noSpaces: 'must not contain spaces',
    phoneFormat:
        'must be in international format: a plus, the country calling code and 4 to 20 digits, nothing else',
    unknownCountryCode: 'does not start with a known country calling code',
    usernameFormat: "does not match the organisation's username rule",
    vehicleNumberFormat: `must be exactly ${VEHICLE_NUMBER_LENGTH} digits`,
    subcontractorCodeFormat: 'may contain letters, digits, hyphens and underscores only',
};

/** Empty strings are sent as null (shell §5); other values are kept as typed. */
export function emptyToNull(value: string | null | undefined): string | null {
    return value === undefined || value === null || value.trim() === '' ? null : value;
}

/** First and last name: required, at most 40 characters, at least 2 characters that are not spaces. */
export function nameRule(value: string | null | undefined): FieldRule | null {
    if (value === null || value === undefined || value.trim() === '') return 'required';
    if (value.length > NAME_MAX_LENGTH) return 'tooLong';
    if (value.replace(/\s/g, '').length < NAME_MIN_NON_SPACE) return 'tooShort';
    return null;
}

/** The e-mail as stored: trimmed, compared case-insensitively by the database. */
export function normaliseEmail(value: string): string {
    return value.trim();
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** E-mail (after trimming): required, no spaces inside, a valid address. */
export function emailRule(value: string | null | undefined): FieldRule | null {
    const email = normaliseEmail(value ?? '');
    if (email === '') return 'required';
    if (/\s/.test(email)) return 'noSpaces';
    if (email.length > EMAIL_MAX_LENGTH) return 'tooLong';
    return EMAIL.test(email) ? null : 'emailFormat';
}

/**
 * ITU-T E.164 country calling codes in use. They are prefix-free, so a number names its code
 * without ambiguity.
 */
const countryCallingCodes: readonly string[] = [
    '1',
    '7',
    '20',
    '27',
    '30',
    '31',
    '32',
    '33',
    '34',
    '36',
    '39',
    '40',
    '41',
    '43',
    '44',
    '45',
    '46',
    '47',
    '48',
    '49',
    '51',
    '52',
    '53',
    '54',
    '55',
    '56',
    '57',
    '58',
    '60',
    '61',
    '62',
    '63',
    '64',
    '65',
    '66',
    '81',
    '82',
    '84',
    '86',
    '90',
    '91',
    '92',
    '93',
    '94',
    '95',
    '98',
    '211',
    '212',
    '213',
    '216',
    '218',
    '220',
    '221',
    '222',
    '223',
    '224',
    '225',
    '226',
    '227',
    '228',
    '229',
    '230',
    '231',
    '232',
    '233',
    '234',
    '235',
    '236',
    '237',
    '238',
    '239',
    '240',
    '241',
    '242',
    '243',
    '244',
    '245',
    '246',
    '247',
    '248',
    '249',
    '250',
    '251',
    '252',
    '253',
    '254',
    '255',
    '256',
    '257',
    '258',
    '260',
    '261',
    '262',
    '263',
    '264',
    '265',
    '266',
    '267',
    '268',
    '269',
    '290',
    '291',
    '297',
    '298',
    '299',
    '350',
    '351',
    '352',
    '353',
    '354',
    '355',
    '356',
    '357',
    '358',
    '359',
    '370',
    '371',
    '372',
    '373',
    '374',
    '375',
    '376',
    '377',
    '378',
    '379',
    '380',
    '381',
    '382',
    '383',
    '385',
    '386',
    '387',
    '389',
    '420',
    '421',
    '423',
    '500',
    '501',
    '502',
    '503',
    '504',
    '505',
    '506',
    '507',
    '508',
    '509',
    '590',
    '591',
    '592',
    '593',
    '594',
    '595',
    '596',
    '597',
    '598',
    '599',
    '670',
    '672',
    '673',
    '674',
    '675',
    '676',
    '677',
    '678',
    '679',
    '680',
    '681',
    '682',
    '683',
    '685',
    '686',
    '687',
    '688',
    '689',
    '690',
    '691',
    '692',
    '800',
    '808',
    '850',
    '852',
    '853',
    '855',
    '856',
    '870',
    '878',
    '880',
    '881',
    '882',
    '883',
    '886',
    '888',
    '960',
    '961',
    '962',
    '963',
    '964',
    '965',
    '966',
    '967',
    '968',
    '970',
    '971',
    '972',
    '973',
    '974',
    '975',
    '976',
    '977',
    '979',
    '992',
    '993',
    '994',
    '995',
    '996',
    '998',
];

/** The country calling code a number in international format starts with, or null. */
export function countryCallingCodeOf(phone: string): string | null {
    const digits = phone.startsWith('+') ? phone.slice(1) : phone;
    for (const length of [1, 2, 3]) {
        const code = digits.slice(0, length);
        if (countryCallingCodes.includes(code)) return code;
    }
    return null;
}

/**
 * A back-office profile phone (mobile or landline): optional; when given, a plus, no other plus,
 * at most 16 characters, a known country calling code followed by 4 to 20 digits (shell §5).
 */
export function phoneRule(value: string | null | undefined): FieldRule | null {
    const phone = emptyToNull(value);
    if (phone === null) return null;
    if (phone.length > PHONE_MAX_LENGTH) return 'tooLong';
    if (!/^\+\d+$/.test(phone)) return /\s/.test(phone) ? 'noSpaces' : 'phoneFormat';
    const code = countryCallingCodeOf(phone);
    if (code === null) return 'unknownCountryCode';
    const rest = phone.length - 1 - code.length;
    return rest >= 4 && rest <= 20 ? null : 'phoneFormat';
}

/**
 * The mobile of a driver or courier account: required, international format, at most 15
 * characters, no spaces (domain §5; the stricter rule applies to these accounts only).
 */
export function driverMobileRule(value: string | null | undefined): FieldRule | null {
    const phone = emptyToNull(value);
    if (phone === null) return 'required';
    if (/\s/.test(phone)) return 'noSpaces';
    if (phone.length > DRIVER_MOBILE_MAX_LENGTH) return 'tooLong';
    return phoneRule(phone);
}

/** Username rules of driver accounts, chosen per organisation (spec-decisions). */
export const usernameRules = [
    'DEFAULT',
    'ITALIAN',
    'DIGITS_10',
    'DIGITS_6',
    'ALNUM_3_10',
    'ALNUM_UPPER_20',
    'SIX_LAST_FOUR_NUMERIC',
] as const;
export type UsernameRule = (typeof usernameRules)[number];
export const DEFAULT_USERNAME_RULE: UsernameRule = 'DEFAULT';

const usernamePatterns: Record<UsernameRule, RegExp> = {
    DEFAULT: /^[0-9A-Z]{1,20}$/,
    // Up to 6 capitals or digits, letters only in the first two positions.
    ITALIAN: /^(?=.{1,6}$)[0-9A-Z]{1,2}[0-9]*$/,
    DIGITS_10: /^[0-9]{1,10}$/,
    DIGITS_6: /^[0-9]{1,6}$/,
    ALNUM_3_10: /^[0-9A-Za-z]{3,10}$/,
    ALNUM_UPPER_20: /^[0-9A-Z]{1,20}$/,
    SIX_LAST_FOUR_NUMERIC: /^[0-9A-Z]{2}[0-9]{4}$/,
};

/** The longest username a rule allows (the generic "must not exceed {maxLength}" message). */
export const usernameMaxLength: Record<UsernameRule, number> = {
    DEFAULT: 20,
    ITALIAN: 6,
    DIGITS_10: 10,
    DIGITS_6: 6,
    ALNUM_3_10: 10,
    ALNUM_UPPER_20: 20,
    SIX_LAST_FOUR_NUMERIC: 6,
};

/** The Italian rule signs drivers in with an e-mail address, so it is required there. */
export function usernameRuleNeedsEmail(rule: UsernameRule): boolean {
    return rule === 'ITALIAN';
}

export function usernameRule(
    rule: UsernameRule,
    value: string | null | undefined,
): FieldRule | null {
    const username = value ?? '';
    if (username.trim() === '') return 'required';
    if (username.length > usernameMaxLength[rule]) return 'tooLong';
    return usernamePatterns[rule].test(username) ? null : 'usernameFormat';
}

export function isUsernameRule(value: unknown): value is UsernameRule {
    return (usernameRules as readonly unknown[]).includes(value);
}

/** Vehicle number: required, exactly 4 digits (domain §5). */
export function vehicleNumberRule(value: string | null | undefined): FieldRule | null {
    const number = value ?? '';
    if (number.trim() === '') return 'required';
    return /^[0-9]{4}$/.test(number) ? null : 'vehicleNumberFormat';
}

/** Subcontractor name: required (domain §5), at most 100 characters. */
export function subcontractorNameRule(value: string | null | undefined): FieldRule | null {
    const name = value ?? '';
    if (name.trim() === '') return 'required';
    return name.length > SUBCONTRACTOR_NAME_MAX_LENGTH ? 'tooLong' : null;
}

/** Subcontractor ID: optional (generated when absent); letters, digits, hyphen and underscore. */
export function subcontractorCodeRule(value: string | null | undefined): FieldRule | null {
    const code = emptyToNull(value);
    if (code === null) return null;
    if (code.length > SUBCONTRACTOR_CODE_MAX_LENGTH) return 'tooLong';
    return /^[A-Za-z0-9_-]+$/.test(code) ? null : 'subcontractorCodeFormat';
}

/** Role name: required, at most 100 characters. */
export function roleNameRule(value: string | null | undefined): FieldRule | null {
    const name = value ?? '';
    if (name.trim() === '') return 'required';
    return name.length > ROLE_NAME_MAX_LENGTH ? 'tooLong' : null;
}

/** The data fields whose change enables Save for an existing user (domain §4, shell §5). */
export interface EditableUserData {
    firstName: string;
    lastName: string;
    mobilePhone: string | null;
    landLine: string | null;
}

export function userDataChanged(before: EditableUserData, after: EditableUserData): boolean {
    return (
        before.firstName !== after.firstName ||
        before.lastName !== after.lastName ||
        emptyToNull(before.mobilePhone) !== emptyToNull(after.mobilePhone) ||
        emptyToNull(before.landLine) !== emptyToNull(after.landLine)
    );
}
