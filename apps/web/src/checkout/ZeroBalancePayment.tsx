import { useId, type FormEvent } from 'react';
import { useI18n } from '../app/context';
import { SubmitButton } from '../components/SubmitButton';
import { PaymentAlert } from './PaymentAlert';

export interface ZeroBalancePaymentProps {
  /** A payment runs: the button shows progress and is disabled. */
  busy: boolean;
  /** The payment's error text (translated), or null. */
  error: string | null;
  /** Bumped on every failed attempt (focus the error again). */
  attempt: number;
  /** Confirms (the caller pays with `pay({}, { zeroBalance: true, consent })`). */
  onConfirm(): void;
}

/**
 * The zero-balance checkout (commerce-and-account-data.md §2 "Zero-balance checkout", §5): no card
 * entry, a mandate acceptance text naming the company (`appName`) and one button labelled
 * `useZeroBalancePayment`. Shown instead of the payment methods when core's `isZeroBalance` holds
 * for the basket total (e.g. voucher FREE100).
 */
export function ZeroBalancePayment({ busy, error, attempt, onConfirm }: ZeroBalancePaymentProps) {
  const { t } = useI18n();
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!busy) onConfirm();
  }
  return (
    <form className="form zero-balance" noValidate onSubmit={submit} aria-labelledby={`${id}-title`} aria-describedby={`${id}-mandate`}>
      <PaymentAlert id={`${id}-error`} message={error} attempt={attempt} />
      <h2 id={`${id}-title`}>{t('zeroBalanceTitle')}</h2>
      <p id={`${id}-mandate`} className="zero-balance__mandate">
        {t('zeroBalanceMandate', { company: t('appName') })}
      </p>
      <SubmitButton busy={busy} busyLabel={t('paying')}>
        {t('useZeroBalancePayment')}
      </SubmitButton>
    </form>
  );
}
