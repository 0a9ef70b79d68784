/**
 * The frontend part of an organisation's configuration (shell §3, §7
 * `GET /tenant-configuration/{tenantId}`); its defaults and resolution are in
 * domain/tenantConfiguration.ts.
 */
import { Type, type Static } from 'typebox';
import { addEditUserFromValues } from '../tenantConfiguration.js';
import { usernameRules } from '../userRules.js';

/** An organisation id as the browser sends it (letters, digits, `-`, `_`). */
const TenantId = Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' });

export const TenantConfigurationParams = Type.Object({ tenantId: TenantId });
export type TenantConfigurationParams = Static<typeof TenantConfigurationParams>;

/** A 24-hour `HH:MM` time of day. */
const ClockTime = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' });

/** An organisation's business hours, local time of the depot. */
export const BusinessHours = Type.Object({
    /** `HH:MM`, local time of the depot. */
    from: ClockTime,
    /** `HH:MM`, local time of the depot; the whole minute counts as inside. */
    to: ClockTime,
});
export type BusinessHours = Static<typeof BusinessHours>;

/** The frontend configuration, each value resolved to its default where unset (shell §9). */
export const TenantFrontendConfiguration = Type.Object({
    businessHours: BusinessHours,
    addEditUserFrom: Type.Enum(addEditUserFromValues),
    maxTemporaryUsersPerDepot: Type.Integer({ minimum: 0 }),
    hidePhoneNumberLastDigits: Type.Boolean(),
    liveDashboardRefreshIntervalInSec: Type.Integer({ minimum: 1 }),
    liveStatusShowLastUpdatedTime: Type.Boolean(),
    deviceMappingServices: Type.Array(Type.String()),
    /** The username rule of the organisation's driver accounts (docs/decisions.md). */
    driverUsernameRule: Type.Enum(usernameRules),
});
export type TenantFrontendConfiguration = Static<typeof TenantFrontendConfiguration>;

/** The answer of `GET /tenant-configuration/{tenantId}` (shell §3). */
export const TenantConfiguration = Type.Object({
    id: Type.String(),
    frontend: TenantFrontendConfiguration,
});
export type TenantConfiguration = Static<typeof TenantConfiguration>;
