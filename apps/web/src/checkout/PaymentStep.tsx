import { useEffect, useId, useRef, useState, type JSX } from 'react';
import type { ApiClient } from '@stream/core/api';
import type { Basket, Card, PaymentProvider } from '@stream/core/contracts';
import { formatMoney, isZeroBalance, type ConsentAnswer, type PaymentDetailsLike } from '@stream/core/domain';
import type { PurchaseJourneyApi } from '@stream/core/machines';
import { useI18n, useServices } from '../app/context';
import { useResource } from '../app/useResource';
import { ErrorScreen, InlineError, LoadingScreen } from '../components/StatusScreen';
import { BasketSummary } from './BasketSummary';
import { BillingDetailsStep } from './BillingDetailsStep';
import { CardForm } from './CardForm';
import { FreeTrialPrompt } from './FreeTrialPrompt';
import { clearPendingPayment, savePendingPayment } from './pendingPayment';
import { PaymentComplete } from './PaymentComplete';
import { ProviderChoice, type PaymentChoice } from './ProviderChoice';
import { ProviderRedirect } from './ProviderRedirect';
import {
  completionFor,
  externalUrl,
  journeyMethodFor,
  messageText,
  paymentErrorText,
  providerLabelKey,
  rememberCompletion,
  useBillingFields,
  useChallengeRedirect,
  usePayment,
} from './usePayment';
import { VoucherForm } from './VoucherForm';
import { ZeroBalancePayment } from './ZeroBalancePayment';
import '../styles/checkout.css';

/** Props of {@link PaymentStep}, fixed with the journey (CheckoutPage). */
export interface PaymentStepProps {
  /** The chosen licence. */
  licenceId: string;
  /** The consent answers of the CONSENT step (`[]` when none); sent with the payment. */
  consent: ConsentAnswer[];
  /** The purchase journey: `step`, `chooseMethod`, `paymentDone`, `back`. */
  journey: PurchaseJourneyApi;
  /** A safe in-app return path, or null. */
  from: string | null;
}

/** The basket and the licence's name: what the order summary needs. */
interface Order {
  basket: Basket;
  licenceName: string | null;
}

/** Puts the licence in the viewer's basket (`baskets.put`) and reads its name from the catalogue. */
async function loadOrder(api: ApiClient, licenceId: string): Promise<Order> {
  const [basket, catalogue] = await Promise.all([api.baskets.put({ params: { id: licenceId } }), api.licences.list()]);
  return { basket, licenceName: catalogue.licences.find((licence) => licence.id === licenceId)?.name ?? null };
}

/** The account's stored cards; none when the list cannot be read (the new-card path still works). */
async function loadCards(api: ApiClient): Promise<Card[]> {
  try {
    return (await api.cards.list()).cards;
  } catch {
    return [];
  }
}

/**
 * The payment part of the purchase journey, for the steps PAYMENT_PAGE, CREDIT_CARD_PAYMENT,
 * PAYPAL_PAYMENT, NEW_PAYMENT and PAYMENT_COMPLETE (commerce-and-account-data.md §2, §3 "Basket",
 * "Payment details", "Payment provider entry", "Card", §4 "Payment flow state" and "Redirecting
 * payment providers", §5, §7 "Baskets and payments", §8).
 *
 * On mount it puts the licence in the basket (`baskets.put`; failure → `unknownError` with Retry),
 * loads the providers (`payments.providers()`; failure → `couldntLoadPaymentProviders` with
 * Retry) and the stored cards, and runs one core payment machine (`usePayment`). It shows the
 * order summary with the voucher entry (when the selected provider accepts vouchers; a change
 * sends `basketChanged()`), then per step: the payment method choice (a stored card pays from
 * here), the card form, or the redirect to PayPal / iDEAL (the pending checkout is stored in
 * `sessionStorage` first, never card data); a zero-balance total replaces all of these with the
 * `useZeroBalancePayment` button. 409 `freeTrialDenied` asks whether to buy without the trial;
 * 424 shows the billing-details form; `REQUIRES_ACTION` goes to the 3-D Secure challenge and back
 * to PAYMENT_AUTHORIZATION. Once paid it calls `journey.paymentDone()` and shows the confirmation.
 */
