import type { BackOfficeUser } from '../../../../domain/contracts/back-office-users.js';
import { backOfficeUserTypes } from '../../../../domain/enums.js';
import {
    isAdmin,
    isSubcontractorPath,
    type ProfileActions,
} from '../../../../domain/permissions.js';
import { splitScopePath } from '../../../../domain/scopePath.js';
import type { Database, Queryable } from '../../../db/client.js';
import { conflict, notFound } from '../../../errors.js';
import type { IdentityAdmin } from '../../../identity/admin-client.js';
import { mayEditUser, readableScopes, type ReachAssignment } from './access.js';
import { loadBackOfficeUsers } from './list-repository.js';
import { findUserWithAssignments, type StoredAssignment, type UserRow } from './user-repository.js';

/** What the user writes need besides the request: the database and the identity directory. */
export interface UserWriteServices {
    db: Database;
    identityAdmin: IdentityAdmin;
}

const backOfficeTypes: readonly string[] = backOfficeUserTypes;
export const isBackOfficeUser = (user: UserRow) => backOfficeTypes.includes(user.type);
export const tenantOfPath = (path: string) => splitScopePath(path)[0] ?? null;

export const duplicateEmail = () =>
    conflict('DUPLICATE_EMAIL', 'A user with this e-mail address already exists.', [
        { field: '/body/email', message: 'email is already used' },
    ]);
export const duplicatePhone = () =>
    conflict('DUPLICATE_PHONE_NUMBER', 'Another user already has this phone number.', [
        { field: '/body/mobilePhone', message: 'phone number is already used' },
    ]);

/** The user's distinct phone numbers. */
export const phonesOf = (data: { mobilePhone: string | null; landLine: string | null }) => [
    ...new Set(
        [data.mobilePhone, data.landLine].filter((phone): phone is string => phone !== null),
    ),
];

/** The identity's canonical username: lower-case e-mail for back-office users, `email ?? username` for app accounts. */
export const identityNameOf = (user: UserRow) => (user.email ?? user.username ?? '').toLowerCase();

/** The one subcontractor a user's scopes name, when every scope is on the same five-part path. */
export function singleSubcontractor(paths: readonly string[]): string | null {
    const unique = [...new Set(paths)];
    return unique.length === 1 && unique[0] !== undefined && isSubcontractorPath(unique[0])
        ? unique[0]
        : null;
}

/** The stored assignments as the reach rules of access.ts read them. */
export const reach = (assignments: readonly StoredAssignment[]): ReachAssignment[] =>
    assignments.map((assignment) => ({
        scopePath: assignment.scopePath,
        contexts: assignment.contexts,
    }));

/**
 * The back-office user `hashId` with its assignments, when the caller may edit it (u:bo-user
 * covering one of its assignments); 404 otherwise, as for an unknown id. `lock` holds the row
 * for the transaction.
 */
export async function findEditableBackOfficeUser(
    db: Queryable,
    actions: ProfileActions,
    hashId: string,
    options: { lock?: boolean } = {},
): Promise<{ user: UserRow; assignments: StoredAssignment[] }> {
    const found = await findUserWithAssignments(db, hashId, options);
    if (!found || !isBackOfficeUser(found.user) || !mayEditUser(actions, reach(found.assignments)))
        throw notFound(`User ${hashId}`);
    return found;
}

/** The answer of a write: the user as the caller may see it (404 when it is not a back-office user). */
export async function userAnswer(
    db: Queryable,
    id: string,
    actions: ProfileActions,
): Promise<BackOfficeUser> {
    const [record] = await loadBackOfficeUsers(
        db,
        [id],
        isAdmin(actions) ? 'ALL' : readableScopes(actions),
    );
    if (!record) throw notFound(`User ${id}`);
    return record;
}
