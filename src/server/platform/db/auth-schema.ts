import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** Accounts: better-auth's tables (src/server/platform/auth/create-auth.ts maps its models onto these). Imports no other schema file. */
const authTime = (name: string) => timestamp(name, { withTimezone: true });

export const users = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    /** First and last name, kept for better-auth and e-mails. */
    name: text('name').notNull(),
    /** Stored lower-cased by better-auth. */
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    /** src/domain/roles.ts; set by the server only (never from a sign-up body). */
    role: text('role').notNull().default('guest'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** docs/product/back-office.md#users: set by staff on Add User (a state name from src/domain/waitlist.ts US_STATES, as the waitlist stores it). */
    intendedState: text('intended_state'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('user_role_check', sql`${t.role} in ('guest', 'applicant', 'homeowner', 'admin')`),
    index('user_role_idx').on(t.role),
    // The admin list's order (created_at desc nulls last, src/server/platform/lists/list-query.ts orderBy).
    index('user_created_at_idx').on(t.createdAt.desc()),
    index('user_search_idx').using('gin', sql`(lower(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email})) gin_trgm_ops`),
  ],
);

export const sessions = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: authTime('expires_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /**
     * This session itself passed the second factor: the sign-in's TOTP or backup-code
     * step, or completing two-factor enrolment (src/server/platform/auth/session-two-factor.ts).
     * The admin area needs it (two-factor belongs to the session).
     */
    twoFactorVerified: boolean('two_factor_verified').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

/** One row per way of signing in; e-mail + password is provider 'credential' with the scrypt hash. */
export const accounts = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: authTime('access_token_expires_at'),
    refreshTokenExpiresAt: authTime('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

/** Single-use tokens (password reset, two-factor challenges); identifiers are stored hashed. */
export const verifications = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: authTime('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** TOTP secret and backup codes, both encrypted by better-auth with the auth secret. */
export const twoFactors = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: authTime('locked_until'),
  },
  (t) => [index('two_factor_user_id_idx').on(t.userId)],
);
