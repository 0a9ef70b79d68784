import type { UserType } from '../../../domain/enums.js';
import { ADMIN_ROLE_ID, SUPER_ADMIN_ROLE_ID } from '../../../domain/roles.js';

/** Where a grant is scoped: all tenants (''), the organisation, a region, a depot or a subcontractor. */
export type GrantLevel = 'all' | 'tenant' | 'group' | 'depot' | 'subcontractor';

/** One back-office user to create: its type and its roles; the first role is its main one. */
export interface StaffSeat {
    type: Exclude<UserType, 'Driver' | 'TempDriver'>;
    grants: readonly (readonly [roleId: string, level: GrantLevel])[];
}

/** The platform's own staff, who belong to no organisation. */
export const platformSeats: readonly StaffSeat[] = [
    { type: 'Admin', grants: [[SUPER_ADMIN_ROLE_ID, 'all']] },
    { type: 'Admin', grants: [[ADMIN_ROLE_ID, 'all']] },
    { type: 'Admin', grants: [[ADMIN_ROLE_ID, 'all']] },
    { type: 'Fieldops', grants: [['role-ecl-admin', 'all']] },
];

const depotManager: StaffSeat = { type: 'BackofficeManager', grants: [['role-depot-standard', 'depot']] };
const driverSupport: StaffSeat = {
    type: 'DistributionCenterManager',
    grants: [
        ['role-depot-driver-device', 'depot'],
        ['role-services-standard', 'depot'],
    ],
};

/** The staff of each organisation: every back-office user type and every non-admin role. */
export const organisationSeats: readonly StaffSeat[] = [
    { type: 'BackofficeManager', grants: [['role-organization-admin', 'tenant']] },
    { type: 'BackofficeManager', grants: [['role-tenant-standard', 'tenant']] },
    { type: 'BackofficeManager', grants: [['role-ecl-organization', 'tenant']] },
    depotManager,
    depotManager,
    depotManager,
    depotManager,
    depotManager,
    {
        type: 'BackofficeManager',
        grants: [
            ['role-depot-bo-account-management', 'depot'],
            ['role-depot-standard', 'depot'],
        ],
    },
    { type: 'BackofficeManager', grants: [['role-depot-data-analysis', 'group']] },
    {
        type: 'BackofficeManager',
        grants: [
            ['role-ecl-depot', 'depot'],
            ['role-depot-data-analysis', 'depot'],
        ],
    },
    driverSupport,
    driverSupport,
    { type: 'DistributionCenterManager', grants: [['role-services-standard', 'group']] },
    {
        type: 'Fieldops',
        grants: [
            ['role-ecl-services', 'group'],
            ['role-services-standard', 'group'],
        ],
    },
    { type: 'Fieldops', grants: [['role-services-standard', 'group']] },
    { type: 'SubContractorManager', grants: [['role-suco-standard', 'subcontractor']] },
    { type: 'SubContractorManager', grants: [['role-suco-standard', 'subcontractor']] },
    { type: 'SubContractorUser', grants: [['role-suco-standard', 'subcontractor']] },
    { type: 'SubContractorUser', grants: [['role-suco-standard', 'subcontractor']] },
];
