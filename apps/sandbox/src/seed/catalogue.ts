/**
 * The seeded licence catalogue, licence families and content (commerce §3, §4). Upserted on every
 * start, so the code is the source of truth. Discount bounds and live-event dates are relative to
 * the start time, so their states (UPCOMING, ACTIVE) hold on any day. See docs/sandbox.md.
 */
import type { Discount, LicenceAmount } from '@stream/core/contracts';
import type { contentItems, licenceFamilies, licences } from '../db/schema.js';

type CatalogueInsert = typeof licences.$inferInsert;
type FamilyInsert = typeof licenceFamilies.$inferInsert;
type ContentInsert = typeof contentItems.$inferInsert;

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Seeded licence ids, for tests and docs. */
export const LICENCE_IDS = {
  sportsBasic: '101',
  sportsPremium: '102',
  sportsPremiumYearly: '103',
  sportsPremiumIap: '104_IAP',
  cinema: '201',
  cinemaPlus: '202',
  seasonPass: '301',
  ppvFight: '302',
  free: '401',
} as const;

/** Seeded content ids. */
export const CONTENT_IDS = {
  freeVod1: 'welcome-to-stream',
  freeVod2: 'behind-the-scenes',
  sportsVod: 'derby-day-full-match',
  cinemaVod: 'the-long-night',
  premiumLive: 'title-fight-live',
  freeLive: 'community-cup-live',
} as const;

/** The one media file playback serves (apps/sandbox/media/). */
export const SAMPLE_MEDIA = 'sample.webm';

/**
 * GBP (local: the caller's country is GB) and EUR (the realm's default) prices in minor units,
 * with the price per billing period (`period` first, then `extra` periods).
 */
function prices(gbp: number, eur: number, period?: string, extra: { period: string; gbp: number; eur: number }[] = []): LicenceAmount[] {
  const perPeriod = (amount: number, pick: 'gbp' | 'eur') =>
    period ? { periodAmounts: [{ period, amount }, ...extra.map((e) => ({ period: e.period, amount: e[pick] }))] } : {};
  return [
    { amount: gbp, currency: 'GBP', scale: 2, taxInclusive: true, local: true, default: false, ...perPeriod(gbp, 'gbp') },
    { amount: eur, currency: 'EUR', scale: 2, taxInclusive: true, local: false, default: true, ...perPeriod(eur, 'eur') },
  ];
}

/**
 * The amounts with a Brazilian price added: BRL in minor units, the local price of a caller in
 * BR only (`country: 'BR'`, this project's field; core `localAmounts`), the same for every period.
 */
function withBrl(amounts: LicenceAmount[], brl: number, period?: string): LicenceAmount[] {
  const local = { amount: brl, currency: 'BRL', scale: 2, taxInclusive: true, local: false, default: false, country: 'BR' };
  return [...amounts, { ...local, ...(period ? { periodAmounts: [{ period, amount: brl }] } : {}) } as LicenceAmount];
}

/** The cancellation offer of the subscriptions that have one: 50% off for 3 billing periods. */
const HALF_PRICE_PROMO = {
  discount: { type: 'PERCENTAGE', percentage: 50, state: 'ACTIVE', lifeTimeRepeat: 3 } satisfies Discount,
  description: '50% off your next 3 months if you stay',
};

/** What the three ways of selling Sports Premium (monthly, yearly, in the app store) share. */
const SPORTS_PREMIUM = { type: 'STANDARD', rank: 2, familyId: 'sports', purchaseStrategyType: 'SUBSCRIPTION' } as const;

/** Licence families (ranks compare within a family). */
export function seedFamilies(): FamilyInsert[] {
  return [
    { id: 'sports', name: 'Sports', sortOrder: 1 },
    { id: 'cinema', name: 'Cinema', sortOrder: 2 },
    { id: 'events', name: 'Events and passes', sortOrder: 3 },
    { id: 'free', name: 'Free', sortOrder: 4 },
  ];
}

