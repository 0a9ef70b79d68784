import { can, canAnywhereUnder, type PermissionTarget } from '../../../domain/permissionChecks';
import type { ProfileActions } from '../../../domain/permissions';
import {
    mayAddEditUsersIn,
    usersAddedAndEditedIn,
    type AddEditUserFrom,
} from '../../../domain/tenantConfiguration';
import type { UserView } from '../../dataProviders/backOfficeUsersDataProvider';

/** What the back-office user list offers in a view (issue 5): add, edit data, edit permissions, delete. */
export interface UserListAccess {
    /** The viewer may add or edit users here, but the organisation's setting sends them to this view. */
    addEditElsewhere?: 'TENANT' | 'DEPOT';
    add: boolean;
    editData: boolean;
    editPermissions: boolean;
    delete: boolean;
}

const targetOf = (view: UserView): PermissionTarget =>
    view.context === 'admin'
        ? { context: 'admin' }
        : { context: view.context, ...(view.path ? { path: view.path } : {}) };

/**
 * The list's actions for the viewer in `view`: c:bo-user, u:bo-user and d:bo-user granted
 * somewhere under the view's scope (each row is checked again by the server), limited by the
 * organisation's setting for adding and editing. Permissions are edited with u:bo-user too.
 */
export function userListAccess(
    actions: ProfileActions,
    view: UserView,
    setting: AddEditUserFrom | undefined,
): UserListAccess {
    const target = targetOf(view);
    const allowed = mayAddEditUsersIn(view.context, setting);
    const holds = (code: string) => canAnywhereUnder(actions, code, target);
    const update = allowed && holds('u:bo-user');
    const elsewhere = usersAddedAndEditedIn(view.context, setting);
    return {
        ...(elsewhere && (holds('c:bo-user') || holds('u:bo-user'))
            ? { addEditElsewhere: elsewhere }
            : {}),
        add: allowed && holds('c:bo-user'),
        editData: update,
        editPermissions: update,
        delete: holds('d:bo-user'),
    };
}

/** Whether a row's user may be changed by the viewer: a grant covering one of the user's scopes in the view (or the whole view). */
export function mayActOnUser(
    actions: ProfileActions,
    code: string,
    view: UserView,
    userPaths: readonly string[],
): boolean {
    if (can(actions, code, targetOf(view))) return true;
    if (view.context === 'admin') return false;
    return userPaths.some(
        (path) =>
            can(actions, code, { context: view.context, path }) ||
            (view.context === 'tenant' && can(actions, code, { context: 'depot', path })),
    );
}

/** The users the viewer may be offered to delete: never themselves (the server refuses it). */
export function deletableByViewer<User extends { id: string | number }>(
    users: readonly User[],
    viewerId: string | undefined,
): User[] {
    return users.filter((user) => String(user.id) !== viewerId);
}
