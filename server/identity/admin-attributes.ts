import { invalidParameter } from './cognito-error.js';
import { EMAIL_PATTERN } from './user-attributes.js';

export interface AdminAttributes {
    email?: string;
    emailVerified: boolean;
    custom: Record<string, string>;
}

const CUSTOM_NAME = /^custom:[A-Za-z0-9_-]{1,20}$/;

/**
 * The attributes AdminCreateUser accepts: `email`, `email_verified` ("true"/"false") and
 * `custom:*` (Cognito's 20-character names). Anything else is not in this pool's schema.
 */
export function parseAdminAttributes(
    list: { Name: string; Value?: string }[] = [],
): AdminAttributes {
    const parsed: AdminAttributes = { emailVerified: false, custom: {} };
    for (const { Name, Value = '' } of list) {
        if (Name === 'email') {
            if (!EMAIL_PATTERN.test(Value)) throw invalidParameter('Invalid email address format.');
            parsed.email = Value.toLowerCase();
        } else if (Name === 'email_verified') {
            if (Value !== 'true' && Value !== 'false')
                throw invalidParameter('email_verified must be "true" or "false".');
            parsed.emailVerified = Value === 'true';
        } else if (CUSTOM_NAME.test(Name)) {
            parsed.custom[Name] = Value;
        } else {
            throw invalidParameter(`Attribute does not exist in the schema: ${Name}`);
        }
    }
    return parsed;
}