export function PaymentStep(props: PaymentStepProps): JSX.Element {
  // Mounted at PAYMENT_COMPLETE (the journey re-rendered it): show what was remembered, pay nothing.
  const [completeAtMount] = useState(props.journey.step === 'PAYMENT_COMPLETE');
  if (completeAtMount) {
    const done = completionFor(props.licenceId);
    return <PaymentComplete licenceName={done?.licenceName ?? null} paid={done?.paid ?? null} from={props.from} />;
  }
  return <PaymentLoader key={props.licenceId} {...props} />;
}

function PaymentLoader(props: PaymentStepProps) {
  const { t } = useI18n();
  const { api } = useServices();
  const order = useResource(() => loadOrder(api, props.licenceId), props.licenceId);
  const providers = useResource(() => api.payments.providers(), '');
  const cards = useResource(() => loadCards(api), '');

  if (order.status === 'loading' || cards.status === 'loading') return <LoadingScreen label={t('loadingCheckout')} />;
  if (order.status === 'failed' || !order.data) {
    return <ErrorScreen title={t('checkoutPaymentTitle')} message={t('unknownError')} retryLabel={t('retry')} onRetry={order.reload} />;
  }
  return (
    <PaymentFlow
      {...props}
      order={order.data}
      providers={providers.data?.providers ?? null}
      providersStatus={providers.status}
      onReloadProviders={providers.reload}
      cards={cards.data ?? []}
    />
  );
}

interface PaymentFlowProps extends PaymentStepProps {
  order: Order;
  /** The providers, or null while loading or after a failure. */
  providers: PaymentProvider[] | null;
  providersStatus: 'loading' | 'ready' | 'failed';
  onReloadProviders(): void;
  cards: Card[];
}

