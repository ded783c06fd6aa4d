/**
 * Drizzle schema of the sandbox database: the only declaration of its tables. The same tables run
 * on PGlite (embedded PostgreSQL) and on a real PostgreSQL server; they are created by the
 * migrations drizzle-kit generates from this file (`pnpm --filter @stream/sandbox db:generate`,
 * `apps/sandbox/drizzle/`), applied at start (`./migrate.ts`; docs/sandbox.md "Storage").
 * Constraint names are those PostgreSQL gave the tables created before migrations
 * (`users_email_key`, `<table>_user_id_fkey`), so that those databases match the first migration.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Discount, LicenceAmount, Localized, LocalizedBlocks, LocalizedParagraphs, Money, PendingActionRow, PriceMigrationConsent } from './types.js';

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
  email: text('email').notNull().unique('users_email_key'),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  birthDate: date('birth_date', { mode: 'string' }),
  phoneNumber: text('phone_number'),
  taxNumber: text('tax_number'),
  consentAnswers: jsonb('consent_answers').$type<{ fieldName: string; answer: boolean }[]>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * The account's session version, signed into every access token as `sv` and compared on every
   * authenticated call: raising it (a reset, a logout everywhere, an unlink of the signing
   * provider) ends every access token signed before (`auth/sessions.ts`).
   */
  sessionVersion: integer('session_version').notNull().default(0),
  /**
   * Parental control (commerce §3, §7; issue 16): the PIN's argon2id hash (null: no PIN set) and
   * the status `RESTRICTED` or `NON_RESTRICTED`.
   */
  parentalPinHash: text('parental_pin_hash'),
  parentalStatus: text('parental_status').notNull().default('NON_RESTRICTED'),
  /**
   * The account's role, signed into its access tokens as `rol` (identity §3; issue 18):
   * `CUSTOMER`, or `ADMIN` for an administrator (the seeded admin demo account), who may open
   * the web app's admin previews (`/_admin/*`).
   */
  role: text('role').notNull().default('CUSTOMER'),
});

/**
 * `<table>.user_id → users.id` (on delete cascade, or set null), named `<table>_user_id_fkey` as
 * PostgreSQL names an inline `REFERENCES`.
 */
function userForeignKey(table: string, userId: AnyPgColumn, onDelete: 'cascade' | 'set null' = 'cascade') {
  return foreignKey({ name: `${table}_user_id_fkey`, columns: [userId], foreignColumns: [users.id] }).onDelete(onDelete);
}

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
    userId: uuid('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedBy: text('replaced_by'),
    /** The sign-in provider of the family (`GOOGLE`, `ADOBE_DCR`, …; null for ID and the others): an unlink of it ends the family. */
    provider: text('provider'),
    /**
     * The pair this rotation answered (AES-256-GCM, keyed by the presented token, which the
     * database does not hold): a concurrent or repeated refresh with the same token within the
     * grace window gets this same pair (single flight).
     */
    successorPair: text('successor_pair'),
    /**
     * The profile the family's tokens are for (`profiles.id`; issue 16): a refresh keeps it, so a
     * child profile's session stays restricted. Null: the account's first adult profile.
     */
    profileId: uuid('profile_id'),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
    userForeignKey('refresh_tokens', t.userId),
  ],
);

