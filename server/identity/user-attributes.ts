import type { Identity } from './directory.js';

/**
 * An identity's user attributes as Cognito names them, values as strings (GetUser's
 * `UserAttributes`). Only `custom:*` entries of the attributes column are exposed, so a stored
 * attribute can never shadow `sub`, `email` or a token claim.
 */
export function userAttributes(identity: Identity): Record<string, string> {
    const attributes: Record<string, string> = { sub: identity.sub };
    if (identity.email) {
        attributes.email = identity.email;
        attributes.email_verified = String(identity.emailVerified);
    }
    for (const [name, value] of Object.entries(identity.attributes)) {
        if (name.startsWith('custom:') && typeof value === 'string') attributes[name] = value;
    }
    return attributes;
}

/** The attribute claims of an ID token: like `userAttributes`, but `email_verified` is a boolean. */
export function idTokenAttributeClaims(identity: Identity): Record<string, string | boolean> {
    const { sub: _sub, ...claims } = userAttributes(identity);
    return identity.email ? { ...claims, email_verified: identity.emailVerified } : claims;
}

/** Custom attributes only administrators may set (AdminCreateUser); users cannot write them. */
export const ADMIN_ONLY_ATTRIBUTES: ReadonlySet<string> = new Set(['custom:mfa_setup']);

/** A pragmatic address check (one @, no spaces, a dot in the domain), at most 254 characters. */
export const EMAIL_PATTERN = /^(?=.{3,254}$)[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `UserAttributes` / `Attributes` as Cognito lists them. */
export function attributeList(identity: Identity): { Name: string; Value: string }[] {
    return Object.entries(userAttributes(identity)).map(([Name, Value]) => ({ Name, Value }));
}

/** `PreferredMfaSetting` and `UserMFASettingList`, present only when MFA is on (as Cognito omits them). */
export function mfaSettings(identity: Identity): {
    PreferredMfaSetting?: 'SOFTWARE_TOKEN_MFA';
    UserMFASettingList?: ['SOFTWARE_TOKEN_MFA'];
} {
    return identity.mfaEnabled
        ? { PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA', UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] }
        : {};
}
