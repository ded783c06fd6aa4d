import { lazy, Suspense, useEffect, useId, useRef, useState, type JSX } from 'react';
import { useFlow } from '@stream/react';
import type { RealmCaptcha } from '@stream/core/contracts';
import { formatMoney, providerLabelKey, type ConsentAnswer, type GiftDraft } from '@stream/core/domain';
import { connectPayment, paymentMachine, type PaymentJourneyLike, type PurchaseJourneyApi } from '@stream/core/machines';
import { useI18n } from '../app/context';
import { ErrorScreen, InlineError, InlineStatus, LoadingScreen } from '../components/StatusScreen';
import { BasketSummary } from './BasketSummary';
import { BillingDetailsStep } from './BillingDetailsStep';
import { FreeTrialPrompt } from './FreeTrialPrompt';
import { messageText } from './messages';
import { usePaymentEnv } from './paymentEnv';
import { useRealmSettings } from '../app/useRealmSettings';
import { captchaFor, CaptchaWidget } from '../captcha/CaptchaWidget';
import { PaymentComplete } from './PaymentComplete';
import { ProviderChoice } from './ProviderChoice';
import { ProviderRedirect } from './ProviderRedirect';
import { VoucherForm } from './VoucherForm';
import { ZeroBalancePayment } from './ZeroBalancePayment';
import '../styles/checkout.css';

// Loaded at the card step (CREDIT_CARD_PAYMENT): the card checks (card-validator, about 5 KB
// gzipped) are not needed to show the payment page.
const CardForm = lazy(() => import('./CardForm').then((m) => ({ default: m.CardForm })));

/** Props of {@link PaymentStep}, fixed with the journey (PurchaseJourney). */
export interface PaymentStepProps {
  /** The chosen licence. */
  licenceId: string;
  /** The consent answers of the CONSENT step (`[]` when none); sent with the payment. */
  consent: ConsentAnswer[];
  /** The purchase journey's view: `step`, `paymentMethod`, `back`, `upgrade`, `completion`. */
  journey: PurchaseJourneyApi;
  /** The running journey actor: the payment tells it `payment.method` and `payment.done`. */
  journeyActor: PaymentJourneyLike;
  /** A safe in-app return path, or null. */
  from: string | null;
  /** A gift's checkout (GIFT_PAY), or absent for a plan of one's own. */
  gift?: PaymentGift | null;
}

/**
 * A gift's checkout (GIFT_PAY; docs/api.md "Gifts"): the payment pays the gift basket instead of
 * the licence. `giftId` is the gift when it exists; else `draft` is created by the payment's first
 * load (once) and `onCreated` is told its id. `complete` is what the confirmation shows.
 */
export interface PaymentGift {
  giftId: string | null;
  draft: GiftDraft | null;
  onCreated(giftId: string): void;
  complete(giftId: string | null): JSX.Element;
}

/**
 * The payment part of the purchase journey, for the steps PAYMENT_PAGE, CREDIT_CARD_PAYMENT,
 * PAYPAL_PAYMENT, NEW_PAYMENT and PAYMENT_COMPLETE (commerce-and-account-data.md §2, §3 "Basket",
 * "Payment details", "Payment provider entry", "Card", §4 "Payment flow state" and "Redirecting
 * payment providers", §5, §7 "Baskets and payments", §8): a renderer of core's payment machine
 * (`useFlow(paymentMachine)`), which loads the order, the providers and the stored cards, pays,
 * keeps the idempotency keys and the pending checkout, and leaves for a provider or a 3-D Secure
 * challenge. This view shows the order summary with the voucher entry (when the selected provider
 * accepts vouchers), then per step the payment method choice, the card form, or the provider's
 * step; a zero-balance total replaces all of these with the `useZeroBalancePayment` button; 409
 * `freeTrialDenied` asks whether to buy without the trial; 424 shows the billing-details form.
 * It owns what is purely a view's: the focus on each step's heading and the page coming back
 * from the browser's cache (`pageshow`, told to the machine). A realm whose captcha guards payment
 * (issue 18) shows its widget above the step (and the billing form), or in the free-trial question
 * while it is asked; every pay, card, provider, billing-details or free-trial step needs a fresh
 * solve (a spent token is never sent again): without one the widget prompts (`captchaSolveFirst`),
 * and a refusal shows `captchaFailed` with a fresh challenge.
 */
export function PaymentStep(props: PaymentStepProps): JSX.Element {
  // Mounted at PAYMENT_COMPLETE (the journey re-rendered it): show what the journey keeps, pay nothing.
  const [completeAtMount] = useState(props.journey.step === 'PAYMENT_COMPLETE');
  // Issue 18: a realm whose captcha guards payment starts the flow with it (a new flow once the settings say so).
  const captcha = captchaFor(useRealmSettings().data, 'payment');
  if (completeAtMount) {
    if (props.gift) return props.gift.complete(props.gift.giftId);
    const done = props.journey.completion;
    return <PaymentComplete licenceName={done?.licenceName ?? null} paid={done?.paid ?? null} from={props.from} />;
  }
  return <PaymentFlow key={`${props.licenceId}:${captcha ? 'captcha' : 'plain'}`} {...props} captcha={captcha} />;
}

