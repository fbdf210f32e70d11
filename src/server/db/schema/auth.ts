/**
 * Accounts: the users table of SPEC §3 and the tables better-auth needs (sessions, accounts,
 * verifications), written by hand from better-auth's documented schema (its generator needs Node 22).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { flag, jsonObject, timestamps, timestamptz, uuidKey } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: uuidKey(),
    email: text('email').notNull(),
    emailVerified: flag('email_verified', false),
    /** better-auth's `name`. */
    fullName: text('full_name').notNull(),
    /** better-auth's `image`. */
    avatarUrl: text('avatar_url'),
    userType: text('user_type').notNull().default('customer'),
    /** Mobile number in E.164 (+614...), shown to the other side of a booking only. */
    phone: text('phone'),
    /** The accessibility settings, so they follow the account across browsers (null: never saved). */
    accessibilitySettings: jsonObject('accessibility_settings'),
    /** 'active' or 'suspended' (issue 14): a suspended account cannot sign in and has no sessions. */
    status: text('status').notNull().default('active'),
    statusReason: text('status_reason'),
    statusChangedAt: timestamptz('status_changed_at'),
    statusChangedBy: uuid('status_changed_by'),
    /**
     * A driver's trading name, copied here by a trigger on drivers (migration 0011) for the admin search
     * only: drivers.company_name is the record.
     */
    searchBusinessName: text('search_business_name'),
    /**
     * What the admin search matches: name, e-mail, phone and business name, lower-cased, in one column so
     * one trigram index serves every search.
     */
    /** better-auth two-factor plugin's flag: a second factor is set up and asked for at every sign-in. */
    twoFactorEnabled: flag('two_factor_enabled', false),
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(full_name || ' ' || email || ' ' || coalesce(phone, '') || ' ' || coalesce(search_business_name, ''))`,
    ),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_name_sort_idx').on(sql`lower(${t.fullName})`, t.id),
    index('users_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('users_user_type_check', sql`${t.userType} in ('customer', 'driver', 'admin')`),
    check('users_status_check', sql`${t.status} in ('active', 'suspended')`),
    check('users_full_name_check', sql`length(trim(${t.fullName})) >= 2`),
  ],
);

/** `user_id`: the user the row belongs to, deleted with them. */
const ownerId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const sessions = pgTable(
  'sessions',
  {
    id: uuidKey(),
    userId: ownerId(),
    token: text('token').notNull().unique(),
    expiresAt: timestamptz('expires_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /**
     * How the session was made (issue 28): 'password', 'magic_link', or with the second factor 'totp' /
     * 'backup_code'. Administrator rights need a session made with the second factor, not just an account
     * that has one (auth/session-method.ts).
     */
    authMethod: text('auth_method').notNull().default('password'),
    ...timestamps(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: uuidKey(),
    userId: ownerId(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamptz('access_token_expires_at'),
    refreshTokenExpiresAt: timestamptz('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    ...timestamps(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: uuidKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    ...timestamps(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * better-auth's two-factor table (plugin `twoFactor`): the TOTP secret and backup codes, both encrypted with
 * AUTH_SECRET; `verified` stays false until the first code proves the authenticator app has the secret.
 */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: uuidKey(),
    userId: ownerId(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    verified: flag('verified', true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamptz('locked_until'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('two_factors_user_idx').on(t.userId)],
);

/**
 * Authenticator codes already accepted (issue 14): a code works once. better-auth accepts a code for three
 * 30-second steps and does not remember it, so a claim here, made before the code is checked, refuses a
 * replay, even two requests racing with one code. Rows older than TOTP_CLAIM_SECONDS are cleared.
 */
export const twoFactorCodeClaims = pgTable(
  'two_factor_code_claims',
  {
    userId: ownerId(),
    /** sha256 of the code: the code itself is not kept. */
    codeHash: text('code_hash').notNull(),
    claimedAt: timestamptz('claimed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);
