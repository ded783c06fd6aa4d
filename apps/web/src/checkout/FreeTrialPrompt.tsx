import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { PaymentApi } from '@stream/core/machines';
import { useI18n } from '../app/context';
import { BusyContent } from '../components/SubmitButton';
import '../styles/catalogue.css';

export interface FreeTrialPromptProps {
  /**
   * The payment (`connectPayment`): the question shows while `freeTrialDenied` (the machine's
   * state of that name); `processing` (the payment runs again after Buy) disables the buttons and
   * Buy shows progress; Buy calls `acknowledgeNoFreeTrial()` (pays again), the other button and
   * Escape `declineFreeTrial()` (do not buy now).
   */
  payment: Pick<PaymentApi, 'freeTrialDenied' | 'processing' | 'acknowledgeNoFreeTrial' | 'declineFreeTrial'>;
  /** The realm's captcha widget, shown in the question (issue 18: buying without the trial pays again, with a fresh solve); none: nothing. */
  captcha?: ReactNode;
}

/**
 * The free-trial-denied handling (commerce-and-account-data.md §8: HTTP 409 with first message
 * `freeTrialDenied`): a modal dialog (native `<dialog>` opened with `showModal()`: focus is
 * trapped inside, Escape declines, focus goes back where it was on close) asking whether to buy
 * without the free trial.
 */
export function FreeTrialPrompt({ payment, captcha = null }: FreeTrialPromptProps) {
  const { t } = useI18n();
  const { freeTrialDenied: open, processing: busy, acknowledgeNoFreeTrial: onAccept, declineFreeTrial: onDecline } = payment;
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="offer-dialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onDecline();
      }}
    >
      {open ? (
        <>
          <h2 id={`${id}-title`}>{t('freeTrialDeniedTitle')}</h2>
          <p id={`${id}-text`}>{t('freeTrialDenied')}</p>
          {captcha}
          <div className="actions">
            <button type="button" className="button" disabled={busy} aria-busy={busy || undefined} onClick={onAccept}>
              <BusyContent busy={busy} busyLabel={t('paying')}>
                {t('buyWithoutFreeTrial')}
              </BusyContent>
            </button>
            <button type="button" className="button button--secondary" disabled={busy} onClick={onDecline}>
              {t('keepFreeTrial')}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
