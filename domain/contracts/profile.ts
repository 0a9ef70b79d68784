/** The user profile (shell §3 User profile, §7 `GET /users/me`, `GET /users/{hashId}`). */
import { Type, type Static } from 'typebox';
import { roleContexts, scopeLevels, userTypes } from '../enums.js';
import { IdName } from './common.js';
import { UserSettings } from './settings.js';

const actionsByPath = Type.Record(Type.String(), Type.Array(Type.String()));

/**
 * The actions of a user's profile grouped by context (shell §6): ADMIN holds plain action
 * codes; TENANT, DEPOT and SUBCONTRACTOR map a scope path to the action codes granted there.
 * A TENANT entry with the empty path means "all tenants".
 */
export const ProfileActions = Type.Object({
    ADMIN: Type.Array(Type.String()),
    TENANT: actionsByPath,
    DEPOT: actionsByPath,
    SUBCONTRACTOR: actionsByPath,
});
export type ProfileActions = Static<typeof ProfileActions>;

/** One permission of the profile (shell §3 User profile). */
export const ProfilePermission = Type.Object({
    id: Type.String(),
    role: Type.Object({
        id: Type.String(),
        name: Type.String(),
        actions: Type.Array(Type.String()),
        context: Type.Enum(roleContexts),
    }),
    scope: Type.Enum(scopeLevels),
    path: Type.String(),
    scopeDetails: Type.Object({ name: Type.String() }),
});
export type ProfilePermission = Static<typeof ProfilePermission>;

/** The answer of `GET /users/me` and `GET /users/{hashId}` (shell §3, §7). */
export const UserProfile = Type.Object({
    id: Type.String(),
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    initials: Type.String(),
    mobilePhone: Type.Union([Type.String(), Type.Null()]),
    landLine: Type.Union([Type.String(), Type.Null()]),
    created: Type.String({ format: 'date-time' }),
    lastLogin: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    /** Null until the user saves a setting, and always for another user's profile (private). */
    settings: Type.Union([UserSettings, Type.Null()]),
    permissions: Type.Array(ProfilePermission),
    actions: ProfileActions,
    tenants: Type.Array(IdName),
    /** The user's type and record version (for the edit dialog's optimistic concurrency). */
    type: Type.Enum(userTypes),
    version: Type.Integer({ minimum: 1 }),
});
export type UserProfile = Static<typeof UserProfile>;
