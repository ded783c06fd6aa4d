/**
 * Drizzle schema of the sandbox database. The same tables run on PGlite (embedded PostgreSQL)
 * and on a real PostgreSQL server. The DDL that creates them lives in `./ddl.ts` and must be kept
 * in step with this file (the tests exercise every table).
 */
import { boolean, date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Realms: the tenant a request names in its `Realm` header, and the API key it must send. */
export const realms = pgTable('realms', {
  name: text('name').primaryKey(),
  apiKey: text('api_key').notNull(),
  defaultLocale: text('default_locale').notNull().default('en'),
  allowSignUp: boolean('allow_sign_up').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Key-value settings, for example the JWT signing secret (generated once, kept across restarts). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Accounts of the ID provider (email and password). `email` is stored lower-cased. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  birthDate: date('birth_date', { mode: 'string' }),
  phoneNumber: text('phone_number'),
  taxNumber: text('tax_number'),
  consentAnswers: jsonb('consent_answers').$type<{ fieldName: string; answer: boolean }[]>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Refresh tokens, stored as the SHA-256 of the opaque token. Every refresh revokes the presented
 * token and records its successor in `replacedBy`; all tokens of one sign-in share `familyId`.
 * `subject` is the user id, or `guest:<uuid>` for a guest.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    familyId: uuid('family_id').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedBy: text('replaced_by'),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

/** Every table, for `drizzle({ schema })`. */
export const schema = { realms, settings, users, refreshTokens };
export type Schema = typeof schema;
