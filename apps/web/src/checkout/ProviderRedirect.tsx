import { useId, type FormEvent } from 'react';
import { useI18n } from '../app/context';
import { SubmitButton } from '../components/SubmitButton';
import { PaymentAlert } from './PaymentAlert';

export interface ProviderRedirectProps {
  /** The provider's name as shown ("PayPal", "iDEAL"). */
  providerName: string;
  /** The payment method is being prepared or the browser is leaving: progress, disabled. */
  busy: boolean;
  /** The error text (translated), or null. */
  error: string | null;
  /** Bumped on every failed attempt (focus the error again). */
  attempt: number;
  /** Continue to the provider's page. */
  onContinue(): void;
}

/**
 * The PAYPAL_PAYMENT / NEW_PAYMENT step of a redirecting provider (commerce-and-account-data.md §4
 * "Redirecting payment providers"): says the payer approves on the provider's page and comes back,
 * and one button, "Continue to PayPal", with progress while the payment method is initialised.
 */
export function ProviderRedirect({ providerName, busy, error, attempt, onContinue }: ProviderRedirectProps) {
  const { t } = useI18n();
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!busy) onContinue();
  }
  return (
    <form className="form provider-redirect" noValidate onSubmit={submit}>
      <PaymentAlert id={`${id}-error`} message={error} attempt={attempt} />
      <p>{t('providerRedirectText', { provider: providerName })}</p>
      <SubmitButton busy={busy} busyLabel={t('redirectingToProvider', { provider: providerName })}>
        {t('continueToProvider', { provider: providerName })}
      </SubmitButton>
    </form>
  );
}
