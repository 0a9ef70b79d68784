import { relations } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const identityStatuses = ['CONFIRMED', 'FORCE_CHANGE_PASSWORD', 'RESET_REQUIRED'] as const;
export type IdentityStatus = (typeof identityStatuses)[number];

/**
 * The embedded Cognito-compatible user directory. Only slow password hashes are stored.
 * `username` is the canonical (lower-cased) sign-in name: the e-mail of back-office users,
 * the username of drivers.
 */
export const identityUsers = pgTable(
    'identity_users',
    {
        sub: text('sub').primaryKey(),
        username: text('username').notNull(),
        email: text('email'),
        emailVerified: boolean('email_verified').notNull().default(false),
        passwordHash: text('password_hash'),
        status: text('status', { enum: identityStatuses }).notNull().default('CONFIRMED'),
        enabled: boolean('enabled').notNull().default(true),
        /** Custom attributes, Cognito-named (`custom:mfa_setup`), string values. */
        attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
        /** Tokens issued before this instant are refused (GlobalSignOut, disable, password change). */
        tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
        temporaryPasswordExpiresAt: timestamp('temporary_password_expires_at', { withTimezone: true }),
        failedAttempts: integer('failed_attempts').notNull().default(0),
        lastFailedAt: timestamp('last_failed_at', { withTimezone: true }),
        lockedUntil: timestamp('locked_until', { withTimezone: true }),
        createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
        updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (table) => [uniqueIndex('identity_users_username_key').on(table.username)],
);

/**
 * One row per sign-in: the refresh token (stored only as a SHA-256 hash) and the `origin_jti`
 * shared by every access and ID token derived from it, so revocation is one lookup.
 */
export const identitySessions = pgTable(
    'identity_sessions',
    {
        originJti: text('origin_jti').primaryKey(),
        sub: text('sub')
            .notNull()
            .references(() => identityUsers.sub, { onDelete: 'cascade' }),
        clientId: text('client_id').notNull(),
        refreshTokenHash: text('refresh_token_hash').notNull(),
        authTime: timestamp('auth_time', { withTimezone: true }).notNull(),
        createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
        expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
        lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
        revokedAt: timestamp('revoked_at', { withTimezone: true }),
    },
    (table) => [uniqueIndex('identity_sessions_refresh_token_key').on(table.refreshTokenHash), index('identity_sessions_sub_idx').on(table.sub)],
);

/** RS256 signing keys; access and ID tokens are signed with different keys, as Cognito does. */
export const identitySigningKeys = pgTable('identity_signing_keys', {
    kid: text('kid').primaryKey(),
    tokenUse: text('token_use', { enum: ['access', 'id'] }).notNull(),
    /** Private JWK, encrypted (AES-256-GCM) when IDENTITY_KEY_SECRET is set. */
    privateKey: text('private_key').notNull(),
    publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
});

export const identityUsersRelations = relations(identityUsers, ({ many }) => ({
    sessions: many(identitySessions),
}));

export const identitySessionsRelations = relations(identitySessions, ({ one }) => ({
    user: one(identityUsers, { fields: [identitySessions.sub], references: [identityUsers.sub] }),
}));
