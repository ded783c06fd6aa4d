import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { Link } from 'wouter';
import type { Licence } from '@stream/core/contracts';
import {
  accountSubscriptions,
  awaitsPriceMigrationConsent,
  expiryOf,
  formatLongDate,
  formatMoney,
  periodLabelKey,
  retentionOfferPrice,
  type SubscriptionView,
} from '@stream/core/domain';
import type { CancellationPromo } from '@stream/core/contracts';
import { connectSubscription, subscriptionMachine, type SubscriptionApi } from '@stream/core/machines';
import { systemClock } from '@stream/core/platform';
import { useResource } from '@stream/react';
import { useI18n, useServices } from '../app/context';
import { LICENCE_STATUS_KEYS } from '../app/labelKeys';
import { isPaidByCard } from '@stream/core/domain';
import { PriceMigrationNotice } from './PriceMigrationNotice';
import { Spinner } from './Spinner';
import { Tooltip } from './Tooltip';
import { BusyContent } from './SubmitButton';
import { InlineError, InlineStatus } from './StatusScreen';
import '../styles/catalogue.css';

/**
 * "Your subscriptions" on the account page: one card per licence of the account
 * (the resource `queries.licences.mine()`, viewed with `accountSubscriptions`), each driving its
 * own subscription machine. The list loads again after every successful action, and whenever a
 * mutation elsewhere changes it (a removed card).
 */
