import { useEffect, useId, useRef } from 'react';
import { useI18n } from '../app/context';
import { BusyContent } from '../components/SubmitButton';
import '../styles/catalogue.css';

export interface DeleteWatchlistDialogProps {
  /** The name of the list to delete; `null` keeps the dialog closed. */
  name: string | null;
  /** True while the delete call runs: both buttons are disabled and Escape does nothing. */
  busy: boolean;
  /** The failure of the last attempt (already translated), shown in the dialog; Delete retries. */
  error: string | null;
  onConfirm(): void;
  /** Cancel or Escape (never while busy). */
  onCancel(): void;
}

/**
 * The confirmation before deleting a watchlist (docs/api.md "Watchlists": the list and its items
 * leave every library, and its link answers 404): a modal `<dialog>` named by its heading, focus on
 * Cancel first; Escape cancels; a failure keeps it open with the error.
 */
export function DeleteWatchlistDialog({ name, busy, error, onConfirm, onCancel }: DeleteWatchlistDialogProps) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const id = useId();
  const open = name !== null;

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

  return (
    <dialog
      ref={ref}
      className="offer-dialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      {name !== null ? (
        <>
          <h2 id={`${id}-title`}>{t('watchlistDeleteTitle', { name })}</h2>
          <p id={`${id}-text`}>{t('watchlistDeleteText')}</p>
          {error ? (
            <p ref={errorRef} role="alert" tabIndex={-1} className="alert">
              {error}
            </p>
          ) : null}
          <div className="actions">
            <button type="button" className="button button--danger" disabled={busy} aria-busy={busy || undefined} onClick={onConfirm}>
              <BusyContent busy={busy} busyLabel={t('watchlistDeleting')}>
                {t('watchlistDeleteConfirm')}
              </BusyContent>
            </button>
            <button ref={cancelRef} type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>
              {t('watchlistDeleteCancel')}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
