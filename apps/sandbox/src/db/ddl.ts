/**
 * The DDL of the sandbox schema (see `./schema.ts`), idempotent: every statement may run on
 * every start, on an empty database or an existing one.
 */
export const DDL_STATEMENTS: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS realms (
    name text PRIMARY KEY,
    api_key text NOT NULL,
    default_locale text NOT NULL DEFAULT 'en',
    allow_sign_up boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE IF NOT EXISTS settings (
    key text PRIMARY KEY,
    value text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE IF NOT EXISTS users (
    id uuid PRIMARY KEY,
    email text NOT NULL UNIQUE,
    name text NOT NULL,
    password_hash text NOT NULL,
    birth_date date,
    phone_number text,
    tax_number text,
    consent_answers jsonb,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE IF NOT EXISTS refresh_tokens (
    token_hash text PRIMARY KEY,
    family_id uuid NOT NULL,
    subject text NOT NULL,
    user_id uuid REFERENCES users(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    revoked_at timestamptz,
    replaced_by text
  )`,
  `CREATE INDEX IF NOT EXISTS refresh_tokens_family_idx ON refresh_tokens (family_id)`,
];
