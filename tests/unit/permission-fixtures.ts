import type { RoleContext } from '../../domain/enums.js';
import type {
    EditableRole,
    PermissionEditing,
    UserAssignment,
} from '../../domain/permissionRows.js';
import { buildProfileActions, type ProfileActions } from '../../domain/permissions.js';

/** Profile actions from `[contexts, actions, scopePath]` triples. */
export function profile(...assignments: [RoleContext[], string[], string][]): ProfileActions {
    return buildProfileActions(
        assignments.map(([contexts, actions, scopePath]) => ({ contexts, actions, scopePath })),
    );
}

export const D1 = 't1.DE.g1.d1';
export const D2 = 't1.DE.g1.d2';
export const S1 = `${D1}.s1`;
export const S2 = `${D1}.s2`;

export const admin = profile([['ADMIN'], ['admin'], '']);
export const superAdmin = profile([['ADMIN'], ['admin', 'super-admin'], '']);
export const tenantAdminT1 = profile([['TENANT'], ['tenant-admin'], 't1']);
export const tenantAdminAll = profile([['TENANT'], ['tenant-admin'], '']);
export const depotManagerD1 = profile([
    ['DEPOT'],
    ['r:bo-user', 'c:bo-user', 'u:bo-user', 'd:bo-user'],
    D1,
]);
export const nobody = profile();

export const roles = {
    depot: {
        id: 'depot-std',
        name: 'Standard Access (Depot)',
        contexts: ['DEPOT'],
        visibilityPath: '',
    },
    depotBo: {
        id: 'depot-bo',
        name: 'BO-Account-Management (Depot)',
        contexts: ['DEPOT'],
        visibilityPath: '',
    },
    depotT2: {
        id: 'depot-t2',
        name: 'Depot role of t2',
        contexts: ['DEPOT'],
        visibilityPath: 't2',
    },
    tenant: {
        id: 'tenant-std',
        name: 'Standard Access (Tenant)',
        contexts: ['TENANT'],
        visibilityPath: '',
    },
    tenantDepot: {
        id: 'tenant-depot',
        name: 'Tenant and depot',
        contexts: ['TENANT', 'DEPOT'],
        visibilityPath: '',
    },
    suco: {
        id: 'suco-std',
        name: 'Standard Access (SuCo)',
        contexts: ['SUBCONTRACTOR'],
        visibilityPath: '',
    },
    driver: { id: 'driver', name: 'DRIVER', contexts: ['SUBCONTRACTOR'], visibilityPath: '' },
    admin: { id: 'admin', name: 'Admin', contexts: ['ADMIN'], visibilityPath: '' },
} satisfies Record<string, EditableRole>;
export const allRoles: EditableRole[] = Object.values(roles);

export function editing(
    editor: ProfileActions,
    context: PermissionEditing['context'],
    current: UserAssignment[] = [],
): PermissionEditing {
    return { editor, context, roles: allRoles, current };
}
