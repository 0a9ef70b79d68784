import type {
    BusinessHours,
    TenantFrontendConfiguration,
} from './contracts/tenant-configuration.js';
import { DEFAULT_USERNAME_RULE, isUsernameRule } from './userRules.js';

/**
 * The frontend part of a tenant configuration (shell §3, its shape in
 * contracts/tenant-configuration.ts) and its defaults (shell §9,
 * spec-decisions "Numbers the spec leaves open"). The server reads the values from the tenant's
 * latest client-configuration revision and falls back to these; the browser uses the same
 * defaults before the configuration has loaded.
 */

/** Shell §9: "Default business hours 00:00 to 23:59 if not configured". */
export const DEFAULT_BUSINESS_HOURS: BusinessHours = { from: '00:00', to: '23:59' };

/**
 * Where back-office users and courier accounts may be added and edited: only in the
 * organisation (tenant) context, only in the depot context, or in both (the default, so an
 * organisation without a setting keeps every page usable).
 */
export const addEditUserFromValues = ['TENANT', 'DEPOT', 'ALL'] as const;
export type AddEditUserFrom = (typeof addEditUserFromValues)[number];

/** Whether users may be added and edited in a view of this context; the admin view is never limited. */
export function mayAddEditUsersIn(
    context: 'admin' | 'tenant' | 'depot',
    setting: AddEditUserFrom | undefined,
): boolean {
    return usersAddedAndEditedIn(context, setting) === undefined;
}

/**
 * Where users are added and edited instead, when the organisation's setting does not allow it in
 * a view of this context ('TENANT': the organisation view, 'DEPOT': the depot view); undefined
 * when it is allowed here.
 */
export function usersAddedAndEditedIn(
    context: 'admin' | 'tenant' | 'depot',
    setting: AddEditUserFrom | undefined,
): Exclude<AddEditUserFrom, 'ALL'> | undefined {
    if (context === 'admin' || setting === undefined || setting === 'ALL') return undefined;
    return setting === (context === 'tenant' ? 'TENANT' : 'DEPOT') ? undefined : setting;
}

export const defaultTenantFrontendConfiguration: TenantFrontendConfiguration = {
    businessHours: DEFAULT_BUSINESS_HOURS,
    addEditUserFrom: 'ALL',
    // spec-decisions: courier-account cap when unset.
    maxTemporaryUsersPerDepot: 20,
    // Phone numbers are shown in full unless an organisation asks to hide the last digits.
    hidePhoneNumberLastDigits: false,
    // spec-decisions: live-dashboard refresh when unset.
    liveDashboardRefreshIntervalInSec: 60,
    liveStatusShowLastUpdatedTime: true,
    deviceMappingServices: [],
    driverUsernameRule: DEFAULT_USERNAME_RULE,
};

const CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** True for a 24-hour `HH:MM` time of day. */
export function isClockTime(value: unknown): value is string {
    return typeof value === 'string' && CLOCK_TIME.test(value);
}

/** Minutes since midnight of an `HH:MM` time, or null when it is not one. */
export function minutesOfClockTime(value: string): number | null {
    const match = CLOCK_TIME.exec(value);
    return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** Business hours with both ends valid `HH:MM` times; otherwise the defaults (never half of each). */
export function businessHoursOrDefault(
    hours: Partial<BusinessHours> | null | undefined,
): BusinessHours {
    return hours && isClockTime(hours.from) && isClockTime(hours.to)
        ? { from: hours.from, to: hours.to }
        : DEFAULT_BUSINESS_HOURS;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
const nonNegativeInteger = (value: unknown): value is number =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0;
const positiveInteger = (value: unknown): value is number => nonNegativeInteger(value) && value > 0;
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

/**
 * The frontend configuration from a stored client-configuration document (`{ frontend: {...} }`,
 * any shape: documents are saved by people) and the organisation's business hours. Each value
 * of the wrong type or missing falls back to its default on its own.
 */
export function resolveTenantFrontendConfiguration(
    document: unknown,
    businessHours: Partial<BusinessHours> | null | undefined,
): TenantFrontendConfiguration {
    const frontend = isRecord(document) && isRecord(document.frontend) ? document.frontend : {};
    const defaults = defaultTenantFrontendConfiguration;
    const pick = <T>(
        key: keyof TenantFrontendConfiguration,
        valid: (value: unknown) => value is T,
        fallback: T,
    ): T => (valid(frontend[key]) ? (frontend[key] as T) : fallback);
    const services = frontend.deviceMappingServices;
    return {
        businessHours: businessHoursOrDefault(businessHours),
        addEditUserFrom: pick(
            'addEditUserFrom',
            (value): value is AddEditUserFrom =>
                (addEditUserFromValues as readonly unknown[]).includes(value),
            defaults.addEditUserFrom,
        ),
        maxTemporaryUsersPerDepot: pick(
            'maxTemporaryUsersPerDepot',
            nonNegativeInteger,
            defaults.maxTemporaryUsersPerDepot,
        ),
        hidePhoneNumberLastDigits: pick(
            'hidePhoneNumberLastDigits',
            isBoolean,
            defaults.hidePhoneNumberLastDigits,
        ),
        liveDashboardRefreshIntervalInSec: pick(
            'liveDashboardRefreshIntervalInSec',
            positiveInteger,
            defaults.liveDashboardRefreshIntervalInSec,
        ),
        liveStatusShowLastUpdatedTime: pick(
            'liveStatusShowLastUpdatedTime',
            isBoolean,
            defaults.liveStatusShowLastUpdatedTime,
        ),
        deviceMappingServices: Array.isArray(services)
            ? services.filter(
                  (service): service is string => typeof service === 'string' && service !== '',
              )
            : [...defaults.deviceMappingServices],
        driverUsernameRule: pick('driverUsernameRule', isUsernameRule, defaults.driverUsernameRule),
    };
}

/**
 * The browser sends a tenant id with underscores replaced by hyphens (shell §7); the server
 * compares ids in this form.
 */
export function tenantConfigurationKey(tenantId: string): string {
    return tenantId.replaceAll('_', '-');
}