function PaymentFlow({ licenceId, consent, journey, from, order, providers, providersStatus, onReloadProviders, cards }: PaymentFlowProps) {
  const i18n = useI18n();
  const { t, language, path } = i18n;
  const { api } = useServices();
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [basket, setBasket] = useState(order.basket);
  const handle = usePayment({ item: licenceId, providers: providers ?? [] });
  const { payment } = handle;
  const [choice, setChoice] = useState<PaymentChoice | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [attempt, setAttempt] = useState(0);
  /** The payment details id of the last attempt (undefined before the first). */
  const lastDetails = useRef<string | undefined>(undefined);
  /** The idempotency key of the last attempt (stored with a pending 3-D Secure checkout). */
  const usedKey = useRef('');
  const billingFields = useBillingFields(payment);

  const offered = (providers ?? []).filter((provider) => providerLabelKey(provider.paymentProviderId) !== null);
  const total = basket.amounts.discountedTotal ?? basket.amounts.total;
  const money = { amount: total, scale: basket.amounts.scale, currency: basket.amounts.currency };
  const zeroBalance = isZeroBalance(money);
  const payLabel = t('payAmount', { amount: formatMoney(money, language) });
  const step = journey.step;
  const selectedProvider =
    (choice ? choice.provider : null) ??
    offered.find((provider) => journeyMethodFor(provider.paymentProviderId) === journey.paymentMethod) ??
    null;
  const challengeRefused = useChallengeRedirect(payment.redirectUrl, () => ({ licenceId, consent, idempotencyKey: usedKey.current, from }));
  const error = messageText(i18n, payment.error) ?? (challengeRefused ? t('anErrorOccured') : null);

  // The card provider is selected at first (the voucher field follows the machine's `vouchers`).
  useEffect(() => {
    const first = offered.find((provider) => provider.paymentProviderId === 'CARDS') ?? offered[0];
    if (choice !== null || first === undefined) return;
    select({ kind: 'provider', provider: first });
    // Once the providers are known.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [offered.length]);

  // A new failure: count it, so the error region takes focus again even with the same text.
  const wasProcessing = useRef(false);
  useEffect(() => {
    if (wasProcessing.current && !payment.processing && payment.error) setAttempt((n) => n + 1);
    wasProcessing.current = payment.processing;
  }, [payment.processing, payment.error]);

  // Paid: remember the confirmation, forget the pending checkout, move the journey on.
  useEffect(() => {
    if (!payment.complete) return;
    rememberCompletion(licenceId, { licenceName: order.licenceName, paid: money, status: 'succeeded' });
    clearPendingPayment();
    if (journey.step !== 'PAYMENT_COMPLETE') journey.paymentDone();
    // Once, when the payment completes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [payment.complete]);

  // Another step: its heading takes focus; an old error goes.
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    if (payment.error) payment.clearError();
    headingRef.current?.focus();
    // On step changes only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  // Back from a provider's page or the 3-D Secure challenge with the browser's Back button (the
  // page restored from the cache): the buttons work again; a payment left waiting for the
  // challenge cannot go on here, so the checkout starts afresh.
  const redirecting = useRef(false);
  redirecting.current = payment.redirectUrl !== null;
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      if (redirecting.current) window.location.reload();
      else setLeaving(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  function select(next: PaymentChoice) {
    setChoice(next);
    payment.selectProvider(next.provider.paymentProviderId, next.provider.hasVouchers === true);
  }

  /** Pays with `details`; another payment method than the last attempt's gets a new idempotency key. */
  function payWith(details: PaymentDetailsLike, zero = false) {
    const detailsId = zero ? 'ZERO_BALANCE' : String(details.paymentDetailsExid ?? '');
    if (lastDetails.current !== undefined && lastDetails.current !== detailsId) payment.cardChanged();
    lastDetails.current = detailsId;
    usedKey.current = handle.idempotencyKey();
    payment.pay(details, zero ? { zeroBalance: true, consent } : { consent });
  }

  function fail(message: string) {
    payment.providerPaymentFailed(message);
    setAttempt((n) => n + 1);
  }

  function basketChanged(next: Basket) {
    setBasket(next);
    payment.basketChanged();
  }

  function continueWith(next: PaymentChoice) {
    if (next.kind === 'savedCard') {
      payWith({ paymentDetailsExid: next.card.cardId, targetPaymentProvider: 'CARDS', paymentMethodType: next.card.paymentMethodType ?? 'CARD' });
      return;
    }
    journey.chooseMethod(journeyMethodFor(next.provider.paymentProviderId));
  }

  /** PayPal, iDEAL: initialise the payment method with the way back, store the checkout, leave. */
  async function goToProvider(provider: PaymentProvider) {
    if (leaving || payment.processing) return;
    setLeaving(true);
    // A new payment method: a new idempotency key, stored for the payment after the approval.
    payment.cardChanged();
    lastDetails.current = undefined;
    try {
      const details = await api.paymentMethods.init({
        body: {
          primaryPaymentDetails: {
            targetPaymentProvider: provider.providerType,
            paymentMethodType: provider.paymentMethodType,
            returnUrl: `${window.location.origin}${path('PAY', { providerId: provider.paymentProviderId })}`,
          },
        },
      });
      const target = externalUrl(details.redirectUrl);
      if (target === null) {
        // Nothing to approve: pay now.
        setLeaving(false);
        payWith({
          paymentDetailsExid: details.paymentDetailsExid,
          targetPaymentProvider: details.targetPaymentProvider,
          paymentMethodType: details.paymentMethodDetails?.paymentMethodType ?? provider.paymentMethodType,
        });
        return;
      }
      savePendingPayment({ licenceId, consent, idempotencyKey: handle.idempotencyKey(), from, kind: 'provider' });
      window.location.assign(target);
    } catch (failure) {
      setLeaving(false);
      fail(paymentErrorText(failure));
    }
  }

  const busy = payment.processing || leaving;
  const providerName = selectedProvider ? t(providerLabelKey(selectedProvider.paymentProviderId) ?? '') : '';
  const title =
    step === 'CREDIT_CARD_PAYMENT' ? t('checkoutCardTitle')
    : step === 'PAYPAL_PAYMENT' || step === 'NEW_PAYMENT' ? t('checkoutProviderTitle', { provider: providerName })
    : journey.upgrade && order.licenceName ? t('upgradeTo', { name: order.licenceName })
    : t('checkoutPaymentTitle');

  if (step === 'PAYMENT_COMPLETE') {
    const done = completionFor(licenceId);
    return <PaymentComplete licenceName={done?.licenceName ?? order.licenceName} paid={done?.paid ?? money} from={from} />;
  }

  const subStep = step === 'CREDIT_CARD_PAYMENT' || step === 'PAYPAL_PAYMENT' || step === 'NEW_PAYMENT';
  let content: JSX.Element;
  if (zeroBalance) {
    content = <ZeroBalancePayment busy={payment.processing} error={error} attempt={attempt} onConfirm={() => payWith({}, true)} />;
  } else if (providersStatus === 'loading') {
    content = <LoadingScreen label={t('loadingCheckout')} />;
  } else if (providersStatus === 'failed' || offered.length === 0) {
    content = <InlineError message={t('couldntLoadPaymentProviders')} retryLabel={t('retry')} onRetry={onReloadProviders} />;
  } else if (step === 'CREDIT_CARD_PAYMENT') {
    content = (
      <CardForm
        processing={payment.processing}
        error={error}
        attempt={attempt}
        payLabel={payLabel}
        onPay={(details) => payWith(details)}
        onFailure={fail}
        onCardChanged={() => {
          payment.cardChanged();
          lastDetails.current = undefined;
        }}
      />
    );
  } else if ((step === 'PAYPAL_PAYMENT' || step === 'NEW_PAYMENT') && selectedProvider) {
    content = (
      <ProviderRedirect
        providerName={providerName}
        busy={busy}
        error={error}
        attempt={attempt}
        onContinue={() => void goToProvider(selectedProvider)}
      />
    );
  } else {
    content = (
      <ProviderChoice
        providers={offered}
        cards={cards}
        selected={choice}
        onSelect={select}
        onContinue={continueWith}
        busy={payment.processing}
        error={error}
        attempt={attempt}
        payLabel={payLabel}
      />
    );
  }

  return (
    <section className="checkout-payment" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="checkout-payment__title">
        {title}
      </h1>
      <div className="checkout-payment__layout">
        <BasketSummary basket={basket} licenceName={order.licenceName}>
          {payment.vouchers ? <VoucherForm basket={basket} disabled={busy} onBasketChange={basketChanged} /> : null}
        </BasketSummary>
        <div className="card checkout-payment__main">
          {billingFields !== null ? (
            <BillingDetailsStep
              missingFields={billingFields}
              busy={payment.processing}
              onSubmit={payment.submitBillingDetails}
              onCancel={handle.unsetBillingDetails}
            />
          ) : null}
          <div hidden={billingFields !== null}>
            {content}
            {subStep ? (
              <button type="button" className="button button--secondary checkout-payment__back" disabled={busy} onClick={journey.back}>
                {t('checkoutBack')}
              </button>
            ) : null}
            {step === 'PAYMENT_PAGE' ? (
              <button type="button" className="link-button checkout-payment__back" disabled={busy} onClick={journey.back}>
                {t('changePlan')}
              </button>
            ) : null}
          </div>
        </div>
      </div>
      <FreeTrialPrompt
        open={payment.freeTrialDenied}
        busy={payment.processing}
        onAccept={payment.acknowledgeNoFreeTrial}
        onDecline={payment.declineFreeTrial}
      />
    </section>
  );
}