/** The catalogue; `startMs` anchors the discount bounds. */
export function seedCatalogue(startMs: number): CatalogueInsert[] {
  const skus = (id: string, amounts: LicenceAmount[]) => amounts.map((a) => ({ ...a, sku: `${id}-${a.currency.toLowerCase()}` }));
  const rows: CatalogueInsert[] = [
    {
      id: LICENCE_IDS.sportsBasic,
      name: 'Sports Basic',
      description: 'Every league match on demand, monthly. 20% off your first 3 months.',
      type: 'STANDARD',
      rank: 1,
      familyId: 'sports',
      purchaseStrategyType: 'SUBSCRIPTION',
      subscriptionPeriod: 'P1M',
      defaultMarketingPricePeriod: 'P1M',
      amounts: skus('101', withBrl(prices(799, 899, 'P1M'), 2990, 'P1M')),
      discounts: [
        { type: 'PERCENTAGE', percentage: 20, state: 'ACTIVE', lifeTimeRepeat: 3, startsAt: iso(startMs - 10 * DAY), endsAt: iso(startMs + 80 * DAY) },
      ],
      cancellationPromo: HALF_PRICE_PROMO,
      pausable: true,
    },
    {
      ...SPORTS_PREMIUM,
      id: LICENCE_IDS.sportsPremium,
      name: 'Sports Premium',
      description: 'Every match live and on demand, plus the big fights, monthly.',
      subscriptionPeriod: 'P1M',
      defaultMarketingPricePeriod: 'P1M',
      amounts: skus('102', withBrl(prices(1299, 1499, 'P1M'), 4990, 'P1M')),
      cancellationPromo: HALF_PRICE_PROMO,
      pausable: true,
    },
    {
      ...SPORTS_PREMIUM,
      id: LICENCE_IDS.sportsPremiumYearly,
      name: 'Sports Premium Annual',
      description: 'Sports Premium for a year. 25% off soon.',
      subscriptionPeriod: 'P1Y',
      defaultMarketingPricePeriod: 'P1M',
      amounts: skus('103', prices(12999, 14999, 'P1Y', [{ period: 'P1M', gbp: 1083, eur: 1250 }])),
      discounts: [
        { type: 'PERCENTAGE', percentage: 25, state: 'UPCOMING', lifeTimeRepeat: 1, startsAt: iso(startMs + 14 * DAY), endsAt: iso(startMs + 44 * DAY) },
      ],
      pausable: false,
    },
    {
      ...SPORTS_PREMIUM,
      id: LICENCE_IDS.sportsPremiumIap,
      name: 'Sports Premium (App Store)',
      description: 'Sports Premium bought in the mobile app; managed by the app store.',
      subscriptionPeriod: 'P1M',
      defaultMarketingPricePeriod: 'P1M',
      amounts: [{ amount: 1399, currency: 'GBP', scale: 2, taxInclusive: true, local: true, default: true, sku: 'com.stream.sports.premium.monthly', periodAmounts: [{ period: 'P1M', amount: 1399 }] }],
      pausable: false,
    },
    {
      id: LICENCE_IDS.cinema,
      name: 'Cinema',
      description: 'New films every week, monthly. The price changes at your next renewal.',
      type: 'STANDARD',
      rank: 1,
      familyId: 'cinema',
      purchaseStrategyType: 'SUBSCRIPTION',
      subscriptionPeriod: 'P1M',
      defaultMarketingPricePeriod: 'P1M',
      amounts: skus('201', withBrl(prices(599, 699, 'P1M'), 2490, 'P1M')),
      pausable: false,
    },
    {
      id: LICENCE_IDS.cinemaPlus,
      name: 'Cinema Plus',
      description: 'Every film, in 4K, monthly. Try it free for 7 days.',
      type: 'STANDARD',
      rank: 2,
      familyId: 'cinema',
      purchaseStrategyType: 'SUBSCRIPTION',
      subscriptionPeriod: 'P1M',
      trialPeriod: 'P7D',
      defaultMarketingPricePeriod: 'P1M',
      amounts: skus('202', withBrl(prices(999, 1199, 'P1M'), 3490, 'P1M')),
      cancellationPromo: HALF_PRICE_PROMO,
      pausable: true,
    },
    {
      id: LICENCE_IDS.seasonPass,
      name: 'Season Pass 2026/27',
      description: 'Every match of the season, until the end of June 2027. No renewal.',
      type: 'STANDARD',
      rank: 0,
      familyId: 'events',
      purchaseStrategyType: 'FIXED_DATE',
      amounts: skus('301', prices(4999, 5499)),
      fixedEndAt: new Date('2027-06-30T23:59:59.000Z'),
      pausable: false,
    },
    {
      id: LICENCE_IDS.ppvFight,
      name: 'Title Fight: Pay Per View',
      description: 'The title fight, live and on replay for 48 hours. Priced in euros only.',
      type: 'STANDARD',
      rank: 0,
      familyId: 'events',
      purchaseStrategyType: 'PPV',
      // No local (GBP) amount: the default (EUR) price applies.
      amounts: [{ amount: 1999, currency: 'EUR', scale: 2, taxInclusive: true, default: true, sku: '302-eur' }],
      pausable: false,
    },
    {
      id: LICENCE_IDS.free,
      name: 'Stream Free',
      description: 'Free highlights and the community cup, for every signed-in viewer.',
      type: 'FREE',
      rank: 0,
      familyId: 'free',
      amounts: [],
      pausable: false,
    },
  ];
  return rows.map((row, i) => ({
    discounts: [],
    cancellationPromo: null,
    trialPeriod: null,
    subscriptionPeriod: null,
    defaultMarketingPricePeriod: null,
    purchaseStrategyType: null,
    fixedEndAt: null,
    description: null,
    active: true,
    ...row,
    sortOrder: i + 1,
  }));
}

