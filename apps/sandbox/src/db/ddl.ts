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
  `ALTER TABLE users ADD COLUMN IF NOT EXISTS session_version integer NOT NULL DEFAULT 0`,
  `ALTER TABLE refresh_tokens ADD COLUMN IF NOT EXISTS provider text`,
  `ALTER TABLE refresh_tokens ADD COLUMN IF NOT EXISTS successor_pair text`,
  `CREATE INDEX IF NOT EXISTS refresh_tokens_user_idx ON refresh_tokens (user_id)`,
  `CREATE TABLE IF NOT EXISTS licence_families (
    id text PRIMARY KEY,
    name text NOT NULL,
    sort_order integer NOT NULL DEFAULT 0
  )`,
  `CREATE TABLE IF NOT EXISTS licences (
    id text PRIMARY KEY,
    name text NOT NULL,
    description text,
    type text NOT NULL,
    rank integer NOT NULL DEFAULT 0,
    family_id text,
    purchase_strategy_type text,
    subscription_period text,
    trial_period text,
    default_marketing_price_period text,
    amounts jsonb NOT NULL DEFAULT '[]'::jsonb,
    discounts jsonb NOT NULL DEFAULT '[]'::jsonb,
    cancellation_promo jsonb,
    pausable boolean NOT NULL DEFAULT false,
    fixed_end_at timestamptz,
    active boolean NOT NULL DEFAULT true,
    sort_order integer NOT NULL DEFAULT 0
  )`,
  `CREATE TABLE IF NOT EXISTS account_licences (
    id uuid PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    licence_id text NOT NULL,
    status text NOT NULL,
    auto_renewing boolean NOT NULL,
    started_at timestamptz NOT NULL,
    expires_at timestamptz,
    trial_ends_at timestamptz,
    pause_state text NOT NULL,
    paused_at timestamptz,
    resume_after timestamptz,
    pending_actions jsonb NOT NULL DEFAULT '[]'::jsonb,
    payment_event_type text NOT NULL,
    discounts jsonb NOT NULL DEFAULT '[]'::jsonb,
    price_migration jsonb,
    promo_status text,
    cancelled_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX IF NOT EXISTS account_licences_user_licence_idx ON account_licences (user_id, licence_id)`,
  `ALTER TABLE account_licences ADD COLUMN IF NOT EXISTS granted_by text`,
  `ALTER TABLE account_licences ADD COLUMN IF NOT EXISTS scheduled_change jsonb`,
  `CREATE TABLE IF NOT EXISTS content_items (
    id text PRIMARY KEY,
    type text NOT NULL,
    title text NOT NULL,
    description text,
    thumbnail text,
    duration_seconds integer,
    start_date timestamptz,
    licence_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
    media_file text NOT NULL,
    sort_order integer NOT NULL DEFAULT 0
  )`,
  `CREATE TABLE IF NOT EXISTS vouchers (
    code text PRIMARY KEY,
    name text NOT NULL,
    type text NOT NULL,
    percentage integer,
    amount integer,
    free_trial_denied boolean NOT NULL DEFAULT false
  )`,
  `CREATE TABLE IF NOT EXISTS baskets (
    id uuid PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    licence_id text,
    sku text,
    vouchers jsonb NOT NULL DEFAULT '[]'::jsonb,
    acknowledge_no_free_trial boolean NOT NULL DEFAULT false,
    status text NOT NULL DEFAULT 'OPEN',
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX IF NOT EXISTS baskets_user_idx ON baskets (user_id)`,
  `CREATE UNIQUE INDEX IF NOT EXISTS baskets_one_open_idx ON baskets (user_id) WHERE status = 'OPEN'`,
  `CREATE TABLE IF NOT EXISTS payment_details (
    exid text PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    provider text NOT NULL,
    method_type text NOT NULL,
    card_token_ref text,
    brand text,
    last4 text,
    expiry_month integer,
    expiry_year integer,
    is_default boolean NOT NULL DEFAULT false,
    status text NOT NULL,
    return_url text,
    licence_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX IF NOT EXISTS payment_details_user_idx ON payment_details (user_id)`,
  `CREATE TABLE IF NOT EXISTS payments (
    id uuid PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    basket_id uuid NOT NULL,
    idempotency_key text NOT NULL,
    status text NOT NULL,
    amount integer NOT NULL,
    currency text NOT NULL,
    scale integer NOT NULL,
    licence_id text NOT NULL,
    sku text,
    provider text NOT NULL,
    payment_details_exid text,
    external_id text,
    request_fingerprint text,
    consent jsonb,
    response_status integer,
    response jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  // Columns added after the table first shipped: databases created before get them here.
  `ALTER TABLE payments ADD COLUMN IF NOT EXISTS request_fingerprint text`,
  `ALTER TABLE payments ADD COLUMN IF NOT EXISTS consent jsonb`,
  `CREATE UNIQUE INDEX IF NOT EXISTS payments_user_idempotency_idx ON payments (user_id, idempotency_key)`,
  `CREATE TABLE IF NOT EXISTS processor_tokens (
    token text PRIMARY KEY,
    brand text NOT NULL,
    last4 text NOT NULL,
    exp_month integer NOT NULL,
    exp_year integer NOT NULL,
    outcome text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  // Cards stored once (fingerprints), single-use processor tokens, challenge and approval tokens.
  `ALTER TABLE processor_tokens ADD COLUMN IF NOT EXISTS fingerprint text`,
  `ALTER TABLE processor_tokens ADD COLUMN IF NOT EXISTS used_at timestamptz`,
  `ALTER TABLE payment_details ADD COLUMN IF NOT EXISTS fingerprint text`,
  `ALTER TABLE payment_details ADD COLUMN IF NOT EXISTS approval_token_hash text`,
  `ALTER TABLE payments ADD COLUMN IF NOT EXISTS action_token_hash text`,
  `CREATE TABLE IF NOT EXISTS outbox (
    id uuid PRIMARY KEY,
    seq serial NOT NULL,
    to_address text NOT NULL,
    subject text NOT NULL,
    text_body text NOT NULL,
    html_body text NOT NULL,
    kind text NOT NULL,
    link text NOT NULL,
    sent_at timestamptz NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS outbox_to_idx ON outbox (to_address, sent_at)`,
  `CREATE TABLE IF NOT EXISTS email_tokens (
    hash text PRIMARY KEY,
    kind text NOT NULL,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    email text NOT NULL,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at timestamptz
  )`,
  `CREATE INDEX IF NOT EXISTS email_tokens_user_idx ON email_tokens (user_id, kind)`,
  `ALTER TABLE email_tokens ALTER COLUMN user_id DROP NOT NULL`,
  `ALTER TABLE email_tokens ADD COLUMN IF NOT EXISTS provider text`,
  `ALTER TABLE email_tokens ADD COLUMN IF NOT EXISTS subject text`,
  `CREATE TABLE IF NOT EXISTS openid_identities (
    client_name text NOT NULL,
    subject text NOT NULL,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX IF NOT EXISTS openid_identities_subject_idx ON openid_identities (client_name, subject)`,
  `CREATE TABLE IF NOT EXISTS firebase_identities (
    project_id text NOT NULL,
    uid text NOT NULL,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX IF NOT EXISTS firebase_identities_uid_idx ON firebase_identities (project_id, uid)`,
  `CREATE TABLE IF NOT EXISTS impersonation_tokens (
    token_hash text PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    family_id uuid
  )`,
  `CREATE TABLE IF NOT EXISTS provider_accounts (
    provider text NOT NULL,
    login_id text NOT NULL,
    secret_hash text NOT NULL,
    name text NOT NULL,
    subject uuid NOT NULL,
    user_id uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX IF NOT EXISTS provider_accounts_login_idx ON provider_accounts (provider, login_id)`,
  `CREATE UNIQUE INDEX IF NOT EXISTS provider_accounts_subject_idx ON provider_accounts (provider, subject)`,
  `CREATE TABLE IF NOT EXISTS provider_tokens (
    hash text PRIMARY KEY,
    provider text NOT NULL,
    subject uuid NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at timestamptz
  )`,
  `CREATE TABLE IF NOT EXISTS social_identities (
    provider text NOT NULL,
    subject text NOT NULL,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    email text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX IF NOT EXISTS social_identities_subject_idx ON social_identities (provider, subject)`,
  `CREATE UNIQUE INDEX IF NOT EXISTS social_identities_user_idx ON social_identities (user_id, provider)`,
  `CREATE TABLE IF NOT EXISTS adobe_clients (
    client_id text PRIMARY KEY,
    secret_hash text NOT NULL,
    created_at timestamptz NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS adobe_regcodes (
    code text PRIMARY KEY,
    seq serial NOT NULL,
    realm text NOT NULL,
    requestor_id text NOT NULL,
    device_id text NOT NULL,
    user_id uuid,
    client_id text,
    access_token_hash text,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    authn_mvpd_id text,
    authn_email text,
    authn_at timestamptz
  )`,
  `CREATE UNIQUE INDEX IF NOT EXISTS adobe_regcodes_access_token_idx ON adobe_regcodes (access_token_hash)`,
  `CREATE INDEX IF NOT EXISTS adobe_regcodes_device_idx ON adobe_regcodes (realm, device_id, requestor_id, created_at)`,
  `CREATE TABLE IF NOT EXISTS adobe_device_pins (
    anchor_hash text PRIMARY KEY,
    pin text NOT NULL CONSTRAINT adobe_device_pins_pin_key UNIQUE,
    realm text NOT NULL,
    expires_at timestamptz NOT NULL,
    user_id uuid,
    delivered boolean NOT NULL DEFAULT false
  )`,
  `CREATE TABLE IF NOT EXISTS adobe_licence_codes (
    code_hash text PRIMARY KEY,
    user_id uuid NOT NULL,
    licence_id text NOT NULL,
    redirect_to text,
    expires_at timestamptz NOT NULL
  )`,
];
