/**
 * Enumerations shared by the server (database enums, TypeBox schemas) and the browser.
 * Each is a `const` array so the same values feed every layer.
 */

export const userTypes = [
    'Admin',
    'BackofficeManager',
    'DistributionCenterManager',
    'SubContractorManager',
    'SubContractorUser',
    'Driver',
    'TempDriver',
    'Fieldops',
] as const;
export type UserType = (typeof userTypes)[number];

/** User types of driver-app accounts (drivers sign in to the app, not to the back office). */
export const driverAppUserTypes = ['Driver', 'TempDriver'] as const satisfies readonly UserType[];

/** User types that sign in to the back office with their e-mail address. */
export const backOfficeUserTypes = [
    'Admin',
    'BackofficeManager',
    'DistributionCenterManager',
    'SubContractorManager',
    'SubContractorUser',
    'Fieldops',
] as const satisfies readonly UserType[];

export const roleContexts = ['ADMIN', 'TENANT', 'DEPOT', 'SUBCONTRACTOR'] as const;
export type RoleContext = (typeof roleContexts)[number];

/** The three contexts a user works in (shell §1). */
export const appContexts = ['admin', 'tenant', 'depot'] as const;
export type AppContext = (typeof appContexts)[number];

/** Levels of the scope tree, top to bottom (shell §3, scope tree node `scope`). */
export const scopeLevels = [
    'ADMIN',
    'TENANT',
    'COUNTRY',
    'GROUP',
    'DISTRIBUTION_CENTER',
    'SUBCONTRACTOR',
] as const;
export type ScopeLevel = (typeof scopeLevels)[number];

export const dateFormats = [
    'DATE_L_PERIOD',
    'DATE_L_SLASH',
    'DATE_B_SLASH',
    'DATE_M_DASH',
] as const;
export const timeFormats = ['TIME_24_HOURS', 'TIME_12_HOURS_A'] as const;
export const lengthFormats = ['LENGTH_METRIC', 'LENGTH_IMPERIAL'] as const;
export const weightFormats = ['WEIGHT_METRIC', 'WEIGHT_IMPERIAL'] as const;
export const numberFormats = ['DE', 'EN'] as const;

export type DateFormat = (typeof dateFormats)[number];
export type TimeFormat = (typeof timeFormats)[number];
export type LengthFormat = (typeof lengthFormats)[number];
export type WeightFormat = (typeof weightFormats)[number];
export type NumberFormat = (typeof numberFormats)[number];

/** The 17 UI languages; English is the fallback (spec-decisions: Languages). */
export const languages = [
    'en',
    'de',
    'fr',
    'it',
    'es',
    'pt',
    'nl',
    'pl',
    'cs',
    'sk',
    'hu',
    'ro',
    'hr',
    'sl',
    'da',
    'sv',
    'fi',
] as const;
export type Language = (typeof languages)[number];

/** Sortable columns of `GET /api/v3/users/app` (`sort=<field>,asc|desc`). */
export const appUserSortFields = [
    'lastName',
    'firstName',
    'username',
    'subcontractorName',
    'vehicleNumber',
    'lastLogin',
    'created',
    'active',
] as const;
