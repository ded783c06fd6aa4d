CREATE TABLE "account_licences" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"licence_id" text NOT NULL,
	"status" text NOT NULL,
	"auto_renewing" boolean NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"trial_ends_at" timestamp with time zone,
	"pause_state" text NOT NULL,
	"paused_at" timestamp with time zone,
	"resume_after" timestamp with time zone,
	"pending_actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payment_event_type" text NOT NULL,
	"discounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_migration" jsonb,
	"promo_status" text,
	"cancelled_at" timestamp with time zone,
	"granted_by" text,
	"scheduled_change" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adobe_clients" (
	"client_id" text PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adobe_device_pins" (
	"anchor_hash" text PRIMARY KEY NOT NULL,
	"pin" text NOT NULL,
	"realm" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_id" uuid,
	"delivered" boolean DEFAULT false NOT NULL,
	CONSTRAINT "adobe_device_pins_pin_key" UNIQUE("pin")
);
--> statement-breakpoint
CREATE TABLE "adobe_licence_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"licence_id" text NOT NULL,
	"redirect_to" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adobe_regcodes" (
	"code" text PRIMARY KEY NOT NULL,
	"seq" serial NOT NULL,
	"realm" text NOT NULL,
	"requestor_id" text NOT NULL,
	"device_id" text NOT NULL,
	"user_id" uuid,
	"client_id" text,
	"access_token_hash" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"authn_mvpd_id" text,
	"authn_email" text,
	"authn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "baskets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"licence_id" text,
	"sku" text,
	"vouchers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"acknowledge_no_free_trial" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_items" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"thumbnail" text,
	"duration_seconds" integer,
	"start_date" timestamp with time zone,
	"licence_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"media_file" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_tokens" (
	"hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"provider" text,
	"subject" text
);
--> statement-breakpoint
CREATE TABLE "firebase_identities" (
	"project_id" text NOT NULL,
	"uid" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "impersonation_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"family_id" uuid
);
--> statement-breakpoint
CREATE TABLE "licence_families" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licences" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"type" text NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"family_id" text,
	"purchase_strategy_type" text,
	"subscription_period" text,
	"trial_period" text,
	"default_marketing_price_period" text,
	"amounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"discounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cancellation_promo" jsonb,
	"pausable" boolean DEFAULT false NOT NULL,
	"fixed_end_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "openid_identities" (
	"client_name" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" serial NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"kind" text NOT NULL,
	"link" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_details" (
	"exid" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"method_type" text NOT NULL,
	"card_token_ref" text,
	"brand" text,
	"last4" text,
	"expiry_month" integer,
	"expiry_year" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"return_url" text,
	"fingerprint" text,
	"approval_token_hash" text,
	"licence_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"basket_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"scale" integer NOT NULL,
	"licence_id" text NOT NULL,
	"sku" text,
	"provider" text NOT NULL,
	"payment_details_exid" text,
	"external_id" text,
	"request_fingerprint" text,
	"consent" jsonb,
	"action_token_hash" text,
	"response_status" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processor_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"outcome" text,
	"fingerprint" text,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_accounts" (
	"provider" text NOT NULL,
	"login_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"name" text NOT NULL,
	"subject" uuid NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_tokens" (
	"hash" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"subject" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "realms" (
	"name" text PRIMARY KEY NOT NULL,
	"api_key" text NOT NULL,
	"default_locale" text DEFAULT 'en' NOT NULL,
	"allow_sign_up" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"family_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"replaced_by" text,
	"provider" text,
	"successor_pair" text
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_identities" (
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"birth_date" date,
	"phone_number" text,
	"tax_number" text,
	"consent_answers" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"session_version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "users_email_key" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"percentage" integer,
	"amount" integer,
	"free_trial_denied" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_licences" ADD CONSTRAINT "account_licences_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baskets" ADD CONSTRAINT "baskets_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firebase_identities" ADD CONSTRAINT "firebase_identities_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_tokens" ADD CONSTRAINT "impersonation_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "openid_identities" ADD CONSTRAINT "openid_identities_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_details" ADD CONSTRAINT "payment_details_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_accounts" ADD CONSTRAINT "provider_accounts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_identities" ADD CONSTRAINT "social_identities_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_licences_user_licence_idx" ON "account_licences" USING btree ("user_id","licence_id");--> statement-breakpoint
CREATE UNIQUE INDEX "adobe_regcodes_access_token_idx" ON "adobe_regcodes" USING btree ("access_token_hash");--> statement-breakpoint
CREATE INDEX "adobe_regcodes_device_idx" ON "adobe_regcodes" USING btree ("realm","device_id","requestor_id","created_at");--> statement-breakpoint
CREATE INDEX "baskets_user_idx" ON "baskets" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "baskets_one_open_idx" ON "baskets" USING btree ("user_id") WHERE status = 'OPEN';--> statement-breakpoint
CREATE INDEX "email_tokens_user_idx" ON "email_tokens" USING btree ("user_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "firebase_identities_uid_idx" ON "firebase_identities" USING btree ("project_id","uid");--> statement-breakpoint
CREATE UNIQUE INDEX "openid_identities_subject_idx" ON "openid_identities" USING btree ("client_name","subject");--> statement-breakpoint
CREATE INDEX "outbox_to_idx" ON "outbox" USING btree ("to_address","sent_at");--> statement-breakpoint
CREATE INDEX "payment_details_user_idx" ON "payment_details" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_user_idempotency_idx" ON "payments" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_accounts_login_idx" ON "provider_accounts" USING btree ("provider","login_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_accounts_subject_idx" ON "provider_accounts" USING btree ("provider","subject");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "social_identities_subject_idx" ON "social_identities" USING btree ("provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "social_identities_user_idx" ON "social_identities" USING btree ("user_id","provider");