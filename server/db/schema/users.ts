import { relations, sql, type SQL } from 'drizzle-orm';
import {
    boolean,
    index,
    integer,
    pgEnum,
    pgTable,
    text,
    timestamp,
    uniqueIndex,
    type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
    dateFormats,
    lengthFormats,
    numberFormats,
    timeFormats,
    userTypes,
    weightFormats,
} from '../../../domain/enums.js';
import { nameSortKey } from '../name-collation.js';
import { tenants } from './organisations.js';
import { subcontractors } from './subcontractors.js';
import { permissionAssignments } from './roles.js';

/** The text the user list searches: first name, last name and e-mail, lower-cased (trigram-indexed). */
export function userSearchText(table: {
    firstName: AnyPgColumn;
    lastName: AnyPgColumn;
    email: AnyPgColumn;
}): SQL {
    return sql`lower(${table.firstName} || ' ' || ${table.lastName} || ' ' || coalesce(${table.email}, ''))`;
}

export const userTypeEnum = pgEnum('user_type', userTypes);

/**
 * Every kind of user (domain §3 User): back-office users, drivers and courier accounts.
 * `id` is the opaque hashId used in paths. The sign-in identity lives in the identity
 * directory and is linked by `identitySub`.
 */
export const users = pgTable(
    'users',
    {
        id: text('id').primaryKey(),
        /** Null for platform admins, who belong to no organisation. */
        tenantId: text('tenant_id').references(() => tenants.id),
        type: userTypeEnum('type').notNull(),
        email: text('email'),
        /** Login number or username of drivers and courier accounts. */
        username: text('username'),
        firstName: text('first_name').notNull(),
        lastName: text('last_name').notNull(),
        mobilePhone: text('mobile_phone'),
        landLine: text('land_line'),
        subcontractorId: text('subcontractor_id').references(() => subcontractors.id),
        vehicleId: text('vehicle_id'),
        driverType: text('driver_type'),
        wantsSecondScreenNews: boolean('wants_second_screen_news').notNull().default(false),
        active: boolean('active').notNull().default(true),
        /** For drivers and courier accounts: the subcontractor's (or depot's) scope path. */
        scopePath: text('scope_path'),
        identitySub: text('identity_sub'),
        lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
        /** Optimistic concurrency: a save names the version it was based on (409 STALE_RECORD otherwise). */
        version: integer('version').notNull().default(1),
        createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
        updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [
        uniqueIndex('users_email_key').on(sql`lower(${table.email})`),
        uniqueIndex('users_username_key').on(sql`upper(${table.username})`),
        uniqueIndex('users_identity_sub_key').on(table.identitySub),
        index('users_tenant_type_idx').on(table.tenantId, table.type),
        index('users_scope_path_idx').on(table.scopePath.op('text_pattern_ops')),
        index('users_subcontractor_idx').on(table.subcontractorId),
        // The user lists (issue 5): pages walk these orders; search uses trigrams. Names in the
        // root collation's order (English, German, French, Italian, Portuguese, Dutch: name-collation.ts).
        index('users_name_key_sort_idx').on(
            nameSortKey(table.lastName, 'root'),
            nameSortKey(table.firstName, 'root'),
            table.id,
        ),
        index('users_created_sort_idx').on(table.createdAt, table.id),
        index('users_search_trgm_idx').using('gin', sql`${userSearchText(table)} gin_trgm_ops`),
        // Duplicate phone checks of the user dialog (mobile or landline equal to another user's).
        index('users_mobile_phone_idx').on(table.mobilePhone),
        index('users_land_line_idx').on(table.landLine),
    ],
);

export const dateFormatEnum = pgEnum('date_format', dateFormats);
export const timeFormatEnum = pgEnum('time_format', timeFormats);
export const lengthFormatEnum = pgEnum('length_format', lengthFormats);
export const weightFormatEnum = pgEnum('weight_format', weightFormats);
export const numberFormatEnum = pgEnum('number_format', numberFormats);

/** Display settings of a user (shell §3); absent until the user first saves one. */
export const userSettings = pgTable('user_settings', {
    userId: text('user_id')
        .primaryKey()
        .references(() => users.id, { onDelete: 'cascade' }),
    dateFormat: dateFormatEnum('date_format').notNull(),
    timeFormat: timeFormatEnum('time_format').notNull(),
    lengthFormat: lengthFormatEnum('length_format').notNull(),
    weightFormat: weightFormatEnum('weight_format').notNull(),
    numberFormat: numberFormatEnum('number_format').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const usersRelations = relations(users, ({ one, many }) => ({
    tenant: one(tenants, { fields: [users.tenantId], references: [tenants.id] }),
    subcontractor: one(subcontractors, {
        fields: [users.subcontractorId],
        references: [subcontractors.id],
    }),
    settings: one(userSettings, { fields: [users.id], references: [userSettings.userId] }),
    permissions: many(permissionAssignments),
}));
