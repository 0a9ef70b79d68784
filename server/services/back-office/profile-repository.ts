import { eq, sql } from 'drizzle-orm';
import type { UserProfile } from '../../../domain/contracts/profile.js';
import { initialsOf } from '../../../domain/profile.js';
import { tenantIdsOf } from '../../../domain/permissions.js';
import type { Caller } from '../../access/caller-repository.js';
import type { Queryable } from '../../db/client.js';
import { preparedStatement } from '../../db/prepared.js';
import { referenceData } from '../../db/reference-data.js';
import { userSettings, users } from '../../db/schema/index.js';
import { scopeLevelOf, scopeNames } from './scope-names.js';

/** Whose profile: the user and their role assignments (the caller, or another user). */
export type ProfileSubject = Pick<Caller, 'userId' | 'assignments' | 'actions'>;

/**
 * Builds a user's profile (shell §3 User profile) from the user row, settings and assignments.
 * `withSettings: false` leaves `settings` null: another user's settings are private.
 */
export async function loadProfile(
    db: Queryable,
    caller: ProfileSubject,
    options: { withSettings?: boolean } = {},
): Promise<UserProfile> {
    const withSettings = options.withSettings ?? true;
    const tenantIds = tenantIdsOf(caller.actions);
    const [rows, data, names] = await Promise.all([
        preparedStatement(db, 'profile_user_and_settings', (query, name) =>
            query
                .select({ user: users, settings: userSettings })
                .from(users)
                .leftJoin(userSettings, eq(userSettings.userId, users.id))
                .where(eq(users.id, sql.placeholder('id')))
                .limit(1)
                .prepare(name),
        ).execute({ id: caller.userId }),
        referenceData(db),
        scopeNames(
            db,
            caller.assignments.map((assignment) => assignment.scopePath),
        ),
    ]);
    const ownTenants = tenantIds === 'ALL' ? undefined : new Set(tenantIds);
    const tenantRows = data.tenants
        .filter((tenant) => !ownTenants || ownTenants.has(tenant.id))
        .map((tenant) => ({ id: tenant.id, name: tenant.name }));
    const user = rows[0]?.user;
    if (!user) throw new Error(`user ${caller.userId} vanished while loading the profile`);
    // Another user's settings are private.
    const settings = withSettings ? rows[0]?.settings : undefined;
    return {
        id: user.id,
        email: user.email ?? '',
        firstName: user.firstName,
        lastName: user.lastName,
        initials: initialsOf(user.firstName, user.lastName),
        mobilePhone: user.mobilePhone,
        landLine: user.landLine,
        created: user.createdAt.toISOString(),
        lastLogin: user.lastLoginAt?.toISOString() ?? null,
        settings: settings
            ? {
                  dateFormat: settings.dateFormat,
                  timeFormat: settings.timeFormat,
                  lengthFormat: settings.lengthFormat,
                  weightFormat: settings.weightFormat,
                  numberFormat: settings.numberFormat,
              }
            : null,
        permissions: caller.assignments.map((assignment) => ({
            id: assignment.id,
            role: {
                id: assignment.role.id,
                name: assignment.role.name,
                actions: assignment.role.actions,
                context: assignment.role.contexts[0] ?? 'DEPOT',
            },
            scope:
                assignment.scopePath === '' && assignment.role.contexts.includes('ADMIN')
                    ? 'ADMIN'
                    : scopeLevelOf(assignment.scopePath),
            path: assignment.scopePath,
            scopeDetails: { name: names.get(assignment.scopePath) ?? assignment.scopePath },
        })),
        actions: caller.actions,
        tenants: tenantRows,
        type: user.type,
        version: user.version,
    };
}

/**
 * The caller's own profile (`GET /users/me`). The first time a session's token is seen, its
 * sign-in time (`authTime`) is recorded as the last login, so "last login" works the same with
 * the embedded endpoint and with a real Cognito pool.
 */
export async function loadOwnProfile(
    db: Queryable,
    caller: ProfileSubject,
    authTime: Date,
): Promise<UserProfile> {
    const profile = await loadProfile(db, caller);
    if (!profile.lastLogin || new Date(profile.lastLogin) < authTime) {
        await db.update(users).set({ lastLoginAt: authTime }).where(eq(users.id, caller.userId));
        profile.lastLogin = authTime.toISOString();
    }
    return profile;
}