export default function Subscriptions() {
  const { t, path, language } = useI18n();
  const { queries } = useServices();
  const mine = useResource(queries.licences.mine());
  // Counts the answers of the list, so a card knows whether the list is newer than its own answer.
  const [listVersion, setListVersion] = useState(0);
  useEffect(() => {
    if (mine.status === 'ready' && !mine.reloading) setListVersion((n) => n + 1);
  }, [mine.data, mine.status, mine.reloading]);

  return (
    <section className="card subscriptions" aria-labelledby="subscriptions-title" aria-busy={mine.status === 'loading' || undefined}>
      <div className="section-head">
        <h2 id="subscriptions-title">{t('yourSubscriptions')}</h2>
        <Link href={path('PURCHASE')}>{t('seePlans')}</Link>
      </div>
      {mine.status === 'loading' ? (
        <InlineStatus label={t('loadingSubscriptions')} />
      ) : mine.status === 'failed' || !mine.data ? (
        <InlineError message={t('subscriptionsLoadFailed')} retryLabel={t('retry')} onRetry={mine.reload} />
      ) : mine.data.licences.length === 0 ? (
        <p>{t('noSubscriptions')}</p>
      ) : (
        <ul className="subscription-list">
          {mine.data.licences.map((licence) => (
            <li key={licence.id}>
              <SubscriptionCard licence={licence} listVersion={listVersion} locale={language} onUpdated={mine.reload} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface SubscriptionCardProps {
  /** The licence as the last list answer gave it. */
  licence: Licence;
  /** Increases with every list answer. */
  listVersion: number;
  locale: string;
  /** Called after a successful action, to load the list again. */
  onUpdated(): void;
}

type Action = 'pause' | 'resume' | 'cancel' | 'reactivate' | 'redeem' | 'refuse';

function SubscriptionCard({ licence, listVersion, locale, onUpdated }: SubscriptionCardProps) {
  const { t } = useI18n();
  const { api } = useServices();
  const [snapshot, send] = useMachine(subscriptionMachine, { input: { api, licence } });
  const sub = connectSubscription(snapshot, send);
  const [pauseOpen, setPauseOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const articleRef = useRef<HTMLElement>(null);
  const id = useId();

  // After a success the machine's licence is the newest until the list answers again.
  const updateMark = useRef<{ licence: Licence; version: number } | null>(null);
  if (sub.justUpdated && updateMark.current?.licence !== sub.licence) updateMark.current = { licence: sub.licence, version: listVersion };
  const preferMachine = sub.justUpdated && updateMark.current?.version === listVersion;
  useEffect(() => {
    if (!sub.justUpdated) return;
    setPauseOpen(false);
    onUpdated();
    // The button that was pressed is about to go (Pause becomes Resume, the form closes): move
    // focus to the card's heading, which the update's status message follows.
    const active = document.activeElement;
    if (!active || active === document.body || articleRef.current?.contains(active)) headingRef.current?.focus();
    // Once per successful call.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sub.justUpdated, sub.licence]);
  const view = accountSubscriptions([preferMachine ? sub.licence : licence], { nowMs: systemClock.now(), locale })[0];
  if (!view) return null;

  const titleId = `${id}-title`;
  return (
    <article ref={articleRef} className="card subscription" aria-labelledby={titleId}>
      <div>
        <h3 id={titleId} ref={headingRef} tabIndex={-1}>
          <bdi>{view.name}</bdi>
        </h3>
        <SubscriptionDetails view={view} />
        {view.scheduledDowngrade ? <PendingChange view={view} sub={sub} locale={locale} /> : null}
        {isPaidByCard(view.licence) ? <ChangeCardLink licenceId={view.id} name={view.name} /> : null}
        <p role="status" className="status-note">
          {sub.justUpdated ? t('subscriptionUpdated') : ''}
        </p>
      </div>
      <SubscriptionActions view={view} sub={sub} pauseOpen={pauseOpen} onPauseOpen={setPauseOpen} controlsId={`${id}-pause`} />
      <div className="subscription__footer">
        {pauseOpen && view.actions.pause ? (
          <PauseForm id={`${id}-pause`} sub={sub} onClose={() => setPauseOpen(false)} />
        ) : null}
        {sub.error ? (
          <div className="inline-error">
            <p role="alert" className="alert">
              {t(sub.error)}
            </p>
            <button type="button" className="button button--secondary" onClick={sub.dismissError}>
              {t('dismiss')}
            </button>
          </div>
        ) : null}
        {awaitsPriceMigrationConsent(view.licence) ? <PriceMigrationNotice key={view.licence.priceMigration?.id} licence={view.licence} onUpdated={onUpdated} /> : null}
      </div>
      <CancelDialog
        sub={sub}
        view={view}
        locale={locale}
        returnFocus={() => articleRef.current?.querySelector<HTMLElement>('[data-action="cancel"]:not(:disabled)') ?? null}
      />
    </article>
  );
}

function SubscriptionDetails({ view }: { view: SubscriptionView }) {
  const { t } = useI18n();
  const period = view.licence.purchaseStrategy?.subscriptionPeriod;
  const periodKey = period ? periodLabelKey(period) : null;
  return (
    <dl className="details details--compact">
      <dt>{t('price')}</dt>
      {view.includedWith !== null ? (
        // A TV operator's licence: no price, no renewal (the operator manages it).
        <dd className="subscription__included">
          {view.includedWith === '' ? t('includedWithTvProvider') : t('includedWith', { operator: view.includedWith })}
        </dd>
      ) : (
        <dd>
          {view.priceText}
          {periodKey ? ` ${t(periodKey)}` : ''}
        </dd>
      )}
      <dt>{t('status')}</dt>
      <dd>{view.status ? t(LICENCE_STATUS_KEYS[view.status]) : t('statusUnknown')}</dd>
      {view.includedWith === null ? (
        <>
          <dt>{t('renewal')}</dt>
          <dd className="subscription__renewal">{t(view.renewal.key, view.renewal.params)}</dd>
        </>
      ) : null}
      {view.discount ? (
        <>
          <dt>{t('discount')}</dt>
          <dd>{t(view.discount.key)}</dd>
        </>
      ) : null}
      {view.isIap ? (
        <>
          <dt>{t('managedBy')}</dt>
          <dd>{t('managedByAppStore')}</dd>
        </>
      ) : null}
      {view.needsPaymentConfirmation ? (
        <>
          <dt>{t('payment')}</dt>
          <dd>{t('paymentConfirmationNeeded')}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** "Change card": PAYMENT_UPDATE for a licence paid by a stored card; named with the licence. */
function ChangeCardLink({ licenceId, name }: { licenceId: string; name: string }) {
  const { t, path } = useI18n();
  return (
    <p className="subscription__change-card">
      <Link href={path('PAYMENT_UPDATE', { licenceId })} aria-label={t('changeCardFor', { name })}>
        {t('changeCard')}
      </Link>
    </p>
  );
}

interface SubscriptionActionsProps {
  view: SubscriptionView;
  sub: SubscriptionApi;
  pauseOpen: boolean;
  onPauseOpen(open: boolean): void;
  controlsId: string;
}

/** The buttons the licence's actions allow (domain `subscriptionActions`), each with progress. */
function SubscriptionActions({ view, sub, pauseOpen, onPauseOpen, controlsId }: SubscriptionActionsProps) {
  const { t } = useI18n();
  const { actions } = view;
  const offering = sub.promo !== null;
  const anyBusy = sub.busy !== null;
  if (!actions.pause && !actions.resume && !actions.cancel && !actions.reactivate) return null;
  return (
    <div className="subscription__actions">
      {actions.pause ? (
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={pauseOpen}
          aria-controls={pauseOpen ? controlsId : undefined}
          disabled={anyBusy}
          onClick={() => onPauseOpen(!pauseOpen)}
        >
          {t('pause')}
        </button>
      ) : null}
      {actions.resume ? (
        <ActionButton busy={sub.busy === 'resuming'} disabled={anyBusy} busyLabel={t('resuming')} onClick={sub.resume}>
          {t('resume')}
        </ActionButton>
      ) : null}
      {actions.reactivate ? (
        <ActionButton busy={sub.busy === 'reactivating'} disabled={anyBusy} busyLabel={t('reactivating')} onClick={sub.reactivate}>
          {t('reactivate')}
        </ActionButton>
      ) : null}
      {actions.cancel ? (
        <ActionButton
          busy={sub.busy === 'cancelling' && !offering}
          disabled={anyBusy}
          busyLabel={t('cancelling')}
          secondary
          onClick={sub.cancel}
          action="cancel"
        >
          {t('cancelSubscription')}
        </ActionButton>
      ) : null}
    </div>
  );
}

interface ActionButtonProps {
  busy: boolean;
  disabled: boolean;
  busyLabel: string;
  secondary?: boolean;
  onClick(): void;
  children: ReactNode;
  autoFocus?: boolean;
  /** Marks the button (`data-action`), for example so a dialog can give the focus back to it. */
  action?: string;
}

/** A button that shows progress (spinner, busy text, `aria-busy`) while its call runs. */
function ActionButton({ busy, disabled, busyLabel, secondary, onClick, children, autoFocus, action }: ActionButtonProps) {
  return (
    <button
      type="button"
      data-action={action}
      className={`button${secondary ? ' button--secondary' : ''}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      onClick={onClick}
      autoFocus={autoFocus}
    >
      <BusyContent busy={busy} busyLabel={busyLabel}>
        {children}
      </BusyContent>
    </button>
  );
}

/** Today's date plus one day as `yyyy-mm-dd` in local time: the earliest resume date offered. */
function tomorrowInputValue(nowMs: number): string {
  const date = new Date(nowMs + 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The pause form: an optional resume date, then Pause. */
function PauseForm({ id, sub, onClose }: { id: string; sub: SubscriptionApi; onClose(): void }) {
  const { t } = useI18n();
  const [date, setDate] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    inputRef.current?.focus();
  }, []);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The date input gives a local calendar day; the platform takes an ISO 8601 date-time.
    const resumeAfter = date ? new Date(`${date}T00:00:00`).toISOString() : undefined;
    sub.pause(resumeAfter);
  };
  const busy = sub.busy === 'pausing';
  return (
    <form id={id} className="pause-form" onSubmit={onSubmit} aria-label={t('pauseSubscription')}>
      <div className="field">
        <label htmlFor={`${id}-date`}>{t('resumeOn')}</label>
        <input
          ref={inputRef}
          id={`${id}-date`}
          type="date"
          value={date}
          min={tomorrowInputValue(systemClock.now())}
          onChange={(event) => setDate(event.target.value)}
          aria-describedby={`${id}-hint`}
        />
        <span id={`${id}-hint`} className="field__hint">
          {t('resumeOnHint')}
        </span>
      </div>
      <button type="submit" className="button" disabled={busy || sub.busy !== null} aria-busy={busy || undefined}>
        {busy ? (
          <>
            <Spinner />
            <span>{t('pausing')}</span>
          </>
        ) : (
          t('pauseSubscription')
        )}
      </button>
      <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
        {t('notNow')}
      </button>
    </form>
  );
}

/**
 * A downgrade scheduled for the end of the period ("Changes to Sports Basic on 2 December 2026."),
 * with Keep {current}, which withdraws it (the subscription machine's `downgrade.withdraw`; a failure shows
 * in the card's error like the other actions). docs/api.md "Plan changes".
 */
function PendingChange({ view, sub, locale }: { view: SubscriptionView; sub: SubscriptionApi; locale: string }) {
  const { t } = useI18n();
  const change = view.scheduledDowngrade!;
  const busy = sub.busy === 'withdrawingDowngrade';
  return (
    <div className="subscription__pending">
      <p>
        <strong>{t('pendingChange')}: </strong>
        {t('downgradeScheduled', { name: change.licenceName, date: change.atMs === null ? '' : formatLongDate(change.atMs, locale) })}
      </p>
      <ActionButton busy={busy} disabled={sub.busy !== null} busyLabel={t('keepingPlan')} secondary onClick={sub.withdrawDowngrade}>
        {t('keepPlan', { name: view.name })}
      </ActionButton>
    </div>
  );
}

/** The offer's amount and duration ("50% off for 3 months: £6.49 a month"), computed by core's `retentionOfferPrice`. */
function offerText(promo: CancellationPromo, view: SubscriptionView, locale: string, t: (key: string, vars?: Record<string, string>) => string): string | null {
  if (!promo.discount) return null;
  const offer = retentionOfferPrice(view.price, promo.discount);
  const price = formatMoney(offer.price, locale);
  const count = String(offer.periods);
  if (offer.percentage === null) return t('retentionOfferAmount', { price, count });
  const monthly = view.licence.purchaseStrategy?.subscriptionPeriod === 'P1M';
  return t(monthly ? 'retentionOfferPercentMonths' : 'retentionOfferPercentPeriods', { percentage: String(offer.percentage), count, price });
}

/**
 * Cancel asks first, in a modal dialog (role dialog; the native modal keeps the focus inside; Esc
 * and Close keep the subscription; the focus returns to where it was): it names what is lost and
 * when access ends (the expiry, formatted with Intl in the UI language). With a cancellation offer
 * (§7 cancellation promo) it states the offer's amount and duration: keep with the offer (redeem)
 * or cancel (refuse); without one: cancel (confirm) or keep.
 */
function CancelDialog({
  sub,
  view,
  locale,
  returnFocus,
}: {
  sub: SubscriptionApi;
  view: SubscriptionView;
  locale: string;
  /** The element the focus goes back to when the dialog closes (the card's Cancel button, while it is there). */
  returnFocus(): HTMLElement | null;
}) {
  const { t } = useI18n();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [choice, setChoice] = useState<Action | null>(null);
  const id = useId();
  const withOffer = sub.promo !== null;
  const open = withOffer || sub.confirmingCancel;
  const choosing = sub.offeringPromo || sub.confirmingCancel;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setChoice(null);
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
      // Back to the Cancel button once it is usable again (kept); after a cancel the card's heading takes it.
      requestAnimationFrame(() => returnFocus()?.focus());
    }
  }, [open, returnFocus]);

  const busy = sub.busy === 'cancelling' && !choosing;
  const expiry = expiryOf(view.licence);
  const date = expiry === null ? '' : formatLongDate(expiry, locale);
  const offer = sub.promo ? offerText(sub.promo, view, locale, t) : null;
  return (
    <dialog
      ref={dialogRef}
      className="offer-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        // Escape: the same as Close, and only while the choice is open.
        event.preventDefault();
        if (choosing) sub.keepLicence();
      }}
    >
      {open ? (
        <>
          <h2 id={`${id}-title`}>{withOffer ? t('cancelOfferTitle', { name: view.name }) : t('cancelConfirmTitle', { name: view.name })}</h2>
          <div id={`${id}-text`}>
            <p className="offer-dialog__loss">
              {date ? t('cancelConfirmLoss', { name: view.name, date }) : t('cancelConfirmLossNoDate', { name: view.name })}
            </p>
            {withOffer ? (
              <>
                {offer ? <p className="offer-dialog__offer">{offer}</p> : null}
                <p>{sub.promo?.description ? <bdi>{sub.promo.description}</bdi> : t('cancelOfferText')}</p>
              </>
            ) : null}
          </div>
          <div className="actions">
            {withOffer ? (
              <>
                <ActionButton
                  busy={busy && choice === 'redeem'}
                  disabled={!sub.offeringPromo}
                  busyLabel={t('applyingOffer')}
                  onClick={() => {
                    setChoice('redeem');
                    sub.redeemPromo();
                  }}
                >
                  {t('keepWithOffer')}
                </ActionButton>
                <ActionButton
                  busy={busy && choice === 'refuse'}
                  disabled={!sub.offeringPromo}
                  busyLabel={t('cancelling')}
                  secondary
                  onClick={() => {
                    setChoice('refuse');
                    sub.refusePromo();
                  }}
                >
                  {t('refuseOffer')}
                </ActionButton>
              </>
            ) : (
              <>
                <ActionButton busy={false} disabled={!sub.confirmingCancel} busyLabel={t('cancelling')} onClick={sub.keepLicence}>
                  {t('keepSubscription')}
                </ActionButton>
                <ActionButton
                  busy={busy}
                  disabled={!sub.confirmingCancel}
                  busyLabel={t('cancelling')}
                  secondary
                  onClick={() => {
                    setChoice('cancel');
                    sub.confirmCancel();
                  }}
                >
                  {t('cancelConfirm')}
                </ActionButton>
              </>
            )}
          </div>
          <Tooltip text={t('close')}>
            <button type="button" className="offer-dialog__close" aria-label={t('close')} disabled={!choosing} onClick={sub.keepLicence}>
              <span aria-hidden="true">×</span>
            </button>
          </Tooltip>
        </>
      ) : null}
    </dialog>
  );
}
