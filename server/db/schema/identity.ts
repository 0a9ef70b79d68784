import { relations } from 'drizzle-orm';
import {
    boolean,
    index,
    integer,
    jsonb,
    pgTable,
    text,
    timestamp,
    uniqueIndex,
} from 'drizzle-orm/pg-core';

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
        temporaryPasswordExpiresAt: timestamp('temporary_password_expires_at', {
            withTimezone: true,
        }),
        failedAttempts: integer('failed_attempts').notNull().default(0),
        lastFailedAt: timestamp('last_failed_at', { withTimezone: true }),
        lockedUntil: timestamp('locked_until', { withTimezone: true }),
        /** Software-token (TOTP) MFA is required at sign-in. */
        mfaEnabled: boolean('mfa_enabled').notNull().default(false),
        /** The verified TOTP secret (base32), sealed with IDENTITY_KEY_SECRET when set. */
        totpSecret: text('totp_secret'),
        /** A secret associated while signed in and not verified yet; replaces `totpSecret` once verified. */
        totpPendingSecret: text('totp_pending_secret'),
        /** The last accepted TOTP time step: each step is usable once (ASVS 6.5.1). */
        totpLastStep: integer('totp_last_step'),
        /** Lockout after wrong MFA codes, counted apart from passwords so a right password cannot reset it. */
        mfaFailedAttempts: integer('mfa_failed_attempts').notNull().default(0),
        mfaLastFailedAt: timestamp('mfa_last_failed_at', { withTimezone: true }),
        mfaLockedUntil: timestamp('mfa_locked_until', { withTimezone: true }),
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
    (table) => [
        uniqueIndex('identity_sessions_refresh_token_key').on(table.refreshTokenHash),
        index('identity_sessions_sub_idx').on(table.sub),
    ],
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

export const challengeNames = ['NEW_PASSWORD_REQUIRED', 'SOFTWARE_TOKEN_MFA', 'MFA_SETUP'] as const;
export type ChallengeName = (typeof challengeNames)[number];

/**
 * Sign-in challenge Sessions (RespondToAuthChallenge, Associate/VerifySoftwareToken): only a
 * SHA-256 of the 256-bit value is stored; bound to one identity and one challenge.
 */
export const identityChallenges = pgTable(
    'identity_challenges',
    {
        sessionHash: text('session_hash').primaryKey(),
        sub: text('sub')
            .notNull()
            .references(() => identityUsers.sub, { onDelete: 'cascade' }),
        challengeName: text('challenge_name', { enum: challengeNames }).notNull(),
        /** MFA_SETUP: the secret handed out by AssociateSoftwareToken, sealed like `totp_secret`. */
        totpSecret: text('totp_secret'),
        /** MFA_SETUP: VerifySoftwareToken accepted a code, so the challenge may be answered. */
        totpVerified: boolean('totp_verified').notNull().default(false),
        attempts: integer('attempts').notNull().default(0),
        createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
        expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
        consumedAt: timestamp('consumed_at', { withTimezone: true }),
    },
    (table) => [
        index('identity_challenges_sub_idx').on(table.sub),
        index('identity_challenges_expires_idx').on(table.expiresAt),
    ],
);

/**
 * Pending ForgotPassword codes, one per username. Unknown usernames get a row too (with no
 * `sub` and a code nobody received), so ConfirmForgotPassword answers them exactly alike.
 */
export const identityPasswordResetCodes = pgTable(
    'identity_password_reset_codes',
    {
        /** SHA-256 of the canonical username. */
        usernameKey: text('username_key').primaryKey(),
        sub: text('sub').references(() => identityUsers.sub, { onDelete: 'cascade' }),
        /** SHA-256 over the username key and the code, so a code is bound to its user. */
        codeHash: text('code_hash').notNull(),
        attempts: integer('attempts').notNull().default(0),
        createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
        expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    },
    (table) => [index('identity_password_reset_codes_expires_idx').on(table.expiresAt)],
);

export const identityUsersRelations = relations(identityUsers, ({ many }) => ({
    sessions: many(identitySessions),
    challenges: many(identityChallenges),
}));

export const identityChallengesRelations = relations(identityChallenges, ({ one }) => ({
    user: one(identityUsers, { fields: [identityChallenges.sub], references: [identityUsers.sub] }),
}));

export const identitySessionsRelations = relations(identitySessions, ({ one }) => ({
    user: one(identityUsers, { fields: [identitySessions.sub], references: [identityUsers.sub] }),
}));
