import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants } from './organisations.js';
import { users } from './users.js';

/**
 * API credentials of an organisation (`/tenant/:t/api-access-management`): a machine client
 * exchanges its client id and secret for a bearer token and calls the data gateway. Only a slow
 * hash of the secret is stored; the secret itself is shown once, at creation and at rotation.
 */
export const apiCredentials = pgTable(
    'api_credentials',
    {
        id: text('id').primaryKey(),
        tenantId: text('tenant_id')
            .notNull()
            .references(() => tenants.id),
        /** The public client id the machine client sends (unique across organisations). */
        clientId: text('client_id').notNull(),
        name: text('name').notNull(),
        /** Granted API scopes (domain/apiAccess.ts). */
        scopes: text('scopes').array().notNull().default([]),
        /** Slow hash of the client secret (never the secret). */
        secretHash: text('secret_hash').notNull(),
        /** Absent: does not expire. */
        expiresAt: timestamp('expires_at', { withTimezone: true }),
        revokedAt: timestamp('revoked_at', { withTimezone: true }),
        lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
        rotatedAt: timestamp('rotated_at', { withTimezone: true }),
        createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
        /** Optimistic concurrency: a save names the version it was based on (409 STALE_RECORD otherwise). */
        version: integer('version').notNull().default(1),
        createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
        updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [
        uniqueIndex('api_credentials_client_id_key').on(table.clientId),
        index('api_credentials_tenant_idx').on(table.tenantId),
    ],
);
