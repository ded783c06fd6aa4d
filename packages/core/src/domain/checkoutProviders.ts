/**
 * The checkout's payment providers and choices: which providers the checkout offers and names,
 * which one is chosen first, which journey step a provider leads to, the payment details of a
 * stored card, and the checkout path a payment problem leads back to.
 * Implements commerce-and-account-data.md §3 ("Payment provider entry", "Card") and §4, with
 * identity-and-routes.md §4 (journey steps CREDIT_CARD_PAYMENT, PAYPAL_PAYMENT, NEW_PAYMENT).
 */
import { hasOwn } from './errorLayers.js';
import type { PaymentDetailsLike } from './payments.js';
import { safeReturnPath } from './redirects.js';
import { buildPath, type RouteLocale } from './routes.js';

/** How the payer pays on the payment page: a card, PayPal, or another (new) payment method. */
export type JourneyPaymentMethod = 'card' | 'paypal' | 'new';

/** The card provider's id (`paymentProviderId`). */
export const CARD_PROVIDER_ID = 'CARDS';
/** PayPal's provider id. */
export const PAYPAL_PROVIDER_ID = 'PAYPAL';

/**
 * Provider id → the label key naming it. The checkout offers these providers only; any other
 * provider the realm lists is left out (it has no label, and no step of the journey knows it).
 */
export const PROVIDER_LABEL_KEYS = {
  CARDS: 'paymentMethodCard',
  PAYPAL: 'paymentMethodPaypal',
  IDEAL: 'paymentMethodIdeal',
  BANCONTACT: 'paymentMethodBancontact',
  PIX: 'paymentMethodPix',
  ALIPAY: 'paymentMethodAlipay',
  WEPAY: 'paymentMethodWepay',
} as const satisfies Readonly<Record<string, string>>;

/**
 * The label key naming the provider `providerId` (exact, case-sensitive match of
 * {@link PROVIDER_LABEL_KEYS}), or null for a provider the checkout does not offer (and for a
 * non-string). Never throws.
 */
export function providerLabelKey(providerId: string): string | null {
  if (typeof providerId !== 'string' || !hasOwn(PROVIDER_LABEL_KEYS, providerId)) return null;
  return PROVIDER_LABEL_KEYS[providerId as keyof typeof PROVIDER_LABEL_KEYS];
}

/** A provider entry as these rules read it (§3 "Payment provider entry"). */
export interface ProviderEntryLike {
  paymentProviderId: string;
}

/**
 * The providers the checkout offers, in the platform's order: those with a label
 * ({@link providerLabelKey}). `null` or a non-array gives `[]`; malformed entries are skipped.
 * Never throws.
 */
export function offeredProviders<T extends ProviderEntryLike>(providers: readonly T[] | null | undefined): T[] {
  if (!Array.isArray(providers)) return [];
  return providers.filter(
    (provider: T | null | undefined) => typeof provider === 'object' && provider !== null && providerLabelKey(provider.paymentProviderId) !== null,
  );
}

/** The provider chosen when the payment page opens: the card provider when offered, else the first offered one, else undefined. */
export function defaultProvider<T extends ProviderEntryLike>(offered: readonly T[]): T | undefined {
  return offered.find((provider) => provider.paymentProviderId === CARD_PROVIDER_ID) ?? offered[0];
}

/**
 * The journey step a provider leads to from the payment page: the card provider →
 * `card` (CREDIT_CARD_PAYMENT), PayPal → `paypal` (PAYPAL_PAYMENT), any other → `new`
 * (NEW_PAYMENT). Never throws. identity-and-routes.md §4.
 */
export function journeyMethodFor(providerId: string): JourneyPaymentMethod {
  if (providerId === CARD_PROVIDER_ID) return 'card';
  if (providerId === PAYPAL_PROVIDER_ID) return 'paypal';
  return 'new';
}

/** A stored card as {@link savedCardDetails} reads it (§3 "Card"). */
export interface SavedCardLike {
  cardId: string;
  paymentMethodType?: string | null | undefined;
}

/**
 * The payment details that pay with a stored card: its id, the card provider, and its method
 * type (`CARD` when it names none). Never throws.
 */
export function savedCardDetails(card: SavedCardLike): PaymentDetailsLike {
  const type = typeof card?.paymentMethodType === 'string' && card.paymentMethodType !== '' ? card.paymentMethodType : 'CARD';
  return { paymentDetailsExid: card?.cardId ?? '', targetPaymentProvider: CARD_PROVIDER_ID, paymentMethodType: type };
}

/** The method id of a zero-balance payment (no payment details). */
export const ZERO_BALANCE_METHOD = 'ZERO_BALANCE';

/**
 * What identifies the payment method of one pay attempt, for the idempotency-key rule
 * (`idempotencyKeyStep`): `ZERO_BALANCE` for a zero-balance payment, else the details id as a
 * string (`''` when there is none). Never throws.
 */
export function paymentMethodId(details: PaymentDetailsLike | null | undefined, zeroBalance = false): string {
  if (zeroBalance === true) return ZERO_BALANCE_METHOD;
  const id = typeof details === 'object' && details !== null ? details.paymentDetailsExid : undefined;
  return id === undefined || id === null ? '' : String(id);
}

/**
 * The PURCHASE path that reopens the checkout of `licenceId` in the route set `locale`:
 * `…?licenceId=<id>`, plus `from` only when it is a safe in-app path (the domain's
 * `safeReturnPath`). Never throws. commerce-and-account-data.md §2 (back to the checkout after a
 * payment that did not complete).
 */
export function checkoutPath(locale: RouteLocale, licenceId: string, from: string | null): string {
  const query = new URLSearchParams({ licenceId: String(licenceId) });
  const safeFrom = safeReturnPath(from);
  if (safeFrom !== null) query.set('from', safeFrom);
  return `${buildPath('PURCHASE', undefined, locale)}?${query.toString()}`;
}
