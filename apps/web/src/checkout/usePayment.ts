import { useEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import type { ApiClient } from '@stream/core/api';
import type { Money, PaymentHistoryItem, PaymentProvider } from '@stream/core/contracts';
import { buildPath, paymentErrorMessage, safeReturnPath, type RouteLocale } from '@stream/core/domain';
import {
  connectPayment,
  defaultCreateKey,
  paymentApiFromClient,
  paymentMachine,
  type JourneyPaymentMethod,
  type PaymentApi,
  type PaymentProviderLike,
} from '@stream/core/machines';
import { useI18n, useServices } from '../app/context';
import { savePendingPayment, type PendingPayment } from './pendingPayment';

/**
 * The checkout's payment as views use it: the core payment machine (pay with an idempotency key,
 * the same key on a retry, a new one after `basketChanged()` / `cardChanged()`, 409
 * `freeTrialDenied`, 424 billing details, redirects) plus the few helpers the checkout, PAY and
 * PAYMENT_AUTHORIZATION pages share. Implements commerce-and-account-data.md §4 "Payment flow
 * state", §5 and §8 in the view; the rules themselves are core's.
 */

/** Options of {@link usePayment}. */
export interface UsePaymentOptions {
  /** The licence being bought (the machine's `item`). */
  item: string;
  /** The providers offered (`payments.providers()`); `[]` when not loaded. */
  providers?: readonly PaymentProvider[];
  /**
   * The idempotency key of the first attempt: the pending checkout's key after a redirect (the
   * payment the payer approved is paid with the key it was started with). Later keys are new.
   */
  initialKey?: string | null;
}

/** What {@link usePayment} gives a view. */
export interface PaymentHandle {
  /** The machine's view (`connectPayment`). */
  payment: PaymentApi;
  /** The idempotency key the next attempt sends (stored with a pending checkout). */
  idempotencyKey(): string;
  /** The payer gives up the billing details form (the machine's `billingDetails.unset`). */
  unsetBillingDetails(): void;
}

/** A provider entry (§3 "Payment provider entry") as the machine's `PaymentProviderLike`. */
export function providerLike(provider: PaymentProvider): PaymentProviderLike {
  return { id: provider.paymentProviderId, name: provider.providerType, hasVouchers: provider.hasVouchers === true };
}

/** A key factory whose first key is `initialKey` (when given), then fresh ones. */
function keyFactory(initialKey: string | null | undefined): () => string {
  let first = typeof initialKey === 'string' && initialKey !== '' ? initialKey : null;
  return () => {
    if (first !== null) {
      const key = first;
      first = null;
      return key;
    }
    return defaultCreateKey();
  };
}

/**
 * Runs one payment machine for the component's life, paying through the API client
 * (`paymentApiFromClient`: billing details saved first when given, then the open basket's pay).
 * The options are read once, when the component mounts.
 */
export function usePayment(options: UsePaymentOptions): PaymentHandle {
  const { api } = useServices();
  const [input] = useState(() => ({
    api: paymentApiFromClient(api),
    item: options.item,
    providers: (options.providers ?? []).map(providerLike),
    createKey: keyFactory(options.initialKey),
  }));
  const [snapshot, send, actor] = useMachine(paymentMachine, { input });
  const payment = connectPayment(snapshot, send);
  return {
    payment,
    // Read at call time: a handler that runs right after a transition sees the new key.
    idempotencyKey: () => connectPayment(actor.getSnapshot(), send).idempotencyKey,
    unsetBillingDetails: payment.unsetBillingDetails,
  };
}

/**
 * The message of a failure that happened around the pay call (tokenising the card, initialising
 * or validating the payment method), as the payment machine stores its own: a label key, or the
 * server's text (§8: `card_declined` and `incorrect_number` show the server message; other codes
 * as is; default `anErrorOccured`). Never throws.
 */
export function paymentErrorText(error: unknown): string {
  const result = paymentErrorMessage(error);
  switch (result.kind) {
    case 'serverMessage':
      return result.text;
    case 'key':
    case 'freeTrialDenied':
      return result.key;
    default:
      return 'anErrorOccured';
  }
}

/** A machine message on screen: a known label key is translated, server text shows as it is. */
export function messageText(i18n: { t(key: string): string; isKnownKey(key: string): boolean }, message: string | null): string | null {
  if (message === null || message === '') return null;
  return i18n.isKnownKey(message) ? i18n.t(message) : message;
}

/** The journey's payment step of a provider: card → CREDIT_CARD_PAYMENT, PayPal → PAYPAL_PAYMENT, others → NEW_PAYMENT. */
export function journeyMethodFor(providerId: string): JourneyPaymentMethod {
  if (providerId === 'CARDS') return 'card';
  if (providerId === 'PAYPAL') return 'paypal';
  return 'new';
}

/** The label key naming a provider; null for providers the checkout does not offer. */
export function providerLabelKey(providerId: string): string | null {
  switch (providerId) {
    case 'CARDS':
      return 'paymentMethodCard';
    case 'PAYPAL':
      return 'paymentMethodPaypal';
    case 'IDEAL':
      return 'paymentMethodIdeal';
    case 'BANCONTACT':
      return 'paymentMethodBancontact';
    case 'PIX':
      return 'paymentMethodPix';
    case 'ALIPAY':
      return 'paymentMethodAlipay';
    case 'WEPAY':
      return 'paymentMethodWepay';
    default:
      return null;
  }
}

/** The PURCHASE path that reopens the checkout of `licenceId` (with `from` when it is safe). */
export function checkoutPath(locale: RouteLocale, licenceId: string, from: string | null): string {
  const query = new URLSearchParams({ licenceId });
  const safeFrom = safeReturnPath(from);
  if (safeFrom !== null) query.set('from', safeFrom);
  return `${buildPath('PURCHASE', undefined, locale)}?${query.toString()}`;
}

/**
 * `url` when it is an absolute `http:` or `https:` address (where a provider or the 3-D Secure
 * challenge sends the payer), else null: the browser is never sent to a `javascript:` or other
 * URL an answer might carry.
 */
export function externalUrl(url: string | null | undefined): string | null {
  if (typeof url !== 'string' || url === '') return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** `url` with `returnUrl=<returnUrl>` added to its query (the 3-D Secure challenge's way back). */
export function withReturnUrl(url: string, returnUrl: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('returnUrl', returnUrl);
  return parsed.href;
}

/** What a confirmation shows about a payment that succeeded. */
export interface PaidItem {
  /** The licence's name, or null when unknown. */
  licenceName: string | null;
  /** What was paid, or null when unknown. */
  paid: Money | null;
  /** The history item's status (`succeeded`, `failed`, `requires_action`), lower case. */
  status: string;
}

/** A payment history item as a {@link PaidItem}. */
export function paidItemOf(item: PaymentHistoryItem): PaidItem {
  return {
    licenceName: item.skuLicence?.licenceName ?? null,
    paid: item.skuLicence?.price ?? null,
    status: item.status.toLowerCase(),
  };
}

/**
 * The account's payment `paymentId` from `payments.history()`, or null when the history does not
 * hold it. Rejects with the client's errors.
 */
export async function findPayment(api: Pick<ApiClient, 'payments'>, paymentId: string): Promise<PaidItem | null> {
  const { items } = await api.payments.history();
  const item = items.find((entry) => entry.id === paymentId);
  return item === undefined ? null : paidItemOf(item);
}

/** The last checkout completed in this page, so a confirmation mounted again still shows it. */
let lastCompletion: { licenceId: string; item: PaidItem } | null = null;

/** Remembers the confirmation of `licenceId` (for {@link completionFor}). */
export function rememberCompletion(licenceId: string, item: PaidItem): void {
  lastCompletion = { licenceId, item };
}

/** The confirmation remembered for `licenceId`, or null. */
export function completionFor(licenceId: string): PaidItem | null {
  return lastCompletion !== null && lastCompletion.licenceId === licenceId ? lastCompletion.item : null;
}

/**
 * Sends the browser to the card's 3-D Secure challenge once the payment answers `REQUIRES_ACTION`
 * with a `redirectUrl` (the machine's `redirecting`, `payment.redirectUrl`): stores the pending
 * checkout first (`pending()`: licence, consent, the key of the attempt, `from`; never card data),
 * then goes to `redirectUrl` with `returnUrl=<origin><PAYMENT_AUTHORIZATION path>`. Returns true
 * when the address is refused (not `http(s):`, see {@link externalUrl}): the view shows an error.
 */
export function useChallengeRedirect(redirectUrl: string | null, pending: () => Omit<PendingPayment, 'savedAt' | 'kind'>): boolean {
  const { path } = useI18n();
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    if (redirectUrl === null) return;
    const target = externalUrl(redirectUrl);
    if (target === null) {
      setRefused(true);
      return;
    }
    savePendingPayment({ ...pendingRef.current(), kind: 'authentication' });
    window.location.assign(withReturnUrl(target, `${window.location.origin}${path('PAYMENT_AUTHORIZATION')}`));
  }, [redirectUrl, path]);
  return refused;
}

/**
 * The query a payment provider or the 3-D Secure challenge sent the payer back with, read once
 * (first render) and then removed from the address bar (`history.replaceState`), so that a reload,
 * the history or a shared link does not carry it again.
 */
export function useReturnQuery(): URLSearchParams {
  const [params] = useState(() => new URLSearchParams(window.location.search));
  useEffect(() => {
    if (window.location.search === '') return;
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.hash}`);
  }, []);
  return params;
}

/**
 * The billing fields to ask for: the machine's `missingFields` while it is in
 * `billingDetailsRequired` (a 424), kept while the payment runs again with the values given (the
 * form stays on screen and keeps what was typed if the platform asks again); null otherwise.
 */
export function useBillingFields(payment: PaymentApi): string[] | null {
  const [fields, setFields] = useState<string[] | null>(null);
  useEffect(() => {
    if (payment.billingDetailsRequired) setFields(payment.missingFields);
    else if (!payment.processing) setFields(null);
  }, [payment.billingDetailsRequired, payment.missingFields, payment.processing]);
  return fields;
}
