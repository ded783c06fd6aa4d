import { useEffect, useId, useRef, useState } from 'react';
import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { BusyContent } from '../components/SubmitButton';
import { InlineError, InlineStatus } from '../components/StatusScreen';
import { cardView, type CardView } from './cardView';
import { RemoveCardDialog } from './RemoveCardDialog';
import '../styles/catalogue.css';
import '../styles/payments.css';

/** A card action in progress or failed. */
type CardAction = 'default' | 'remove';

/**
 * "Payment methods" on the account page (commerce-and-account-data.md §3 "Card", "Account state:
 * cards"): the stored cards of the resource `queries.cards.list()`, each masked (core
 * `maskedCardNumber`), with brand, expiry, holder and the default marked; "Make default"
 * (`queries.cards.setDefault`) and "Remove" after a confirmation dialog (`queries.cards.remove`,
 * which also reloads the account's licences, shown in "Your subscriptions"). Both resolve once the
 * list shows the change. Buttons are named with the card ("Remove card ending 4242"). A failed
 * call shows its error next to the card (or in the dialog) with a retry; the list stays as it was.
 * Results are announced in a status region and focus moves to what remains.
 */
export default function Cards() {
  const { t } = useI18n();
  const { queries } = useServices();
  const list = useResource(queries.cards.list());
  const [busy, setBusy] = useState<{ cardId: string; action: CardAction } | null>(null);
  const [failure, setFailure] = useState<{ cardId: string; action: CardAction; message: string } | null>(null);
  const [confirming, setConfirming] = useState<CardView | null>(null);
  const [notice, setNotice] = useState('');
  const [focusCard, setFocusCard] = useState<string | null>(null);
  const [focusHeading, setFocusHeading] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);

  // After the render that closed the dialog (its own effect runs first): the rest of the page is
  // no longer inert, so the heading can take the focus.
  useEffect(() => {
    if (!focusHeading) return;
    headingRef.current?.focus();
    setFocusHeading(false);
  }, [focusHeading]);

  const views = (list.data?.cards ?? []).map(cardView);

  /** Marks `action` on `card` as running; clears the last failure and announcement. */
  function begin(card: CardView, action: CardAction) {
    setBusy({ cardId: card.id, action });
    setFailure(null);
    setNotice('');
  }

  async function makeDefault(card: CardView) {
    begin(card, 'default');
    try {
      if ((await queries.cards.setDefault(card.id)) === 'gone') {
        setNotice(t('cardNoLongerSaved', { digits: card.lastDigits }));
        setFocusHeading(true);
      } else {
        setNotice(t('cardMadeDefault', { digits: card.lastDigits }));
        // The pressed button is gone (the card is the default now): focus the card itself.
        setFocusCard(card.id);
      }
    } catch (error) {
      console.error(error);
      setFailure({ cardId: card.id, action: 'default', message: t('cardUpdateFailed') });
    } finally {
      setBusy(null);
    }
  }

  async function remove(card: CardView) {
    begin(card, 'remove');
    try {
      await queries.cards.remove(card.id);
    } catch (error) {
      console.error(error);
      setFailure({ cardId: card.id, action: 'remove', message: t('cardRemoveFailed') });
      setBusy(null);
      return;
    }
    setConfirming(null);
    setBusy(null);
    setNotice(t('cardRemoved', { digits: card.lastDigits }));
    setFocusHeading(true);
  }

  function openRemove(card: CardView, opener: HTMLElement) {
    openerRef.current = opener;
    setFailure(null);
    setConfirming(card);
  }

  function cancelRemove() {
    setConfirming(null);
    setFailure(null);
    openerRef.current?.focus();
  }

  const anyBusy = busy !== null;
  return (
    <section className="card payments-section" aria-labelledby="cards-title" aria-busy={list.status === 'loading' || undefined}>
      <div className="section-head">
        <h2 id="cards-title" ref={headingRef} tabIndex={-1}>
          {t('accountPaymentMethods')}
        </h2>
      </div>
      <p role="status" className="status-note">
        {notice}
      </p>
      {list.status === 'loading' ? (
        <InlineStatus label={t('loadingCards')} />
      ) : list.status === 'failed' ? (
        <InlineError message={t('cardsLoadFailed')} retryLabel={t('retry')} onRetry={list.reload} />
      ) : views.length === 0 ? (
        <p>{t('noSavedCards')}</p>
      ) : (
        <ul className="stored-cards">
          {views.map((card) => (
            <li key={card.id}>
              <StoredCard
                card={card}
                busy={busy?.cardId === card.id ? busy.action : null}
                disabled={anyBusy}
                error={failure?.cardId === card.id && failure.action === 'default' ? failure.message : null}
                focus={focusCard === card.id}
                onFocused={() => setFocusCard(null)}
                onMakeDefault={() => void makeDefault(card)}
                onRemove={(opener) => openRemove(card, opener)}
                onDismissError={() => setFailure(null)}
              />
            </li>
          ))}
        </ul>
      )}
      <RemoveCardDialog
        card={confirming}
        busy={busy?.action === 'remove'}
        error={failure?.action === 'remove' ? failure.message : null}
        onConfirm={() => confirming && void remove(confirming)}
        onCancel={cancelRemove}
      />
    </section>
  );
}