/** The licences of sports titles, cinema titles and the big fights (content and the catalogue share them). */
export const SPORTS = [LICENCE_IDS.sportsBasic, LICENCE_IDS.sportsPremium, LICENCE_IDS.sportsPremiumYearly, LICENCE_IDS.sportsPremiumIap, LICENCE_IDS.seasonPass];
export const CINEMA = [LICENCE_IDS.cinema, LICENCE_IDS.cinemaPlus];
export const FIGHT = [LICENCE_IDS.ppvFight, LICENCE_IDS.sportsPremium, LICENCE_IDS.sportsPremiumYearly, LICENCE_IDS.sportsPremiumIap];

/** Videos and live events; every one plays `sample.webm`. `startMs` anchors the live dates. */
export function seedContent(startMs: number): ContentInsert[] {
  const hour = 3_600_000;
  const rows: Omit<ContentInsert, 'sortOrder' | 'thumbnail' | 'mediaFile'>[] = [
    { id: CONTENT_IDS.freeVod1, type: 'VOD', title: 'Welcome to Stream', description: 'A short tour of what is on.', durationSeconds: 6, licenceIds: [] },
    { id: CONTENT_IDS.freeVod2, type: 'VOD', title: 'Behind the Scenes', description: 'How a match day is broadcast.', durationSeconds: 6, licenceIds: [] },
    { id: CONTENT_IDS.sportsVod, type: 'VOD', title: 'Derby Day: Full Match', description: 'The whole derby, replayed. Sports licences.', durationSeconds: 6, licenceIds: SPORTS },
    { id: CONTENT_IDS.cinemaVod, type: 'VOD', title: 'The Long Night', description: 'A thriller in one night. Cinema licences.', durationSeconds: 6, licenceIds: CINEMA },
    { id: CONTENT_IDS.premiumLive, type: 'LIVE', title: 'Title Fight Live', description: 'The title fight, live. Pay per view or Sports Premium.', startDate: new Date(startMs - hour), licenceIds: FIGHT },
    { id: CONTENT_IDS.freeLive, type: 'LIVE', title: 'Community Cup Live', description: 'The community cup final, free for everyone.', startDate: new Date(startMs - 2 * hour), licenceIds: [] },
  ];
  return rows.map((row, i) => ({
    description: null,
    durationSeconds: null,
    startDate: null,
    ...row,
    thumbnail: `/thumbnails/${row.id}.svg`,
    mediaFile: SAMPLE_MEDIA,
    sortOrder: i + 1,
  }));
}

/** Colours of the generated thumbnails, by content id. */
export const THUMBNAIL_COLOURS: Record<string, [string, string]> = {
  [CONTENT_IDS.freeVod1]: ['#0f766e', '#14b8a6'],
  [CONTENT_IDS.freeVod2]: ['#1d4ed8', '#60a5fa'],
  [CONTENT_IDS.sportsVod]: ['#b91c1c', '#f97316'],
  [CONTENT_IDS.cinemaVod]: ['#4c1d95', '#a855f7'],
  [CONTENT_IDS.premiumLive]: ['#111827', '#ef4444'],
  [CONTENT_IDS.freeLive]: ['#166534', '#84cc16'],
};
