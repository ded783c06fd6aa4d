/**
 * The realm's checkout settings (the code is the source of truth; nothing is stored): where it
 * sells, whether it accepts visitors on a VPN, the consent terms of a purchase and the ID
 * provider's fields with their functional purposes and country restrictions.
 * Implements identity-and-routes.md §3 "Auth provider" (fields), §3 "Consent term", §6 and
 * commerce-and-account-data.md §6 (territories and VPN), answered by `GET /api/v2/checkout/context`.
 */
import type { CheckoutContext } from '@stream/core/contracts';
import { DEFAULT_CONCURRENT_STREAM_LIMIT, type GiftPeriodMonths } from '@stream/core/domain';
import { COUNTRIES } from './countries.js';

/** A country seeded outside the realm's allowed territories, for the geo block (`signupGeoRestriction`). */
export const OUTSIDE_TERRITORY = 'CU';

/** The realm's allowed territories (ISO 3166-1 alpha-2): every seeded country but {@link OUTSIDE_TERRITORY}. */
export const ALLOWED_TERRITORIES: readonly string[] = COUNTRIES.map((c) => c.iso3166alpha2).filter((code) => code !== OUTSIDE_TERRITORY);

/** The realm refuses purchases from a VPN (`vpnErrorMessage`). */
export const REALM_ALLOWS_VPN = false;

/**
 * How many streams one account plays at once (issue 17; docs/api.md "Concurrent streams"): the
 * realm's setting, read through core's `concurrentStreamLimit` (an integer from 1 to 100, else
 * the default 4). Every profile and device of the account shares it; a multi-view tile is one.
 */
export const CONCURRENT_STREAM_LIMIT: number = DEFAULT_CONCURRENT_STREAM_LIMIT;

/**
 * The realm's giftable plans (issue 18; docs/api.md "Gifts"): per licence id, the periods (whole
 * months, core's `GIFT_PERIOD_MONTHS`) it may be given for. A gift costs the licence's monthly
 * price for the caller's country times the months. Only monthly subscriptions are offered.
 */
export const GIFTABLE_PLANS: Readonly<Record<string, readonly GiftPeriodMonths[]>> = {
  '101': [1, 3, 12],
  '102': [1, 3, 12],
  '201': [1, 3, 12],
};

/** The functional purpose of the checkout (restricted provider fields name the purposes they serve). */
export const CHECKOUT_PURPOSE = 'PURCHASE';

/** The consent terms of a purchase, in display order: the terms of use (required), marketing emails, the privacy notice. */
export const CONSENT_TERMS: CheckoutContext['consentTerms'] = [
  {
    fieldName: 'termsOfUse',
    fieldType: 'BINARY_CHOICE',
    label: 'I accept the terms of use',
    text: 'I have read and accept the Stream terms of use, including the subscription and cancellation terms.',
    required: true,
    defaultValue: false,
  },
  {
    fieldName: 'marketingEmails',
    fieldType: 'BINARY_CHOICE',
    label: 'Send me news and offers by email',
    text: 'Send me news, offers and recommendations by email. You can unsubscribe at any time.',
    required: false,
    defaultValue: false,
  },
  {
    fieldName: 'privacyNotice',
    fieldType: 'INFORMATION_TEXT',
    text: 'We use your details to run your subscription and take payments, as our privacy notice explains.',
    required: false,
  },
];

/**
 * The ID provider's fields (identity-and-routes.md §3 "Auth provider"): a birth date for
 * purchases from BR and DE, a tax number for purchases from BR (whitelists: a listed country makes
 * the field required, see core's `restrictedFieldRule`), and an optional phone number.
 */
export const PROVIDER_FIELDS: CheckoutContext['fields'] = [
  {
    id: 'birthDate',
    type: 'birthDate',
    required: false,
    functionalPurpose: [CHECKOUT_PURPOSE],
    addressCountryRestriction: { restrictionType: 'whitelist', elements: ['BR', 'DE'] },
  },
  {
    id: 'taxNumber',
    type: 'taxNumber',
    required: false,
    functionalPurpose: [CHECKOUT_PURPOSE],
    addressCountryRestriction: { restrictionType: 'whitelist', elements: ['BR'] },
  },
  { id: 'phoneNumber', type: 'phoneNumber', required: false },
];

/** True when `country` (alpha-2, any case) is among {@link ALLOWED_TERRITORIES}. */
export function inAllowedTerritory(country: string): boolean {
  return ALLOWED_TERRITORIES.includes(country.trim().toUpperCase());
}

/** The web app's address when none is configured (`npm start`'s default). */
const DEFAULT_WEB_ORIGINS = ['http://127.0.0.1:5173', 'http://localhost:5173'];

/**
 * The realm's registered web origins: where a payment provider's approval page or the card
 * processor's 3-D Secure page may send the payer back (`returnUrl`, checked with core's
 * `allowedReturnUrl`). The web app's origin (`webUrl`, from `SANDBOX_WEB_URL`) and its loopback
 * twin (`127.0.0.1` ↔ `localhost`), `npm start`'s default web origins, and the origins listed in
 * `extra` (env `SANDBOX_WEB_ORIGINS`, comma-separated). Each once, normalised.
 */
export function realmWebOrigins(webUrl: string, extra: string | undefined = process.env.SANDBOX_WEB_ORIGINS): string[] {
  const origins = new Set<string>();
  const add = (raw: string) => {
    try {
      const url = new URL(raw.trim());
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
      origins.add(url.origin);
      if (url.hostname === 'localhost') origins.add(url.origin.replace('//localhost', '//127.0.0.1'));
      if (url.hostname === '127.0.0.1') origins.add(url.origin.replace('//127.0.0.1', '//localhost'));
    } catch {
      // not a URL: skipped
    }
  };
  add(webUrl);
  DEFAULT_WEB_ORIGINS.forEach(add);
  (extra ?? '').split(',').filter((entry) => entry.trim() !== '').forEach(add);
  return [...origins];
}
