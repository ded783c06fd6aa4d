/**
 * The payment machine's I/O: one named actor per platform exchange, each calling the derived
 * client (`api.<area>.<call>(…)`), so that tests swap any of them with `.provide()`. Card numbers
 * go to the card processor only (`prepareCard`), never to the platform, a log or a URL.
 * Implements commerce-and-account-data.md §3 ("Basket", "Card", "Payment provider entry"), §4
 * ("Redirecting payment providers"), §7 "Baskets and payments" and §8.
 */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/types.js';
import type { Basket, PaymentDetails, PaymentProvider } from '../../contracts/baskets.js';
import {
  buildPath,
  decodePendingPayment,
  encodePendingPayment,
  paidItemOf,
  PENDING_PAYMENT_KEY,
  type PaidItem,
  type PaymentDetailsLike,
  type PendingPayment,
  type RouteLocale,
} from '../../domain/index.js';
import type { KeyValueStorage } from '../../platform/types.js';
import { paymentApiFromClient } from './payment.client.js';
import type {
  ApiActorInput,
  BillingForm,
  CheckoutLoad,
  FindPaymentInput,
  LoadCheckoutInput,
  PayActorInput,
  PayResultLike,
  PrepareCardInput,
  ValidateReturnInput,
  VoucherActorInput,
} from './payment.types.js';

/** The client of an actor's input; rejects (the machine shows its failure) when none was given. */
function client(input: ApiActorInput): ApiClient {
  if (input.api === null || input.api === undefined) throw new Error('payment: no api client given');
  return input.api;
}

/**
 * The payment details to pay with, from an initialised or validated payment method: its id, its
 * target provider (else `fallback.provider`), its method type (else `fallback.type`).
 */
export function methodDetails(method: PaymentDetails, fallback: { provider: string; type: string }): PaymentDetailsLike {
  return {
    paymentDetailsExid: method.paymentDetailsExid,
    targetPaymentProvider: method.targetPaymentProvider || fallback.provider,
    paymentMethodType: method.paymentMethodDetails?.paymentMethodType ?? fallback.type,
  };
}

/** Input of `initProvider`, as the machine gives it. */
export interface InitProviderActorInput extends ApiActorInput {
  provider: PaymentProvider;
  /** The app's origin and route set: the provider sends the payer back to `<origin><PAY path>`. */
  origin: string;
  locale: RouteLocale;
  /**
   * `{ 'X-Captcha-Token': token }` when the realm's captcha guards payment and a challenge is
   * solved (issue 18: the init of a provider the payer approves elsewhere spends it), else `{}` or absent.
   */
  captchaHeaders?: Readonly<Record<string, string>>;
}

