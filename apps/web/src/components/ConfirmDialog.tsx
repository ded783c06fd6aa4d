import { useEffect, useId, useRef, type ReactNode } from 'react';
import { BusyContent } from './SubmitButton';
import '../styles/catalogue.css';

export interface ConfirmDialogProps {
  /** Whether the dialog is open. */
  open: boolean;
  /** The heading, which names the dialog. */
  title: string;
  /** The text that describes what confirming does. */
  text: string;
  confirmLabel: string;
  /** The confirm button's label while the action runs. */
  busyLabel: string;
  cancelLabel: string;
  /** True while the action runs: both buttons are disabled and Escape does nothing. */
  busy: boolean;
  /** The failure of the last attempt (already translated), shown in the dialog; confirm retries. */
  error: string | null;
  onConfirm(): void;
  /** Cancel or Escape (never while busy). */
  onCancel(): void;
  className?: string;
  children?: ReactNode;
}

/**
 * A confirmation before a destructive action: a modal `<dialog>` (`showModal`: `aria-modal`, the
 * rest of the page inert, so focus stays inside), named by its heading, focus on Cancel first;
 * Escape cancels. A failed attempt keeps the dialog open with the error (focused) and the
 * confirm button as the retry.
 */
export function ConfirmDialog({ open, title, text, confirmLabel, busyLabel, cancelLabel, busy, error, onConfirm, onCancel, className }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const id = useId();

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
      className={className ? `offer-dialog ${className}` : 'offer-dialog'}
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        // Escape: the same as Cancel, unless the action is on its way.
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      {open ? (
        <>
          <h2 id={`${id}-title`}>{title}</h2>
          <p id={`${id}-text`}>{text}</p>
          {error ? (
            <p ref={errorRef} role="alert" tabIndex={-1} className="alert">
              {error}
            </p>
          ) : null}
          <div className="actions">
            <button type="button" className="button button--danger" disabled={busy} aria-busy={busy || undefined} onClick={onConfirm}>
              <BusyContent busy={busy} busyLabel={busyLabel}>
                {confirmLabel}
              </BusyContent>
            </button>
            <button ref={cancelRef} type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>
              {cancelLabel}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
