import type { ProfilePermission } from './contracts/profile.js';
import { can } from './permissionChecks.js';
import { isAdmin, type ProfileActions } from './permissions.js';

/** The action that lets a viewer edit a back-office user's data (shell §6: "Back-office user edit needs the update action"). */
const UPDATE_BACK_OFFICE_USER = 'u:bo-user';

/**
 * True when the viewer may edit another back-office user's data (the Edit button of
 * `/users/profile/:userHashId`, shell §2.4): admins always; others need `u:bo-user` covering
 * one of the user's scopes. A tenant grant also covers the depot and subcontractor scopes below
 * it. A user holding an admin permission, or none at all, is editable by admins only. The
 * browser only decides whether to offer the button; the server checks again.
 */
export function canEditBackOfficeUser(
    viewer: ProfileActions,
    user: { permissions: readonly Pick<ProfilePermission, 'path' | 'role'>[] },
): boolean {
    if (isAdmin(viewer)) return true;
    if (user.permissions.some((permission) => permission.role.context === 'ADMIN')) return false;
    return user.permissions.some(({ path, role }) => {
        const inTenant = can(viewer, UPDATE_BACK_OFFICE_USER, { context: 'tenant', path });
        return role.context === 'TENANT'
            ? inTenant
            : inTenant || can(viewer, UPDATE_BACK_OFFICE_USER, { context: 'depot', path });
    });
}