interface StoredCardProps {
  card: CardView;
  /** The action of this card in progress, if any. */
  busy: CardAction | null;
  /** True while any card action runs. */
  disabled: boolean;
  /** The failure of "Make default" on this card (translated), or null. */
  error: string | null;
  /** Move focus to this card's heading once (after it became the default). */
  focus: boolean;
  onFocused(): void;
  onMakeDefault(): void;
  onRemove(opener: HTMLElement): void;
  onDismissError(): void;
}

/** One stored card: brand and masked number, the default marker, expiry, holder, and its actions. */
function StoredCard({ card, busy, disabled, error, focus, onFocused, onMakeDefault, onRemove, onDismissError }: StoredCardProps) {
  const { t } = useI18n();
  const id = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focus) return;
    titleRef.current?.focus();
    onFocused();
  }, [focus, onFocused]);

  const digits = card.lastDigits;
  return (
    <article className={`stored-card${card.isDefault ? ' stored-card--default' : ''}`} aria-labelledby={`${id}-title`}>
      <div className="stored-card__main">
        <h3 id={`${id}-title`} ref={titleRef} tabIndex={-1}>
          {card.brand ? <span className="stored-card__brand">{card.brand} </span> : null}
          <span dir="ltr" className="stored-card__number">
            {card.masked || t('storedCardNumberUnknown')}
          </span>
          {card.isDefault ? <span className="badge badge--default"> {t('storedCardDefault')}</span> : null}
        </h3>
        <dl className="details details--compact">
          {card.expiry ? (
            <>
              <dt>{t('storedCardExpiry')}</dt>
              <dd dir="ltr">{card.expiry}</dd>
            </>
          ) : null}
          {card.holder ? (
            <>
              <dt>{t('storedCardHolder')}</dt>
              <dd dir="auto">{card.holder}</dd>
            </>
          ) : null}
        </dl>
      </div>
      <div className="stored-card__actions">
        {card.isDefault ? null : (
          <button
            type="button"
            className="button button--secondary"
            aria-label={t('makeCardDefaultNamed', { digits })}
            disabled={disabled}
            aria-busy={busy === 'default' || undefined}
            onClick={onMakeDefault}
          >
            <BusyContent busy={busy === 'default'} busyLabel={t('cardSaving')}>
              {t('makeCardDefault')}
            </BusyContent>
          </button>
        )}
        <button
          type="button"
          className="button button--secondary"
          aria-label={t('removeCardNamed', { digits })}
          disabled={disabled}
          onClick={(event) => onRemove(event.currentTarget)}
        >
          {t('removeCard')}
        </button>
      </div>
      {error ? (
        <div className="inline-error stored-card__error">
          <p role="alert" className="alert">
            {error}
          </p>
          <div className="actions">
            <button type="button" className="button button--secondary" disabled={disabled} onClick={onMakeDefault}>
              {t('retry')}
            </button>
            <button type="button" className="button button--secondary" onClick={onDismissError}>
              {t('dismiss')}
            </button>
          </div>
        </div>
      ) : null}
    </article>
  );
}
