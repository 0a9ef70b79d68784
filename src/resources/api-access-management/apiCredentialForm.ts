import { DEFAULT_TIME_ZONE, zonedParts } from '../../../domain/formatting';
import {
    CREDENTIAL_MAX_LIFETIME_DAYS,
    CREDENTIAL_NAME_MAX,
    CREDENTIAL_NAME_MIN,
    normaliseScopes,
    type ApiScope,
} from '../../../domain/apiAccess';
import type { ApiCredential } from '../../../domain/contracts/api-access';

/** The create and edit dialogs' values: the expiry is a calendar day (ends at its last second, local time) or never. */
export interface ApiCredentialFormValues {
    name: string;
    scopes: string[];
    neverExpires: boolean;
    /** YYYY-MM-DD; ignored when `neverExpires`. */
    expiryDate: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Expiry days are calendar days of the time zone the pages show times in (Europe/Berlin by
 * default, shell §9), so the chosen day and the shown expiry agree whatever the browser's zone.
 */
export function dayIn(date: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
    const parts = zonedParts(date, timeZone);
    if (!parts) return '';
    return `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`;
}

/** The last minute of a calendar day in `timeZone` (23:59:59 there), as an ISO time. */
export function endOfDayIn(day: string, timeZone: string = DEFAULT_TIME_ZONE): string {
    const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
    const wanted = Date.UTC(year, month - 1, date, 23, 59, 59);
    let guess = wanted;
    // Two rounds settle any offset, also across a daylight-saving change.
    for (let round = 0; round < 2; round++) {
        const parts = zonedParts(guess, timeZone);
        if (!parts) break;
        const shown = Date.UTC(
            parts.year,
            parts.month - 1,
            parts.day,
            parts.hour,
            parts.minute,
            59,
        );
        guess += wanted - shown;
    }
    return new Date(guess).toISOString();
}

const addDays = (day: string, days: number) => {
    const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
    const moved = new Date(Date.UTC(year, month - 1, date + days));
    return `${moved.getUTCFullYear()}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())}`;
};

/** The first and last day an expiry may be chosen on (today, and two years ahead less a day of margin). */
export function expiryBounds(
    now: Date = new Date(),
    timeZone: string = DEFAULT_TIME_ZONE,
): { min: string; max: string } {
    const today = dayIn(now, timeZone);
    return { min: today, max: addDays(today, CREDENTIAL_MAX_LIFETIME_DAYS - 1) };
}

/** A new credential's defaults: both scopes unchecked, expiring in a year. */
export function newCredentialValues(
    now: Date = new Date(),
    timeZone: string = DEFAULT_TIME_ZONE,
): ApiCredentialFormValues {
    return {
        name: '',
        scopes: [],
        neverExpires: false,
        expiryDate: addDays(dayIn(now, timeZone), 365),
    };
}

/** An existing credential's values. */
export function credentialValues(
    credential: ApiCredential,
    timeZone: string = DEFAULT_TIME_ZONE,
): ApiCredentialFormValues {
    return {
        name: credential.name,
        scopes: [...credential.scopes],
        neverExpires: credential.expiresAt === null,
        expiryDate: credential.expiresAt
            ? dayIn(new Date(credential.expiresAt), timeZone)
            : addDays(dayIn(new Date(), timeZone), 365),
    };
}

/** The expiry a form's values mean (null: never). */
function expiresAtOf(
    values: ApiCredentialFormValues,
    timeZone: string = DEFAULT_TIME_ZONE,
): string | null {
    return values.neverExpires ? null : endOfDayIn(values.expiryDate, timeZone);
}

/** The body of a create. */
export function createBodyOf(values: ApiCredentialFormValues, tenantId: string) {
    return {
        tenantId,
        name: values.name.trim(),
        scopes: normaliseScopes(values.scopes),
        expiresAt: expiresAtOf(values),
    };
}

/** The body of an update: an expiry day left as it was keeps the stored time exactly (so an expired credential can be renamed). */
export function updateBodyOf(
    values: ApiCredentialFormValues,
    credential: ApiCredential,
): { name: string; scopes: ApiScope[]; expiresAt: string | null; version: number } {
    const unchanged =
        !values.neverExpires &&
        credential.expiresAt !== null &&
        dayIn(new Date(credential.expiresAt)) === values.expiryDate;
    return {
        name: values.name.trim(),
        scopes: normaliseScopes(values.scopes),
        expiresAt: unchanged ? credential.expiresAt : expiresAtOf(values),
        version: credential.version,
    };
}

/** Translation keys of the form's faults by field (empty: valid). `originalDay` is accepted as is (an unchanged expiry). */
export function credentialFormErrors(
    values: ApiCredentialFormValues,
    now: Date = new Date(),
    originalDay?: string,
): Partial<Record<keyof ApiCredentialFormValues, string>> {
    const errors: Partial<Record<keyof ApiCredentialFormValues, string>> = {};
    const name = values.name.trim();
    if (name.length < CREDENTIAL_NAME_MIN) errors.name = 'app.apiAccess.validation.nameShort';
    else if (values.name.length > CREDENTIAL_NAME_MAX)
        errors.name = 'app.apiAccess.validation.nameLong';
    if (normaliseScopes(values.scopes).length === 0)
        errors.scopes = 'app.apiAccess.validation.scopes';
    if (!values.neverExpires && values.expiryDate !== originalDay) {
        const { min, max } = expiryBounds(now);
        if (!/^\d{4}-\d{2}-\d{2}$/.test(values.expiryDate))
            errors.expiryDate = 'app.apiAccess.validation.expiryMissing';
        else if (values.expiryDate < min) errors.expiryDate = 'app.apiAccess.validation.expiryPast';
        else if (values.expiryDate > max) errors.expiryDate = 'app.apiAccess.validation.expiryFar';
    }
    return errors;
}