function PaymentFlow({ licenceId, consent, journey, journeyActor, from, gift, captcha }: PaymentStepProps & { captcha: RealmCaptcha | null }) {
  const i18n = useI18n();
  const { t, language } = i18n;
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const env = usePaymentEnv(true);
  const [payment, actor] = useFlow(paymentMachine, {
    input: {
      ...env,
      start: { kind: 'checkout', licenceId, consent, from, ...(gift ? { giftId: gift.giftId, gift: gift.draft } : {}) },
      journey: journeyActor,
      captchaRequired: captcha !== null,
    },
    connect: connectPayment,
  });
  // A gift draft's checkout: the gift now exists; the page keeps its id (a reload pays that gift).
  const createdGift = gift && gift.giftId === null ? payment.giftId : null;
  useEffect(() => {
    if (createdGift !== null) gift?.onCreated(createdGift);
  }, [createdGift, gift]);
  const step = journey.step;
  const error = messageText(i18n, payment.error);

  // Another step: its heading takes focus; an old error goes.
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    if (actor.getSnapshot().context.error !== null) actor.send({ type: 'error.clear' });
    headingRef.current?.focus();
  }, [step, actor]);

  // Back from a provider's page or the 3-D Secure challenge with the browser's Back button (the
  // page restored from the cache): the machine makes the buttons work again, or starts afresh.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) actor.send({ type: 'page.restored' });
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [actor]);

  if (payment.status === 'loading') return <LoadingScreen label={t('loadingCheckout')} />;
  if (payment.basket === null || payment.total === null) {
    return <ErrorScreen title={t('checkoutPaymentTitle')} message={t('unknownError')} retryLabel={t('retry')} onRetry={payment.retry} />;
  }
  if (step === 'PAYMENT_COMPLETE') {
    if (gift) return gift.complete(payment.giftId);
    const done = journey.completion ?? payment.paid;
    return <PaymentComplete licenceName={done?.licenceName ?? payment.licenceName} paid={done?.paid ?? payment.total} from={from} />;
  }

  const { basket, total } = payment;
  // Issue 18: one widget on the page (in the free-trial question while it is asked); a step tried
  // without a solved challenge prompts at it.
  const captchaWidget = captcha && payment.captcha.required ? <CaptchaWidget setting={captcha} flow={payment} /> : null;
  const payLabel = t('payAmount', { amount: formatMoney(total, language) });
  const selectedProvider = payment.choice?.provider ?? null;
  const providerName = selectedProvider ? t(providerLabelKey(selectedProvider.paymentProviderId) ?? '') : '';
  const title =
    step === 'CREDIT_CARD_PAYMENT' ? t('checkoutCardTitle')
    : step === 'PAYPAL_PAYMENT' || step === 'NEW_PAYMENT' ? t('checkoutProviderTitle', { provider: providerName })
    : journey.upgrade && payment.licenceName ? t('upgradeTo', { name: payment.licenceName })
    : t('checkoutPaymentTitle');

  const subStep = step === 'CREDIT_CARD_PAYMENT' || step === 'PAYPAL_PAYMENT' || step === 'NEW_PAYMENT';
  let content: JSX.Element;
  if (payment.zeroBalance) {
    content = <ZeroBalancePayment busy={payment.busy} error={error} attempt={payment.failures} onConfirm={payment.confirmZeroBalance} />;
  } else if (payment.providersStatus === 'loading') {
    content = <LoadingScreen label={t('loadingCheckout')} />;
  } else if (payment.providersStatus === 'failed') {
    content = <InlineError message={t('couldntLoadPaymentProviders')} retryLabel={t('retry')} onRetry={payment.retryProviders} />;
  } else if (step === 'CREDIT_CARD_PAYMENT') {
    content = (
      <Suspense fallback={<InlineStatus label={t('loading')} />}>
        <CardForm
          busy={payment.busy}
          error={error}
          attempt={payment.failures}
          payLabel={payLabel}
          onSubmit={payment.submitCard}
          onEdit={payment.cardEdited}
        />
      </Suspense>
    );
  } else if ((step === 'PAYPAL_PAYMENT' || step === 'NEW_PAYMENT') && selectedProvider) {
    content = (
      <ProviderRedirect
        providerName={providerName}
        busy={payment.busy}
        error={error}
        attempt={payment.failures}
        onContinue={payment.continueToProvider}
      />
    );
  } else {
    content = (
      <ProviderChoice
        providers={payment.offered}
        cards={payment.cards}
        selected={payment.choice}
        onSelect={payment.select}
        onContinue={payment.continueWithChoice}
        busy={payment.busy}
        error={error}
        attempt={payment.failures}
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
        <BasketSummary basket={basket} licenceName={payment.licenceName}>
          {payment.vouchers ? (
            <VoucherForm
              basket={basket}
              voucher={payment.voucher}
              disabled={payment.busy}
              onAdd={payment.addVoucher}
              onRemove={payment.removeVoucher}
              onEdit={payment.editVoucher}
            />
          ) : null}
        </BasketSummary>
        <div className="card checkout-payment__main">
          {/* Above the billing form too: its second pay needs a fresh solve (issue 18). */}
          {captchaWidget && !payment.freeTrialDenied ? captchaWidget : null}
          {payment.billingFields !== null ? (
            <BillingDetailsStep payment={payment} />
          ) : null}
          <div hidden={payment.billingFields !== null}>
            {content}
            {subStep ? (
              <button type="button" className="button button--secondary checkout-payment__back" disabled={payment.busy} onClick={journey.back}>
                {t('checkoutBack')}
              </button>
            ) : null}
            {step === 'PAYMENT_PAGE' ? (
              <button type="button" className="link-button checkout-payment__back" disabled={payment.busy} onClick={journey.back}>
                {t('changePlan')}
              </button>
            ) : null}
          </div>
        </div>
      </div>
      {/* The question is a modal dialog: buying without the trial needs a fresh solve, so the widget goes inside it. */}
      <FreeTrialPrompt payment={payment} captcha={payment.freeTrialDenied ? captchaWidget : null} />
    </section>
  );
}
