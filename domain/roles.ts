import type { RoleContext } from './enums.js';

/**
 * The platform's technical roles (domain §6, shell §3) as data. They belong to no organisation
 * (`tenant_id` null), keep fixed ids so assignments survive renames, and are upserted at every
 * boot. The super admin is its own role ('Super Admin': admin + super-admin) so that granting
 * it is one assignment and it shows up by name in the permissions table.
 */
export interface TechnicalRole {
    id: string;
    name: string;
    contexts: RoleContext[];
    /** Codes from domain/actions.ts; every `requires` of a code is in the same list. */
    actions: string[];
    visibilityPath: '';
    /** Fixed roles (Admin, DRIVER, TEMP_DRIVER) cannot be edited or deleted. */
    fixed: boolean;
}

const liveStatus = [
    'r:tour',
    'r:live-status-map',
    'r:tour-details',
    'r:tour-device',
    'r:tour-details-driver-location',
];
const dailyActivities = [
    'r:tour-activity',
    'r:tour-activity-full',
    'r:tour-location-history',
    'r:rtt',
    'r:tour-activity-recommendations',
];
const analytics = [
    'r:depot-landing-page',
    ...liveStatus,
    ...dailyActivities,
    'r:tour-perf',
    'r:rtt-dashboard',
    'r:last-meter-locations',
    'r:health-status',
];
const deviceService = ['r:device', 'r:device-service', 'c:device-service'];
const driverManagement = ['r:suco', 'r:driver', 'c:driver', 'u:driver', 'd:driver'];
const courierManagement = [
    'r:temp-driver',
    'c:temp-driver',
    'u:temp-driver',
    'd:temp-driver',
    'activate-user',
    'deactivate-user',
];
const tenantReports = [
    'r:product-reports',
    'r:route-reports',
    'r:rtt-reports',
    'r:cloud-tracking-reports',
    'r:places-dgw-reports',
    'r:places-deep-int-reports',
];
const tracking = ['r:tenant-dcs', 'r:parcel-finder', 'r:rtt-reports', 'r:cloud-tracking-reports'];

export const ADMIN_ROLE_ID = 'role-admin';
export const SUPER_ADMIN_ROLE_ID = 'role-super-admin';
export const DRIVER_ROLE_ID = 'role-driver';
export const TEMP_DRIVER_ROLE_ID = 'role-temp-driver';

