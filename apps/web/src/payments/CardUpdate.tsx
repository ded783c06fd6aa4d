import { useEffect, useId, useRef, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useFlow } from '@stream/react';
import type { Licence } from '@stream/core/contracts';
import { cardUpdateMachine, connectCardUpdate, type CardUpdateApi } from '@stream/core/machines';
import { useI18n, useServices } from '../app/context';
import { FormAlert } from '../components/FormAlert';
import { OnwardLinks } from '../components/OnwardLinks';
import { ErrorScreen, LoadingScreen } from '../components/StatusScreen';
import { SubmitButton } from '../components/SubmitButton';
import { cardView, type CardView } from './cardView';
import '../styles/catalogue.css';
import '../styles/payments.css';

export interface CardUpdateProps {
  /** The licence whose card changes (the route's `:licenceId`). */
  licenceId: string;
}

/**
 * The content of PAYMENT_UPDATE for a signed-in viewer (commerce-and-account-data.md §3 "Card",
 * §7 `POST licences/{licenceId}/card/{cardId}` with `checkBillingDetails=true`, §8): a renderer of
 * core's `cardUpdateMachine`, which loads the account's licences and cards and changes the card.
 * It shows the licence and the card paying for it, and lets the viewer pick another stored card.
 * A licence the account does not hold → a not-found message; a 424 → the missing billing details
 * message with a link to the checkout; other failures → core's `paymentErrorMessage`; success → a
 * confirmation and a link back to the account page. Loading and load failures: `LoadingScreen` /
 * `ErrorScreen` (`unknownError`, Retry).
 */
export function CardUpdate({ licenceId }: CardUpdateProps) {
  const { t } = useI18n();
  const { api } = useServices();
  const [update] = useFlow(cardUpdateMachine, { input: { api, licenceId }, connect: connectCardUpdate });

  if (update.status === 'loading') return <LoadingScreen label={t('loadingPaymentUpdate')} />;
  if (update.status === 'loadFailed') {
    return (
      <div className="page">
        <ErrorScreen title={t('changePaymentCard')} message={t('unknownError')} retryLabel={t('retry')} onRetry={update.retry} />
      </div>
    );
  }
  if (update.status === 'notHeld' || update.licence === null) return <LicenceNotFound />;
  if (update.status === 'changed' && update.changed) return <CardChanged licence={update.licence} card={cardView(update.changed)} />;
  return <CardChoice licence={update.licence} update={update} />;
}

/** The licence is not one of the account's. */
function LicenceNotFound() {
  const { t, path } = useI18n();
  return (
    <div className="page page--centered">
      <h1>{t('subscriptionNotFound')}</h1>
      <p>{t('subscriptionNotFoundText')}</p>
      <Link href={path('ACCOUNT')} className="button">
        {t('paymentUpdateBackToAccount')}
      </Link>
    </div>
  );
}

/** The confirmation after the change; focus moves to its heading. */
function CardChanged({ licence, card }: { licence: Licence; card: CardView }) {
  const { t, path } = useI18n();
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div className="page payment-update">
      <section className="card" aria-labelledby="card-changed-title">
        <h1 id="card-changed-title" ref={ref} tabIndex={-1}>
          {t('cardChanged')}
        </h1>
        <p role="status">{t('cardChangedText', { name: licence.name, digits: card.lastDigits })}</p>
        <Link href={path('ACCOUNT')} className="button">
          {t('paymentUpdateBackToAccount')}
        </Link>
      </section>
    </div>
  );
}

/** The licence, its current card and the stored cards to choose from. */
function CardChoice({ licence, update }: { licence: Licence; update: CardUpdateApi }) {
  const { t, path, isKnownKey } = useI18n();
  const views = update.cards.map(cardView);
  const currentView = update.current ? cardView(update.current) : undefined;
  const { failure, busy } = update;
  const alertRef = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!busy) update.submit();
  }

  const checkout = `${path('PURCHASE')}?licenceId=${encodeURIComponent(licence.id)}`;
  let message: string | null = null;
  if (failure?.kind === 'noChoice') message = t('cardUpdateChooseCard');
  else if (failure?.kind === 'missingFields') message = t('cardBillingDetailsMissing');
  else if (failure?.kind === 'notFound') message = t('cardOrSubscriptionGone');
  else if (failure?.kind === 'text') message = failure.text;
  else if (failure?.kind === 'key') message = isKnownKey(failure.key) ? t(failure.key) : t('anErrorOccured');

  return (
    <div className="page payment-update">
      <h1>{t('changePaymentCard')}</h1>
      <section className="card" aria-labelledby={`${id}-licence`}>
        <h2 id={`${id}-licence`}>
          <bdi>{licence.name}</bdi>
        </h2>
        <dl className="details details--compact">
          <dt>{t('cardUpdateCurrentCard')}</dt>
          <dd>{currentView ? <CardLabel card={currentView} /> : t('noCurrentCard')}</dd>
        </dl>
      </section>
      {views.length === 0 ? (
        <section className="card">
          <p>{t('noCardsToChoose')}</p>
          <OnwardLinks href={checkout} label={t('cardUpdateCheckoutLink')} accountLabel={t('paymentUpdateBackToAccount')} />
        </section>
      ) : (
        <form className="card form" onSubmit={onSubmit} noValidate>
          <fieldset className="card-choice" disabled={busy}>
            <legend>{t('chooseCardFor', { name: licence.name })}</legend>
            {views.map((card) => (
              <label key={card.id} className="card-choice__option">
                <input type="radio" name="card" value={card.id} checked={update.selected === card.id} onChange={() => update.select(card.id)} />
                <CardLabel card={card} current={card.id === currentView?.id} />
              </label>
            ))}
          </fieldset>
          <FormAlert id={`${id}-error`} alertRef={alertRef} message={message} />
          {failure?.kind === 'missingFields' ? (
            <p>
              <Link href={checkout}>{t('cardUpdateCompleteBilling')}</Link>
            </p>
          ) : null}
          <div className="actions">
            <SubmitButton busy={busy} busyLabel={t('cardSaving')}>
              {t('cardUpdateSubmit')}
            </SubmitButton>
            <Link href={path('ACCOUNT')} className="button button--secondary">
              {t('paymentUpdateBackToAccount')}
            </Link>
          </div>
        </form>
      )}
    </div>
  );
}

/** A card as one line: brand, masked number, expiry; the default and current markers. */
function CardLabel({ card, current }: { card: CardView; current?: boolean }) {
  const { t } = useI18n();
  return (
    <span className="card-label">
      {card.brand ? <span>{card.brand} </span> : null}
      <span dir="ltr">{card.masked || t('storedCardNumberUnknown')}</span>
      {card.expiry ? <span className="card-label__expiry"> {t('storedCardExpires', { date: card.expiry })}</span> : null}
      {card.isDefault ? <span className="badge badge--default"> {t('storedCardDefault')}</span> : null}
      {current ? <span className="badge"> {t('cardUpdateCurrentBadge')}</span> : null}
    </span>
  );
}