/** The payment machine's actors (see each one's doc). */
export const paymentActors = {
  /**
   * The checkout's first load: `api.baskets.put({ params: { id: licenceId } })` (a gift's checkout:
   * `api.gifts.basket({ params: { giftId } })`, the gift basket; a gift draft's checkout:
   * `api.gifts.create({ body: gift })`, whose basket holds the new gift, and its id) and the licence's
   * name from `api.licences.list()` (both needed: a failure rejects), with the stored cards
   * (`api.cards.list()`, `[]` on failure) and the providers (`api.payments.providers()`, null on
   * failure), all at once.
   */
  loadCheckout: fromPromise<CheckoutLoad, LoadCheckoutInput>(async ({ input }) => {
    const api = client(input);
    const draft = input.giftId ? null : (input.gift ?? null);
    const order: Promise<{ basket: Basket; giftId?: string }> =
      input.giftId ? api.gifts.basket({ params: { giftId: input.giftId } }).then((basket) => ({ basket }))
      : draft !== null ? api.gifts.create({ body: draft }).then((created) => ({ basket: created.basket, giftId: created.gift.giftId }))
      : api.baskets.put({ params: { id: input.licenceId } }).then((basket) => ({ basket }));
    const [loaded, catalogue, cards, providers] = await Promise.all([
      order,
      api.licences.list(),
      api.cards.list().then(
        (answer) => answer.cards,
        () => [],
      ),
      api.payments.providers().then(
        (answer) => answer.providers,
        () => null,
      ),
    ]);
    const licenceName = catalogue.licences.find((licence) => licence.id === input.licenceId)?.name ?? null;
    return { ...loaded, licenceName, cards, providers };
  }),
  /** `api.payments.providers()` → the providers. */
  loadProviders: fromPromise<PaymentProvider[], ApiActorInput>(async ({ input }) => (await client(input).payments.providers()).providers),
  /**
   * One pay attempt through `paymentApiFromClient(api)`: the billing details saved first when the
   * attempt carries some, then `api.baskets.payCurrent(…)` with the attempt's `Idempotency-Key`.
   */
  pay: fromPromise<PayResultLike, PayActorInput>(async ({ input }) => {
    const { api, ...attempt } = input;
    return paymentApiFromClient(client({ api })).pay(attempt);
  }),
  /**
   * The card as typed → `processor.tokenize(card)` (the number and the security code go to the
   * card processor only) → `api.paymentMethods.init({ body: { primaryPaymentDetails: {
   * targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD', token } } })` → the payment details
   * to pay with. Rejects with the processor's or the platform's error.
   */
  prepareCard: fromPromise<PaymentDetailsLike, PrepareCardInput>(async ({ input }) => {
    const api = client(input);
    if (input.processor === null) throw new Error('payment: no card processor given');
    const token = await input.processor.tokenize(input.card);
    const method = await api.paymentMethods.init({
      body: { primaryPaymentDetails: { targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD', token: token.token } },
    });
    return methodDetails(method, { provider: 'CARDS', type: 'CARD' });
  }),
  /**
   * A redirecting provider's payment method: `api.paymentMethods.init({ body: { primaryPaymentDetails:
   * { targetPaymentProvider, paymentMethodType, returnUrl } } })` with `returnUrl` =
   * `<origin><PAY path of the provider>` and the input's `captchaHeaders` (issue 18) → the method
   * (its `redirectUrl` is where the payer approves).
   */
  initProvider: fromPromise<PaymentDetails, InitProviderActorInput>(async ({ input }) => {
    const api = client(input);
    const { provider } = input;
    const returnUrl = `${input.origin}${buildPath('PAY', { providerId: provider.paymentProviderId }, input.locale)}`;
    return api.paymentMethods.init({
      body: {
        primaryPaymentDetails: { targetPaymentProvider: provider.providerType, paymentMethodType: provider.paymentMethodType, returnUrl },
      },
      headers: { ...input.captchaHeaders },
    });
  }),
  /** Back from a provider: `api.paymentMethods.validate({ body: { paymentDetailsExid, redirectStatus } })` → the method. */
  validateReturn: fromPromise<PaymentDetails, ValidateReturnInput>(async ({ input }) =>
    client(input).paymentMethods.validate({
      body: { paymentDetailsExid: input.back.paymentDetailsExid, redirectStatus: input.back.redirectStatus },
    }),
  ),
  /** The account's payment `paymentId` in `api.payments.history()` as a `PaidItem`, or null when the history does not hold it. */
  findPayment: fromPromise<PaidItem | null, FindPaymentInput>(async ({ input }) => {
    const { items } = await client(input).payments.history();
    const item = items.find((entry) => entry.id === input.paymentId);
    return item === undefined ? null : paidItemOf(item);
  }),
  /** The billing form's data: `api.checkout.context()` and `api.countries.list()`. */
  loadBillingForm: fromPromise<BillingForm, ApiActorInput>(async ({ input }) => {
    const api = client(input);
    const [context, countries] = await Promise.all([api.checkout.context(), api.countries.list()]);
    return { context, countries: countries.countries };
  }),
  /** `api.vouchers.add({ params: { code } })` → the basket with the voucher (the client URL-encodes the code). */
  addVoucher: fromPromise<Basket, VoucherActorInput>(async ({ input }) => client(input).vouchers.add({ params: { code: input.code } })),
  /** `api.vouchers.remove({ params: { code } })` → the basket without it. */
  removeVoucher: fromPromise<Basket, VoucherActorInput>(async ({ input }) => client(input).vouchers.remove({ params: { code: input.code } })),
};

/**
 * Stores the pending checkout in `storage` (the domain's `encodePendingPayment`: never card data)
 * at time `now` (epoch ms). Nothing without a storage; never throws (a full or blocked storage
 * loses it: the return page then says there is nothing to confirm).
 */
export function savePendingPayment(storage: KeyValueStorage | null, pending: Omit<PendingPayment, 'savedAt'>, now: number): void {
  if (storage === null) return;
  try {
    storage.setItem(PENDING_PAYMENT_KEY, encodePendingPayment(pending, now));
  } catch {
    // Nothing else to do.
  }
}

/** Removes the pending checkout (once paid). Never throws. */
export function clearPendingPayment(storage: KeyValueStorage | null): void {
  try {
    storage?.removeItem(PENDING_PAYMENT_KEY);
  } catch {
    // Nothing else to do.
  }
}

/**
 * The pending checkout of `storage` at time `now`, or null (none, malformed, or expired: an
 * expired one is removed). Never throws.
 */
export function readPendingPayment(storage: KeyValueStorage | null, now: number): PendingPayment | null {
  if (storage === null) return null;
  let text: string | null;
  try {
    text = storage.getItem(PENDING_PAYMENT_KEY);
  } catch {
    return null;
  }
  const { pending, expired } = decodePendingPayment(text, now);
  if (expired) clearPendingPayment(storage);
  return pending;
}