export const technicalRoles: readonly TechnicalRole[] = [
    {
        id: ADMIN_ROLE_ID,
        name: 'Admin',
        contexts: ['ADMIN'],
        actions: ['admin'],
        visibilityPath: '',
        fixed: true,
    },
    {
        id: SUPER_ADMIN_ROLE_ID,
        name: 'Super Admin',
        contexts: ['ADMIN'],
        actions: ['admin', 'super-admin'],
        visibilityPath: '',
        fixed: false,
    },
    // App accounts: no back-office feature; the role marks the account kind on its subcontractor scope.
    {
        id: DRIVER_ROLE_ID,
        name: 'DRIVER',
        contexts: ['SUBCONTRACTOR'],
        actions: [],
        visibilityPath: '',
        fixed: true,
    },
    {
        id: TEMP_DRIVER_ROLE_ID,
        name: 'TEMP_DRIVER',
        contexts: ['SUBCONTRACTOR'],
        actions: [],
        visibilityPath: '',
        fixed: true,
    },
    {
        id: 'role-depot-data-analysis',
        name: 'Data Analysis Access (Depot)',
        contexts: ['DEPOT'],
        actions: analytics,
        visibilityPath: '',
        fixed: false,
    },
    {
        id: 'role-depot-driver-device',
        name: 'Driver & Device Management (Depot)',
        contexts: ['DEPOT'],
        actions: [
            ...deviceService,
            ...driverManagement,
            ...courierManagement,
            'can-assign-permission',
        ],
        visibilityPath: '',
        fixed: false,
    },
    {
        id: 'role-depot-standard',
        name: 'Standard Access (Depot)',
        contexts: ['DEPOT'],
        actions: [
            ...analytics,
            'r:device',
            'r:device-service',
            'r:suco',
            'r:driver',
            'r:temp-driver',
            'r:upload-jobs',
            'r:address-location-correction',
            'r:better-planner',
        ],
        visibilityPath: '',
        fixed: false,
    },
    // The spec names the ECL access levels without defining them. We read them as read access to
    // tracking (tours, RTT, parcel finder, tracking reports) at the level in the name: Admin = all
    // organisations (assigned on ''), Organization = one tenant, Services = a region, Depot = a depot.
    {
        id: 'role-ecl-admin',
        name: 'ECL Access (Admin)',
        contexts: ['TENANT'],
        actions: [...tracking, 'r:health-status', 'r:dgw-pages'],
        visibilityPath: '',
        fixed: false,
    },
    {
        id: 'role-ecl-depot',
        name: 'ECL Access (Depot)',
        contexts: ['DEPOT'],
        actions: [
            'r:tour',
            'r:tour-details',
            'r:tour-activity',
            'r:rtt',
            'r:rtt-dashboard',
            'r:last-meter-locations',
        ],
        visibilityPath: '',
        fixed: false,
    },
    {
        id: 'role-ecl-services',
        name: 'ECL Access (Services)',
        contexts: ['DEPOT'],
        actions: [
            'r:tour',
            'r:tour-details',
            'r:tour-details-driver-location',
            'r:tour-activity',
            'r:rtt',
            'r:tour-location-history',
            'r:last-meter-locations',
        ],
        visibilityPath: '',
        fixed: false,
    },
    {
        id: 'role-ecl-organization',
        name: 'ECL Access (Organization)',
        contexts: ['TENANT'],
        actions: [...tracking, 'r:product-reports'],
        visibilityPath: '',
        fixed: false,
    },
    {
        id: 'role-depot-bo-account-management',
        name: 'BO-Account-Management (Depot)',
        contexts: ['DEPOT'],
        actions: [
            'r:bo-user',
            'c:bo-user',
            'u:bo-user',
            'd:bo-user',
            'can-assign-permission',
            'can-remove-permission',
        ],
        visibilityPath: '',
        fixed: false,
    },
    {
        id: 'role-services-standard',
        name: 'Standard Access (Services)',
        contexts: ['DEPOT'],
        actions: [
            ...liveStatus,
            ...dailyActivities,
            'r:tour-perf',
            'r:health-status',
            ...deviceService,
            'r:suco',
            'r:driver',
            'u:driver',
            'r:temp-driver',
            'u:temp-driver',
            'activate-user',
            'deactivate-user',
            'can-assign-permission',
            'r:address-location-correction',
        ],
        visibilityPath: '',
        fixed: false,
    },
    {
        id: 'role-suco-standard',
        name: 'Standard Access (SuCo)',
        contexts: ['SUBCONTRACTOR'],
        actions: ['r:suco', 'r:driver'],
        visibilityPath: '',
        fixed: false,
    },
    {
        id: 'role-organization-admin',
        name: 'Organization Admin',
        contexts: ['TENANT'],
        actions: [
            'tenant-admin',
            'r:tenant-dcs',
            ...tenantReports,
            'r:parcel-finder',
            'r:depot-mgmt-list',
            'c:depot',
            'u:depot',
            'r:api-access-management',
            'w:api-access-management',
            'r:app-user-licences',
            'r:dgw-pages',
            'r:role',
            'c:role',
            'u:role',
            'd:role',
        ],
        visibilityPath: '',
        fixed: false,
    },
    {
        id: 'role-tenant-standard',
        name: 'Standard Access (Tenant)',
        contexts: ['TENANT', 'DEPOT'],
        actions: [
            'r:tenant-dcs',
            ...tenantReports,
            'r:parcel-finder',
            'r:depot-mgmt-list',
            'r:app-user-licences',
            'r:dgw-pages',
            'r:health-status',
            ...liveStatus,
            ...dailyActivities,
            'r:tour-perf',
            'r:rtt-dashboard',
        ],
        visibilityPath: '',
        fixed: false,
    },
];

/** The technical role with this id; throws when there is none (a programming error). */
export function technicalRole(id: string): TechnicalRole {
    const role = technicalRoles.find((candidate) => candidate.id === id);
    if (!role) throw new Error(`unknown technical role ${id}`);
    return role;
}
