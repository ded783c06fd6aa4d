import { useEffect, useId, useRef } from 'react';
import { useI18n } from '../app/context';
import { BusyContent } from '../components/SubmitButton';
import '../styles/catalogue.css';

export interface FreeTrialPromptProps {
  /** Show the question (the payment machine is in `freeTrialDenied`). */
  open: boolean;
  /** The payment runs again (after Buy): the buttons are disabled, Buy shows progress. */
  busy: boolean;
  /** Buy without the free trial (`acknowledgeNoFreeTrial()`: pays again). */
  onAccept(): void;
  /** Do not buy now (`declineFreeTrial()`); Escape does the same. */
  onDecline(): void;
}

/**
 * The free-trial-denied handling (commerce-and-account-data.md §8: HTTP 409 with first message
 * `freeTrialDenied`): a modal dialog (native `<dialog>` opened with `showModal()`: focus is
 * trapped inside, Escape declines, focus goes back where it was on close) asking whether to buy
 * without the free trial.
 */
export function FreeTrialPrompt({ open, busy, onAccept, onDecline }: FreeTrialPromptProps) {
  const { t } = useI18n();
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
