import { useRef, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { checkGiftDraft, formatMoney, giftToday, GIFT_MESSAGE_MAX_LENGTH, type GiftDraftErrors } from '@stream/core/domain';
import type { GiftPlan } from '@stream/core/contracts';
import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle } from '../app/hooks';
import { Field } from '../components/Field';
import { ErrorScreen, LoadingScreen } from '../components/StatusScreen';
import { SubmitButton } from '../components/SubmitButton';
import { GIFT_NOTHING_TO_PAY, saveGiftDraft } from '../gifts/giftDraft';
import '../styles/gifts.css';

/** The id of an offer's radio (licence and months). */
const offerKey = (plan: Pick<GiftPlan, 'licenceId' | 'months'>) => `${plan.licenceId}:${plan.months}`;

/** The order in which the form's fields take focus when wrong (the first wrong one is focused). */
const FIELD_ORDER = ['offer', 'recipientName', 'recipientEmail', 'message', 'deliveryDate'] as const;

/**
 * GIFT_LIST (`/gift`; issue 18 "Gifting", docs/api.md "Gifts"): the realm's giftable offers
 * (`GET /api/v2/gift-plans` through the resource layer: a plan for 1, 3 or 12 months with its
 * price), the recipient's name and email, a message and the delivery date (today or later, core's
 * `checkGiftDraft`/`checkDeliveryDate`). Guests too: "Continue to payment" keeps the checked gift
 * in this tab (`gifts/giftDraft.ts`) and opens GIFT_PAY, whose purchase journey signs the buyer in
 * or up. A wrong field says why, and focus goes to the first one. A child profile never gets here
 * (core's `routeDenial`). Sent back by GIFT_PAY with nothing to pay (`?reason=nothingToPay`), it
 * says so first (`giftNothingToPay`, an alert).
 */
export default function GiftListPage() {
  const { t } = useI18n();
  const { queries } = useServices();
  const plans = useResource(queries.gifts.plans());
  useDocumentTitle(t('giftListTitle'), t('appName'));

  if (plans.status === 'loading') return <LoadingScreen label={t('loading')} />;
  if (plans.status === 'failed' || !plans.data) {
    return <ErrorScreen title={t('giftListTitle')} message={t('giftPlansFailed')} retryLabel={t('retry')} onRetry={plans.reload} />;
  }
  return <GiftForm plans={plans.data.plans} />;
}

function GiftForm({ plans }: { plans: readonly GiftPlan[] }) {
  const { t, path, language } = useI18n();
  const [, navigate] = useLocation();
  const today = giftToday(Date.now());
  const [offer, setOffer] = useState(plans.length === 1 && plans[0] ? offerKey(plans[0]) : '');
  const [recipientName, setRecipientName] = useState('');
  const [recipientEmail, setRecipientEmail] = useState('');
  const [message, setMessage] = useState('');
  const [deliveryDate, setDeliveryDate] = useState(today);
  const [errors, setErrors] = useState<GiftDraftErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const nothingToPay = useSearch() === GIFT_NOTHING_TO_PAY;

  const monthsLabel = (months: number) => (months === 1 ? t('giftOneMonth') : t('giftMonths', { months: String(months) }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const plan = plans.find((p) => offerKey(p) === offer);
    const checked = checkGiftDraft(
      { licenceId: plan?.licenceId ?? '', months: plan?.months ?? 0, recipientName, recipientEmail, message, deliveryDate },
      Date.now(),
    );
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = FIELD_ORDER.find((field) => checked.errors[field] !== undefined);
      const target = formRef.current?.querySelector<HTMLElement>(first === 'offer' ? 'input[name="gift-offer"]' : `#gift-${first ?? ''}`);
      target?.focus();
      return;
    }
    saveGiftDraft(checked.draft);
    navigate(path('GIFT_PAY'));
  };

  return (
    <div className="page gift-list">
      <h1>{t('giftListTitle')}</h1>
      {nothingToPay ? (
        <p role="alert" className="alert">
          {t('giftNothingToPay')}
        </p>
      ) : null}
      <p>{t('giftListIntro')}</p>
      {plans.length === 0 ? (
        <p role="status">{t('giftNoPlans')}</p>
      ) : (
        <form ref={formRef} className="card gift-form" onSubmit={submit} noValidate>
          <fieldset className="gift-form__offers" aria-describedby={errors.offer ? 'gift-offer-error' : undefined}>
            <legend>{t('giftChoosePlanLegend')}</legend>
            {plans.map((plan) => {
              const key = offerKey(plan);
              const label = t('giftSummary', { licenceName: plan.licenceName, months: monthsLabel(plan.months) });
              return (
                <label key={key} className="gift-form__offer">
                  <input
                    type="radio"
                    name="gift-offer"
                    value={key}
                    checked={offer === key}
                    onChange={() => setOffer(key)}
                    aria-invalid={errors.offer ? true : undefined}
                  />
                  <span>
                    <bdi>{t('giftOfferPrice', { offer: label, price: formatMoney(plan.price, language) })}</bdi>
                  </span>
                </label>
              );
            })}
            {errors.offer ? (
              <p id="gift-offer-error" className="field__error">
                {t(errors.offer)}
              </p>
            ) : null}
          </fieldset>
          <Field
            id="gift-recipientName"
            label={t('giftRecipientName')}
            autoComplete="off"
            maxLength={100}
            value={recipientName}
            onChange={(event) => setRecipientName(event.currentTarget.value)}
            error={errors.recipientName ? t(errors.recipientName) : undefined}
          />
          <Field
            id="gift-recipientEmail"
            type="email"
            label={t('giftRecipientEmail')}
            autoComplete="off"
            value={recipientEmail}
            onChange={(event) => setRecipientEmail(event.currentTarget.value)}
            error={errors.recipientEmail ? t(errors.recipientEmail) : undefined}
          />
          <div className="field">
            <label htmlFor="gift-message">{t('giftMessageOptional')}</label>
            <textarea
              id="gift-message"
              rows={3}
              maxLength={GIFT_MESSAGE_MAX_LENGTH}
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? 'gift-message-error' : undefined}
            />
            {errors.message ? (
              <p id="gift-message-error" className="field__error">
                {t(errors.message)}
              </p>
            ) : null}
          </div>
          <Field
            id="gift-deliveryDate"
            type="date"
            label={t('giftDeliveryDate')}
            hint={t('giftDeliveryDateHint')}
            min={today}
            value={deliveryDate}
            onChange={(event) => setDeliveryDate(event.currentTarget.value)}
            error={errors.deliveryDate ? t(errors.deliveryDate) : undefined}
          />
          <SubmitButton busy={false} busyLabel={t('giftContinue')}>
            {t('giftContinue')}
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
