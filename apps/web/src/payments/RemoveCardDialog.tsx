import { useI18n } from '../app/context';
import { ConfirmDialog } from '../components/ConfirmDialog';
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
 * {@link ConfirmDialog} (modal, focus on Cancel first, Escape cancels). A failed removal keeps
 * the dialog open with the error and the Remove button as the retry.
 */
export function RemoveCardDialog({ card, busy, error, onConfirm, onCancel }: RemoveCardDialogProps) {
  const { t } = useI18n();
  const digits = card?.lastDigits ?? '';
  return (
    <ConfirmDialog
      open={card !== null}
      className="payments-dialog"
      title={t('removeCardTitle', { digits })}
      text={t('removeCardText')}
      confirmLabel={t('removeCardConfirm')}
      busyLabel={t('removingCard')}
      cancelLabel={t('removeCardCancel')}
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
