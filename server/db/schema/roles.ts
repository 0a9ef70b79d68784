import { relations } from 'drizzle-orm';
import {
    boolean,
    index,
    integer,
    pgEnum,
    pgTable,
    text,
    timestamp,
    uniqueIndex,
} from 'drizzle-orm/pg-core';
import { roleContexts } from '../../../domain/enums.js';
import { tenants } from './organisations.js';
import { users } from './users.js';

export const roleContextEnum = pgEnum('role_context', roleContexts);

/** A role: a named set of actions usable in one or more contexts (shell §3, domain §3 Role). */
export const roles = pgTable(
    'roles',
    {
        id: text('id').primaryKey(),
        /** Null for the platform's technical roles; otherwise the organisation that owns the role. */
        tenantId: text('tenant_id').references(() => tenants.id),
        name: text('name').notNull(),
        contexts: roleContextEnum('contexts').array().notNull(),
        actions: text('actions').array().notNull(),
        /** Where the role may be assigned: a scope path prefix ('' = everywhere). */
        visibilityPath: text('visibility_path').notNull().default(''),
        /** Fixed roles (Admin, DRIVER, TEMP_DRIVER) cannot be edited or deleted. */
        fixed: boolean('fixed').notNull().default(false),
        /** Optimistic concurrency: a save names the version it was based on (409 STALE_RECORD otherwise). */
        version: integer('version').notNull().default(1),
        createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
        updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [uniqueIndex('roles_tenant_name_key').on(table.tenantId, table.name)],
);

/** A role granted to a user on one scope path ('' on a tenant-context role means all tenants). */
export const permissionAssignments = pgTable(
    'permission_assignments',
    {
        id: text('id').primaryKey(),
        userId: text('user_id')
            .notNull()
            .references(() => users.id, { onDelete: 'cascade' }),
        roleId: text('role_id')
            .notNull()
            .references(() => roles.id),
        scopePath: text('scope_path').notNull(),
        /** The organisation of the scope (null for admin-wide and all-tenant scopes), for isolation. */
        tenantId: text('tenant_id').references(() => tenants.id),
        createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [
        uniqueIndex('permission_assignments_user_role_scope_key').on(
            table.userId,
            table.roleId,
            table.scopePath,
        ),
        index('permission_assignments_role_idx').on(table.roleId),
        index('permission_assignments_scope_idx').on(table.scopePath.op('text_pattern_ops')),
    ],
);

export const rolesRelations = relations(roles, ({ many }) => ({
    assignments: many(permissionAssignments),
}));

export const permissionAssignmentsRelations = relations(permissionAssignments, ({ one }) => ({
    user: one(users, { fields: [permissionAssignments.userId], references: [users.id] }),
    role: one(roles, { fields: [permissionAssignments.roleId], references: [roles.id] }),
}));
