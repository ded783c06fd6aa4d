import { useEffect, useId, useRef } from 'react';
import { useI18n } from '../app/context';
import { BusyContent } from '../components/SubmitButton';
import type { CardView } from './cardView';

export interface RemoveCardDialogProps {
  /** The card to remove; `null` keeps the dialog closed. */
  card: CardView | null;
  /** True while the removal call runs: both buttons are disabled and Escape does nothing. */
  busy: boolean;
  /** The failure of the last attempt (already translated), shown in the dialog; confirm retries. */
  error: string | null;
  onConfirm(): void;
  /** Cancel, the close button or Escape (never while busy). */
  onCancel(): void;
}

/**
 * The confirmation before removing a stored card (commerce-and-account-data.md §3 "Card"): a
 * modal `<dialog>` (`showModal`: `aria-modal`, the rest of the page inert, so focus stays inside),
 * named by its heading, focus on Cancel first; Escape cancels. A failed removal keeps the dialog
 * open with the error and the Remove button as the retry.
 */
export function RemoveCardDialog({ card, busy, error, onConfirm, onCancel }: RemoveCardDialogProps) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const id = useId();
  const open = card !== null;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  const digits = card?.lastDigits ?? '';
  return (
    <dialog
      ref={ref}
      className="offer-dialog payments-dialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        // Escape: the same as Cancel, unless the removal is on its way.
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      {card ? (
        <>
          <h2 id={`${id}-title`}>{t('removeCardTitle', { digits })}</h2>
          <p id={`${id}-text`}>{t('removeCardText')}</p>
          {error ? (
            <p ref={errorRef} role="alert" tabIndex={-1} className="alert">
              {error}
            </p>
          ) : null}
          <div className="actions">
            <button type="button" className="button button--danger" disabled={busy} aria-busy={busy || undefined} onClick={onConfirm}>
              <BusyContent busy={busy} busyLabel={t('removingCard')}>
                {t('removeCardConfirm')}
              </BusyContent>
            </button>
            <button ref={cancelRef} type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>
              {t('removeCardCancel')}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