/** Licence families: product lines whose licences are ranked (commerce §3 "Licence family"). */
export const licenceFamilies = pgTable('licence_families', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * The licence catalogue (commerce §3 "Licence"). Upserted from `src/seed/catalogue.ts` on every
 * start. `discounts` hold absolute `startsAt`/`endsAt`; their state is computed at request time.
 */
export const licences = pgTable('licences', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  /** `FREE` or `STANDARD`. */
  type: text('type').notNull(),
  rank: integer('rank').notNull().default(0),
  familyId: text('family_id'),
  /** `SUBSCRIPTION`, `FIXED_DATE`, `PPV`, or null (free). */
  purchaseStrategyType: text('purchase_strategy_type'),
  /** ISO 8601 period of a subscription (`P1M`, `P1Y`). */
  subscriptionPeriod: text('subscription_period'),
  /** ISO 8601 period of the free trial (`P7D`). */
  trialPeriod: text('trial_period'),
  defaultMarketingPricePeriod: text('default_marketing_price_period'),
  amounts: jsonb('amounts').$type<LicenceAmount[]>().notNull().default([]),
  discounts: jsonb('discounts').$type<Discount[]>().notNull().default([]),
  /** The offer made to a viewer about to cancel, or null. */
  cancellationPromo: jsonb('cancellation_promo').$type<{ discount: Discount; description: string } | null>(),
  /** Whether holders may pause it. */
  pausable: boolean('pausable').notNull().default(false),
  /** End of a FIXED_DATE pass. */
  fixedEndAt: timestamp('fixed_end_at', { withTimezone: true }),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * The licences an account holds. Stored timestamps only; the status the API answers (ACTIVE,
 * TRIAL_ACTIVE, EXPIRED, paused, renewed) is computed from them and the sandbox clock at request
 * time (`src/licences/state.ts`). `status` is the stored base: `ACTIVE`, `INACTIVE` (payment
 * confirmation required) or `EXPIRED` (revoked).
 */
export const accountLicences = pgTable(
  'account_licences',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    licenceId: text('licence_id').notNull(),
    status: text('status').notNull(),
    autoRenewing: boolean('auto_renewing').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Next renewal (auto-renewing) or end of access; null = never ends (free). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    /** `ALLOWED` or `NOT_ALLOWED`; PAUSED is derived from `pausedAt`. */
    pauseState: text('pause_state').notNull(),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    resumeAfter: timestamp('resume_after', { withTimezone: true }),
    pendingActions: jsonb('pending_actions').$type<PendingActionRow[]>().notNull().default([]),
    paymentEventType: text('payment_event_type').notNull(),
    /** Discounts on this licence (a redeemed cancellation promo), with absolute bounds. */
    discounts: jsonb('discounts').$type<Discount[]>().notNull().default([]),
    priceMigration: jsonb('price_migration').$type<{
      id: string;
      newAmount: Money;
      effectiveFrom: string;
      consent: PriceMigrationConsent | null;
    } | null>(),
    /** Cancellation promo answer: `REDEEMED`, `REFUSED` or null (still on offer). */
    promoStatus: text('promo_status'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The external provider (TV operator) granting it, by display name; null = the account pays for it. */
    grantedBy: text('granted_by'),
    /** A downgrade scheduled for the end of the period: the licence it becomes, and when it was asked. */
    scheduledChange: jsonb('scheduled_change').$type<{ licenceId: string; licenceName: string; requestedAt: string } | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('account_licences_user_licence_idx').on(t.userId, t.licenceId), userForeignKey('account_licences', t.userId)],
);

/** The content catalogue: videos and live events; empty `licenceIds` = free. Upserted on every start. */
export const contentItems = pgTable('content_items', {
  id: text('id').primaryKey(),
  /** `VOD` or `LIVE`. */
  type: text('type').notNull(),
  title: text('title').notNull(),
  description: text('description'),
  /** Path of the thumbnail on the sandbox (`/thumbnails/<id>.svg`). */
  thumbnail: text('thumbnail'),
  durationSeconds: integer('duration_seconds'),
  startDate: timestamp('start_date', { withTimezone: true }),
  licenceIds: jsonb('licence_ids').$type<string[]>().notNull().default([]),
  /** File under `apps/sandbox/media/` that playback serves. */
  mediaFile: text('media_file').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/*
 * The catalogue (docs/api.md "Catalogue", docs/sandbox.md "Catalogue"): code-owned tables, written
 * from `src/seed/` on every start (`seedLibrary`). Texts are jsonb `{ en, es, pt, ar }` (the
 * handlers pick the request's locale, English when one is missing). Times are stored as minutes
 * from the catalogue anchor (`src/catalogue/anchor.ts`), a moment near the sandbox clock, so the
 * schedule never goes stale and moves with `POST /_sandbox/clock`.
 */

/**
 * Titles of every type: `VOD`, `LIVE` (an event), `SERIES`, `SEASON`, `EPISODE`, `PLAYLIST`,
 * `CHANNEL` (a live channel of the guide). Empty `licenceIds` = free.
 */
export const titles = pgTable(
  'titles',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    title: jsonb('title').$type<Localized>().notNull(),
    /** One to three sentences; the first is the tile's short description. */
    description: jsonb('description').$type<Localized>().notNull(),
    /** A category id of `src/seed/texts.ts` (`football`, `combat`, `film`, …). */
    category: text('category').notNull(),
    /** The two colours of the generated artwork (CSS hex), from and to. */
    colours: jsonb('colours').$type<[string, string]>().notNull(),
    licenceIds: jsonb('licence_ids').$type<string[]>().notNull().default([]),
    durationSeconds: integer('duration_seconds'),
    /** VOD, EPISODE: released at the anchor plus these minutes (negative: before it). */
    releaseOffsetMinutes: integer('release_offset_minutes'),
    /** LIVE: start and end, minutes from the anchor. */
    startOffsetMinutes: integer('start_offset_minutes'),
    endOffsetMinutes: integer('end_offset_minutes'),
    /** LIVE: a replay plays once the event ended. */
    hasReplay: boolean('has_replay').notNull().default(false),
    /** SEASON: its series; EPISODE: its season. */
    parentId: text('parent_id'),
    /** SEASON, EPISODE: its number in the parent (from 1). */
    number: integer('number'),
    /** Orders popular content and search results (higher first). */
    popularity: integer('popularity').notNull().default(0),
    /**
     * What playback serves for a playable title (VOD, EPISODE, LIVE, CHANNEL): a media key; today
     * a file of `MEDIA_FILES` (`sample.webm`). Null for titles that do not play.
     */
    mediaAsset: text('media_asset'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The minimum age the title is rated for (0: everyone); a child profile sees titles up to its limit (issue 16). */
    ageRating: integer('age_rating').notNull().default(0),
  },
  (t) => [index('titles_type_idx').on(t.type, t.sortOrder), index('titles_parent_idx').on(t.parentId, t.number)],
);

/** The titles of a playlist, in order. */
export const playlistItems = pgTable(
  'playlist_items',
  {
    playlistId: text('playlist_id')
      .notNull()
      .references(() => titles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    titleId: text('title_id')
      .notNull()
      .references(() => titles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.playlistId, t.position] })],
);

/** Sections: `home` (kind `home`) and the browse categories (kind `category`), in `sortOrder`. */
export const sections = pgTable('sections', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  title: jsonb('title').$type<Localized>().notNull(),
  description: jsonb('description').$type<Localized>(),
  colours: jsonb('colours').$type<[string, string]>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * The rails of a section, in `position`. `layout`: HERO, PROMO, POSTER, LANDSCAPE; `source`:
 * CURATED (its `rail_items`) or computed at request time (LIVE_NOW, UPCOMING, RELEASES, POPULAR),
 * limited to `categories` when set.
 */
export const rails = pgTable(
  'rails',
  {
    id: text('id').primaryKey(),
    sectionId: text('section_id')
      .notNull()
      .references(() => sections.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: jsonb('title').$type<Localized>().notNull(),
    layout: text('layout').notNull(),
    source: text('source').notNull(),
    /** A computed rail's categories (null: every category). */
    categories: jsonb('categories').$type<string[]>(),
  },
  (t) => [uniqueIndex('rails_section_position_idx').on(t.sectionId, t.position)],
);

/** The titles of a curated rail, in order. */
export const railItems = pgTable(
  'rail_items',
  {
    railId: text('rail_id')
      .notNull()
      .references(() => rails.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    titleId: text('title_id')
      .notNull()
      .references(() => titles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.railId, t.position] })],
);

/**
 * The programmes of a live channel (a `CHANNEL` title), one week that repeats: each starts
 * `weekOffsetMinutes` after Monday 00:00 UTC and lasts `durationMinutes`; a channel's week is
 * covered without gaps or overlaps (`src/catalogue/guide.ts` lays it over any window).
 */
export const programmes = pgTable(
  'programmes',
  {
    id: text('id').primaryKey(),
    channelId: text('channel_id')
      .notNull()
      .references(() => titles.id, { onDelete: 'cascade' }),
    weekOffsetMinutes: integer('week_offset_minutes').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    title: jsonb('title').$type<Localized>().notNull(),
    description: jsonb('description').$type<Localized>(),
    category: text('category').notNull(),
  },
  (t) => [index('programmes_channel_idx').on(t.channelId, t.weekOffsetMinutes)],
);

/** News feeds, in `sortOrder`; the id is the feed's name in the NEWS_ITEM path. */
export const newsFeeds = pgTable('news_feeds', {
  id: text('id').primaryKey(),
  title: jsonb('title').$type<Localized>().notNull(),
  description: jsonb('description').$type<Localized>(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** News items: published at the anchor plus `publishedOffsetMinutes` (negative: before it). */
export const newsItems = pgTable(
  'news_items',
  {
    id: text('id').primaryKey(),
    feedId: text('feed_id')
      .notNull()
      .references(() => newsFeeds.id, { onDelete: 'cascade' }),
    title: jsonb('title').$type<Localized>().notNull(),
    summary: jsonb('summary').$type<Localized>().notNull(),
    body: jsonb('body').$type<LocalizedParagraphs>().notNull(),
    publishedOffsetMinutes: integer('published_offset_minutes').notNull(),
    colours: jsonb('colours').$type<[string, string]>().notNull(),
    relatedTitleIds: jsonb('related_title_ids').$type<string[]>().notNull().default([]),
  },
  (t) => [index('news_items_feed_idx').on(t.feedId, t.publishedOffsetMinutes)],
);

/** Fighters; their record is counted from `fight_results`. */
export const fighters = pgTable('fighters', {
  id: text('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  nickname: text('nickname'),
  /** ISO 3166-1 alpha-2. */
  country: text('country').notNull(),
  /** One of `WEIGHT_CLASSES` (`@stream/core/contracts`). */
  weightClass: text('weight_class').notNull(),
  stance: text('stance'),
  heightCm: integer('height_cm'),
  reachCm: integer('reach_cm'),
  bio: jsonb('bio').$type<Localized>().notNull(),
  colours: jsonb('colours').$type<[string, string]>().notNull(),
});

/**
 * One fight as one fighter saw it (a fight between two catalogue fighters has a row for each):
 * `result` win, loss or noContest, `method` one of `WIN_METHODS`, on the anchor's day plus
 * `dateOffsetDays` (negative).
 */
export const fightResults = pgTable(
  'fight_results',
  {
    id: text('id').primaryKey(),
    fighterId: text('fighter_id')
      .notNull()
      .references(() => fighters.id, { onDelete: 'cascade' }),
    opponentId: text('opponent_id'),
    opponentName: text('opponent_name').notNull(),
    result: text('result').notNull(),
    method: text('method').notNull(),
    round: integer('round').notNull(),
    /** Time in the round, `m:ss`. */
    time: text('time'),
    dateOffsetDays: integer('date_offset_days').notNull(),
    eventTitle: text('event_title').notNull(),
    /** The LIVE title whose replay shows the fight, when there is one. */
    eventId: text('event_id'),
  },
  (t) => [index('fight_results_fighter_idx').on(t.fighterId, t.dateOffsetDays)],
);

/** Rankings per weight class: position 0 is the champion, then 1, 2, … */
export const rankings = pgTable(
  'rankings',
  {
    weightClass: text('weight_class').notNull(),
    position: integer('position').notNull(),
    fighterId: text('fighter_id')
      .notNull()
      .references(() => fighters.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.weightClass, t.position] })],
);

/** External pages of text (routes EXTERNAL_PAGE, MOBILE_EXTERNAL_PAGE), updated `updatedOffsetDays` from the anchor. */
export const externalPages = pgTable('external_pages', {
  id: text('id').primaryKey(),
  title: jsonb('title').$type<Localized>().notNull(),
  description: jsonb('description').$type<Localized>(),
  blocks: jsonb('blocks').$type<LocalizedBlocks>().notNull(),
  updatedOffsetDays: integer('updated_offset_days').notNull(),
});

/**
 * Voucher codes (seeded from `src/payments/vouchers.ts`, upserted on every start). `PERCENTAGE`
 * takes `percentage` % off, `AMOUNT` takes `amount` minor units off; `freeTrialDenied` marks the
 * basket as one whose free trial does not apply (pay answers 409 `freeTrialDenied` until acknowledged).
 */
export const vouchers = pgTable('vouchers', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  /** `PERCENTAGE`, `AMOUNT` or `NONE`. */
  type: text('type').notNull(),
  percentage: integer('percentage'),
  amount: integer('amount'),
  freeTrialDenied: boolean('free_trial_denied').notNull().default(false),
});

/**
 * Baskets: one OPEN basket per account at a time (the current one); a paid basket becomes `PAID`
 * and the next `GET /customer/basket` opens a new one.
 */
export const baskets = pgTable(
  'baskets',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    licenceId: text('licence_id'),
    sku: text('sku'),
    /** Voucher codes applied, in order. */
    vouchers: jsonb('vouchers').$type<string[]>().notNull().default([]),
    /** `PUT /baskets/:id?acknowledgeNoFreeTrial=true` was sent. */
    acknowledgeNoFreeTrial: boolean('acknowledge_no_free_trial').notNull().default(false),
    /** `OPEN` or `PAID`. */
    status: text('status').notNull().default('OPEN'),
    /** A gift basket (issue 18): the gift it pays for; null for an ordinary basket. */
    giftId: uuid('gift_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('baskets_user_idx').on(t.userId),
    uniqueIndex('baskets_one_open_idx').on(t.userId).where(sql`status = 'OPEN'`),
    userForeignKey('baskets', t.userId),
  ],
);

/**
 * Payment details (a card or a redirecting provider's approval). Never a card number: a card is
 * the processor's token plus brand, last four digits and expiry.
 */
export const paymentDetails = pgTable(
  'payment_details',
  {
    exid: text('exid').primaryKey(),
    userId: uuid('user_id').notNull(),
    /** `CARDS`, `PAYPAL`, `IDEAL` or `ZERO_BALANCE`. */
    provider: text('provider').notNull(),
    methodType: text('method_type').notNull(),
    /** The card processor's token (`tok_…`), for cards. */
    cardTokenRef: text('card_token_ref'),
    brand: text('brand'),
    last4: text('last4'),
    expiryMonth: integer('expiry_month'),
    expiryYear: integer('expiry_year'),
    isDefault: boolean('is_default').notNull().default(false),
    /**
     * `VALID` (stored: listed, counted, chargeable again), `UNVERIFIED` (a card no payment or
     * set-up has yet succeeded with: never listed nor counted), `PENDING` (waiting for the payer
     * at a redirecting provider) or `DECLINED`.
     */
    status: text('status').notNull(),
    returnUrl: text('return_url'),
    /** The card's processor fingerprint: one card is stored once per account. */
    fingerprint: text('fingerprint'),
    /** SHA-256 (hex) of the single-use token of the provider's approval page, until it is used. */
    approvalTokenHash: text('approval_token_hash'),
    /** Licences this card pays for. */
    licenceIds: jsonb('licence_ids').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_details_user_idx').on(t.userId), userForeignKey('payment_details', t.userId)],
);

/**
 * Payments. `(user_id, idempotency_key)` is unique: a pay call inserts its row first, so a second
 * call with the same key (even a concurrent one) finds the first and answers what it answered
 * (`responseStatus`, `response`), never charging twice.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    basketId: uuid('basket_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** `PROCESSING` (being charged), `SUCCEEDED`, `FAILED` or `REQUIRES_ACTION`. */
    status: text('status').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    scale: integer('scale').notNull(),
    licenceId: text('licence_id').notNull(),
    sku: text('sku'),
    provider: text('provider').notNull(),
    paymentDetailsExid: text('payment_details_exid'),
    /** The processor's charge id (`ch_…`). */
    externalId: text('external_id'),
    /** SHA-256 of the first call's payment details and consent: a key reused with another body is refused (409). */
    requestFingerprint: text('request_fingerprint'),
    /** The consent answers sent with the payment (`[{ fieldName, answer }]`), or null; stored only, never answered. */
    consent: jsonb('consent').$type<{ fieldName: string; answer: boolean }[]>(),
    /** SHA-256 (hex) of the single-use token of the 3-D Secure challenge, until it is used. */
    actionTokenHash: text('action_token_hash'),
    /** HTTP status and body answered to the first call (replayed for the same key). */
    responseStatus: integer('response_status'),
    response: jsonb('response').$type<Record<string, unknown>>(),
    /** The gift this payment bought (issue 18), or null: it bought `licenceId` for the payer. */
    giftId: uuid('gift_id'),
    /** When the whole amount was refunded (a cancelled gift), or null. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The card processor's refund of it (`re_…`, `processor_refunds`), or null (none, or nothing was charged). */
    refundId: text('refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payments_user_idempotency_idx').on(t.userId, t.idempotencyKey), userForeignKey('payments', t.userId)],
);

/**
 * The card processor's own table (not the platform's): tokens it issued, with what a charge on
 * the card will do (`outcome`: null succeeds, else a decline code or `requires_action`).
 * The card number and CVC are never stored.
 */
export const processorTokens = pgTable('processor_tokens', {
  token: text('token').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  outcome: text('outcome'),
  /** The card's fingerprint (the same number, the same fingerprint). */
  fingerprint: text('fingerprint'),
  /** When the token was attached to payment details: a token attaches once (409 `TOKEN_ALREADY_USED`). */
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The card processor's charges (its own table, not the platform's): one row per charge of a
 * payment (`ch_…` for a card, `<provider>_…` for a redirecting provider's stand-in), with its
 * exact amount in minor units. `status` is `requires_action` while a 3-D Secure challenge is
 * pending, `captured` once the money is taken (only a captured charge can be refunded).
 */
export const processorCharges = pgTable('processor_charges', {
  id: text('id').primaryKey(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  scale: integer('scale').notNull(),
  status: text('status').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  capturedAt: timestamp('captured_at', { withTimezone: true }),
});

/**
 * The card processor's refunds of captured charges (issue 18: a cancelled gift): exact minor
 * units, never more than what is left of the charge; `idempotencyKey` is unique, so a refund asked
 * twice with one key is made once (the second answer is the first refund).
 */
export const processorRefunds = pgTable(
  'processor_refunds',
  {
    id: text('id').primaryKey(),
    chargeId: text('charge_id')
      .notNull()
      .references(() => processorCharges.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    scale: integer('scale').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('processor_refunds_idempotency_idx').on(t.idempotencyKey), index('processor_refunds_charge_idx').on(t.chargeId)],
);

/**
 * The sandbox's email outbox: every message the platform sent (password reset, magic link, email
 * confirmation), newest last. `link` is the message's one action link (it holds the token).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey(),
    /** Insertion order: breaks ties between messages sent in the same millisecond. */
    seq: serial('seq').notNull(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body').notNull(),
    /** `reset`, `magic` or `confirm`. */
    kind: text('kind').notNull(),
    link: text('link').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('outbox_to_idx').on(t.to, t.sentAt)],
);

/**
 * Emailed single-use tokens, stored as the SHA-256 (hex) of the token: `kind` `reset`, `magic` or
 * `confirm`; `usedAt` set by the one request that spends it; void after `expiresAt`.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    hash: text('hash').primaryKey(),
    kind: text('kind').notNull(),
    /** The platform account; null for a reset of a provider account that has none (yet). */
    userId: uuid('user_id'),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Password reset of a provider account: `PBR`, `GIGYA` or `FIREBASE`; null for the platform (ID) account. */
    provider: text('provider'),
    /** That provider account: the PBR/GIGYA account's subject, the Firebase user's uid. */
    subject: text('subject'),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId, t.kind), userForeignKey('email_tokens', t.userId)],
);

/**
 * Platform accounts signed in through an OpenID Connect client: the provider's subject (`sub`)
 * per realm client, and the account it maps to (created at the first sign-in, or linked by a
 * verified email; docs/sandbox.md "OpenID Connect").
 */
export const openIdIdentities = pgTable(
  'openid_identities',
  {
    clientName: text('client_name').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('openid_identities_subject_idx').on(t.clientName, t.subject), userForeignKey('openid_identities', t.userId)],
);

/**
 * Accounts of the PBR, SPTV, OPIN and GIGYA stand-ins (docs/sandbox.md "PBR, SPTV, OPIN and
 * GIGYA"): the provider's own store, not platform accounts. `loginId` is stored lower-cased,
 * `secretHash` is argon2id like ID passwords, `subject` is the provider's stable id of the
 * person (GIGYA's `UID`). `userId` is the platform account of this identity, created at its
 * first sign-in.
 */
export const providerAccounts = pgTable(
  'provider_accounts',
  {
    provider: text('provider').notNull(),
    loginId: text('login_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    name: text('name').notNull(),
    subject: uuid('subject').notNull(),
    userId: uuid('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('provider_accounts_login_idx').on(t.provider, t.loginId),
    uniqueIndex('provider_accounts_subject_idx').on(t.provider, t.subject),
    userForeignKey('provider_accounts', t.userId, 'set null'),
  ],
);

/**
 * Single-use sign-in tokens a stand-in provider handed out (the OPIN portal's `token`), stored as
 * the SHA-256 (hex) of the token; `usedAt` set by the one exchange that spends it.
 */
export const providerTokens = pgTable('provider_tokens', {
  hash: text('hash').primaryKey(),
  provider: text('provider').notNull(),
  subject: uuid('subject').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * Apple, Google and Facebook accounts linked to platform accounts (docs/sandbox.md "Social
 * sign-in"): one row per provider account (`provider`, `subject`), at most one per provider and
 * account. `email` is the address the provider gave when it was linked.
 */
export const socialIdentities = pgTable(
  'social_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id').notNull(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('social_identities_subject_idx').on(t.provider, t.subject),
    uniqueIndex('social_identities_user_idx').on(t.userId, t.provider),
    userForeignKey('social_identities', t.userId),
  ],
);

/**
 * Impersonation tokens (docs/sandbox.md "Impersonation"): SHA-256 of a single-use, short-lived
 * token naming the user an administrator acts as; once used, the refresh-token family of the
 * session it opened (that session and every refresh of it is the impersonated one).
 */
export const impersonationTokens = pgTable(
  'impersonation_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    familyId: uuid('family_id'),
  },
  (t) => [userForeignKey('impersonation_tokens', t.userId)],
);

/**
 * Platform accounts of Firebase users: the Firebase project and user id (`uid`), and the account
 * it maps to (created by `firebase-auth/signup` or at the first sign-in; docs/sandbox.md "Firebase").
 */
export const firebaseIdentities = pgTable(
  'firebase_identities',
  {
    projectId: text('project_id').notNull(),
    uid: text('uid').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('firebase_identities_uid_idx').on(t.projectId, t.uid), userForeignKey('firebase_identities', t.userId)],
);

/**
 * Adobe Pass emulation (docs/sandbox.md "Adobe Pass and TV", `src/adobe/store.ts`): DCR clients
 * (SHA-256 of the secret), regcodes with their operator authentication (SHA-256 of the DCR access
 * token), device PINs (SHA-256 of the TV's polling anchor) and external licence codes (SHA-256 of
 * the code). Expired rows are swept on writes.
 */
export const adobeClients = pgTable('adobe_clients', {
  clientId: text('client_id').primaryKey(),
  secretHash: text('secret_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
export const adobeRegcodes = pgTable(
  'adobe_regcodes',
  {
    code: text('code').primaryKey(),
    seq: serial('seq').notNull(),
    realm: text('realm').notNull(),
    requestorId: text('requestor_id').notNull(),
    deviceId: text('device_id').notNull(),
    userId: uuid('user_id'),
    clientId: text('client_id'),
    accessTokenHash: text('access_token_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    authnMvpdId: text('authn_mvpd_id'),
    authnEmail: text('authn_email'),
    authnAt: timestamp('authn_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('adobe_regcodes_access_token_idx').on(t.accessTokenHash),
    index('adobe_regcodes_device_idx').on(t.realm, t.deviceId, t.requestorId, t.createdAt),
  ],
);
export const adobeDevicePins = pgTable('adobe_device_pins', {
  anchorHash: text('anchor_hash').primaryKey(),
  pin: text('pin').notNull().unique('adobe_device_pins_pin_key'),
  realm: text('realm').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  userId: uuid('user_id'),
  delivered: boolean('delivered').notNull().default(false),
});
export const adobeLicenceCodes = pgTable('adobe_licence_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  licenceId: text('licence_id').notNull(),
  redirectTo: text('redirect_to'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------------------------------------
// Issue 15, the viewer's library: favourites and watch history (docs/api.md "Favourites,
// history and continue watching"). One row per profile and title (issue 16: each profile has its
// own library; `user_id` is the profile's account); a title the catalogue drops takes its rows
// with it, and so does a deleted profile.
// ---------------------------------------------------------------------------------------------

/**
 * The profiles of an account (a household; issue 16): `type` `ADULT` or `CHILD`, a `name` of 1 to
 * 30 characters, an `avatar` key, for a child the highest `ageRatingLimit` it may watch (null
 * for an adult), and the profile's own `preferences` (commerce §3 "Preferences", the JSON of
 * `preferencesSchema`). At most 5 per account; the last adult profile cannot be deleted.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    avatar: text('avatar').notNull(),
    ageRatingLimit: integer('age_rating_limit'),
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('profiles_user_idx').on(t.userId, t.createdAt), userForeignKey('profiles', t.userId)],
);

/**
 * `<table>.<column> → profiles.id` on delete cascade, named `<table>_<column>_fkey`: the library
 * rows of a profile (issue 16) go with it. Its writers make sure the profile row exists first
 * (`library/caller.ts`: the first adult profile is made on first need).
 */
function profileForeignKey(table: string, profileId: AnyPgColumn, column = 'profile_id') {
  return foreignKey({ name: `${table}_${column}_fkey`, columns: [profileId], foreignColumns: [profiles.id] }).onDelete('cascade');
}

/**
 * Favourites (commerce §7 "Favourites"), a profile's: `createdAt` is the answer's `favouritedAt`
 * (the first `PUT`; a second one changes nothing). Listed newest first: the index on (profile,
 * created, title).
 */
export const favourites = pgTable(
  'favourites',
  {
    userId: uuid('user_id').notNull(),
    profileId: uuid('profile_id').notNull(),
    titleId: text('title_id')
      .notNull()
      .references(() => titles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.titleId] }),
    index('favourites_profile_created_idx').on(t.profileId, t.createdAt, t.titleId),
    userForeignKey('favourites', t.userId),
    profileForeignKey('favourites', t.profileId),
  ],
);

/**
 * Watch progress (`@stream/core/domain` `ProgressRecord`), a profile's: the last report of any device by
 * `updatedAt` (the device's time, never after the platform's `receivedAt`), its `state`
 * (`progressState`), and `removed` for a title removed from the history at `updatedAt` (a
 * tombstone: older reports do not bring it back). `nextTitleId`: for a watched episode, the
 * episode after it (continue watching offers it), set when the row is written.
 */
export const watchProgress = pgTable(
  'watch_progress',
  {
    userId: uuid('user_id').notNull(),
    profileId: uuid('profile_id').notNull(),
    titleId: text('title_id')
      .notNull()
      .references(() => titles.id, { onDelete: 'cascade' }),
    positionSeconds: doublePrecision('position_seconds').notNull(),
    durationSeconds: doublePrecision('duration_seconds').notNull(),
    /** `NOT_STARTED`, `IN_PROGRESS` or `WATCHED`. */
    state: text('state').notNull(),
    ended: boolean('ended').notNull().default(false),
    removed: boolean('removed').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** The episode after a watched one (null otherwise, or when that title is gone). */
    nextTitleId: text('next_title_id').references(() => titles.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.titleId] }),
    index('watch_progress_profile_updated_idx').on(t.profileId, t.removed, t.updatedAt, t.titleId),
    index('watch_progress_profile_state_idx').on(t.profileId, t.state, t.updatedAt),
    userForeignKey('watch_progress', t.userId),
    profileForeignKey('watch_progress', t.profileId),
  ],
);

/** Every table, for `drizzle({ schema })` and drizzle-kit. */
export const schema = {
  realms,
  settings,
  users,
  refreshTokens,
  licenceFamilies,
  licences,
  accountLicences,
  contentItems,
  titles,
  playlistItems,
  sections,
  rails,
  railItems,
  programmes,
  newsFeeds,
  newsItems,
  fighters,
  fightResults,
  rankings,
  externalPages,
  vouchers,
  baskets,
  paymentDetails,
  payments,
  processorTokens,
  outbox,
  emailTokens,
  openIdIdentities,
  firebaseIdentities,
  impersonationTokens,
  providerAccounts,
  providerTokens,
  socialIdentities,
  adobeClients,
  adobeRegcodes,
  adobeDevicePins,
  adobeLicenceCodes,
  profiles,
  favourites,
  watchProgress,
};
export type Schema = typeof schema;

// ---------------------------------------------------------------------------------------------
// Issue 15, watchlists (commerce-and-account-data.md §3, §4, §7; docs/api.md "Watchlists").
// ---------------------------------------------------------------------------------------------

/**
 * Watchlists: a profile's ordered lists of catalogue titles (issue 16; `ownerId` is the profile's
 * account, the answers' `ownerExternalId`). `id` is the `watchlistExternalId`
 * (a random UUID); `shareToken` (random, unguessable) is the token of its `shareablePath`.
 * `nextPosition` is the position the next item added takes (items keep increasing positions).
 */
export const watchlists = pgTable(
  'watchlists',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id').notNull(),
    /** The profile that owns the list (`profiles.id`). */
    profileId: uuid('profile_id').notNull(),
    name: text('name').notNull(),
    shareToken: text('share_token').notNull(),
    nextPosition: integer('next_position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('watchlists_share_token_idx').on(t.shareToken),
    index('watchlists_profile_idx').on(t.profileId, t.createdAt),
    foreignKey({ name: 'watchlists_owner_id_fkey', columns: [t.ownerId], foreignColumns: [users.id] }).onDelete('cascade'),
    profileForeignKey('watchlists', t.profileId),
  ],
);

/** The titles of a watchlist, in `position` order (one row per title: the key is the list, type and id). */
export const watchlistItems = pgTable(
  'watchlist_items',
  {
    watchlistId: uuid('watchlist_id')
      .notNull()
      .references(() => watchlists.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    contentId: text('content_id')
      .notNull()
      .references(() => titles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.watchlistId, t.contentType, t.contentId] }), index('watchlist_items_position_idx').on(t.watchlistId, t.position)],
);

/**
 * Which profile (`profileId`; `viewerId` its account) reached another profile's list by its
 * shareable path (`SHARED` for it), and whether it saved it to its library (`savedAt`, null when
 * not saved). The owning profile never has a row.
 */
export const watchlistViewers = pgTable(
  'watchlist_viewers',
  {
    watchlistId: uuid('watchlist_id')
      .notNull()
      .references(() => watchlists.id, { onDelete: 'cascade' }),
    viewerId: uuid('viewer_id').notNull(),
    profileId: uuid('profile_id').notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.watchlistId, t.profileId] }),
    index('watchlist_viewers_saved_idx').on(t.profileId, t.savedAt),
    foreignKey({ name: 'watchlist_viewers_viewer_id_fkey', columns: [t.viewerId], foreignColumns: [users.id] }).onDelete('cascade'),
    profileForeignKey('watchlist_viewers', t.profileId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Issue 17, concurrent streams (docs/api.md "Concurrent streams"; rules in @stream/core/domain
// streamLeases.ts).
// ---------------------------------------------------------------------------------------------

/**
 * Stream leases: one per playback a signed-in viewer started (`POST /api/v2/playback/{type}/{id}`),
 * the account's (`userId`; every profile shares the limit). Live while not stopped and renewed
 * (`renewedAt`, by the heartbeat) less than 60 s ago on the sandbox clock; `stoppedAt` set by
 * `DELETE /api/v2/streams/{id}`. `deviceId` is the starting request's `x-device-id`, `deviceName`
 * the name the account's other devices see. Rows stay after they end (the heartbeat then answers
 * `STOPPED` or `EXPIRED`) and go with the account.
 */
export const streamLeases = pgTable(
  'stream_leases',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    deviceId: text('device_id').notNull(),
    deviceName: text('device_name').notNull(),
    contentType: text('content_type').notNull(),
    titleId: text('title_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    renewedAt: timestamp('renewed_at', { withTimezone: true }).notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  },
  (t) => [index('stream_leases_user_renewed_idx').on(t.userId, t.renewedAt), userForeignKey('stream_leases', t.userId)],
);

// ---------------------------------------------------------------------------------------------
// Issue 18, gifting (docs/api.md "Gifts"; rules in @stream/core/domain gifts.ts).
// ---------------------------------------------------------------------------------------------

/**
 * Gifts: `months` of licence `licenceId` bought by `buyerId` for a recipient by email. Created
 * unpaid with `POST /api/v2/gifts` (the buyer's open basket points at it); `paidAt`/`paymentId`
 * set when the basket is paid; `deliveredAt` when the email went out (on `deliverAt`, 00:00 UTC
 * of the delivery date, by the sandbox clock); `codeHash` the SHA-256 (hex) of the current
 * redemption code (a resend replaces it; the code itself is never stored); `codeExpiresAt` a
 * year after the first delivery; `redeemedBy`/`redeemedAt`/`redemption` (the answer replayed to
 * the same account) once redeemed; `cancelledAt` for a cancelled (refunded) gift.
 */
export const gifts = pgTable(
  'gifts',
  {
    id: uuid('id').primaryKey(),
    buyerId: uuid('buyer_id').notNull(),
    licenceId: text('licence_id').notNull(),
    months: integer('months').notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    message: text('message'),
    deliveryDate: text('delivery_date').notNull(),
    deliverAt: timestamp('deliver_at', { withTimezone: true }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    scale: integer('scale').notNull(),
    paymentId: uuid('payment_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    codeHash: text('code_hash').unique('gifts_code_hash_key'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    redeemedBy: uuid('redeemed_by'),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    redemption: jsonb('redemption').$type<Record<string, unknown>>(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('gifts_buyer_idx').on(t.buyerId, t.createdAt),
    index('gifts_due_idx').on(t.deliverAt).where(sql`paid_at is not null and delivered_at is null and cancelled_at is null`),
    foreignKey({ name: 'gifts_buyer_id_fkey', columns: [t.buyerId], foreignColumns: [users.id] }).onDelete('cascade'),
    foreignKey({ name: 'gifts_redeemed_by_fkey', columns: [t.redeemedBy], foreignColumns: [users.id] }).onDelete('set null'),
  ],
);

// ---------------------------------------------------------------------------------------------
// Issue 17, watch together (docs/api.md "Watch together"; rules in @stream/core/domain
// watchTogether.ts).
// ---------------------------------------------------------------------------------------------

/**
 * Watch-together rooms: one live event (`titleId`) watched by a host (`hostId`) and its members
 * (`watch_room_members`). The host's last playback update: `state` (`PLAYING`, `PAUSED`; null
 * before the first), `positionMs` (ms on the stream's timeline) and `playbackUpdatedAt` (the
 * sandbox clock). `version` counts changes (1 on opening). `closedAt` is set when the host leaves
 * (the room then answers 404). Kept in the database so that a restart loses no room; rooms go
 * with their host's account.
 */
export const watchRooms = pgTable(
  'watch_rooms',
  {
    id: uuid('id').primaryKey(),
    hostId: uuid('host_id').notNull(),
    titleId: text('title_id').notNull(),
    state: text('state').$type<'PLAYING' | 'PAUSED'>(),
    positionMs: doublePrecision('position_ms'),
    playbackUpdatedAt: timestamp('playback_updated_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('watch_rooms_host_idx').on(t.hostId), foreignKey({ name: 'watch_rooms_host_id_fkey', columns: [t.hostId], foreignColumns: [users.id] }).onDelete('cascade')],
);

/** The members of a watch-together room (the host included), with when they joined; a member who leaves is deleted. */
export const watchRoomMembers = pgTable(
  'watch_room_members',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => watchRooms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('watch_room_members_user_idx').on(t.userId), userForeignKey('watch_room_members', t.userId)],
);
