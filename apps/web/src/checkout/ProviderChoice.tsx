import { useId, type FormEvent } from 'react';
import type { Card, PaymentProvider } from '@stream/core/contracts';
import { maskedCardNumber, providerLabelKey } from '@stream/core/domain';
import type { PaymentChoice } from '@stream/core/machines';
import { useI18n } from '../app/context';
import { SubmitButton } from '../components/SubmitButton';
import { PaymentAlert } from './PaymentAlert';

/** A stable value for a {@link PaymentChoice} (the radio's value). */
export function choiceValue(choice: PaymentChoice): string {
  return choice.kind === 'provider' ? `provider:${choice.provider.paymentProviderId}` : `card:${choice.card.cardId}`;
}

export interface ProviderChoiceProps {
  /** The offered providers the checkout knows (cards, PayPal, iDEAL), in the platform's order. */
  providers: readonly PaymentProvider[];
  /** The account's stored cards (`cards.list()`), default first; `[]` when none. */
  cards: readonly Card[];
  /** The choice now, or null. */
  selected: PaymentChoice | null;
  onSelect(choice: PaymentChoice): void;
  /** Continue with the selected choice: pays with a stored card at once, or goes to the provider's step. */
  onContinue(): void;
  /** A payment runs (stored card): the button shows progress and is disabled. */
  busy: boolean;
  /** The payment's error text (translated), or null. */
  error: string | null;
  /** Bumped on every failed attempt (focus the error again). */
  attempt: number;
  /** The pay button's text for a stored card, e.g. "Pay £12.99". */
  payLabel: string;
}

/**
 * The payment page's choice of how to pay (commerce-and-account-data.md §3 "Payment provider
 * entry", "Card"): a radio group with each stored card ("Saved card •••• 4242", masked with core's
 * `maskedCardNumber`), card, PayPal and iDEAL, then one button: "Pay …" for a stored card, else
 * "Continue" (the journey's `chooseMethod`). The payment's error shows above, focused.
 */
export function ProviderChoice({ providers, cards, selected, onSelect, onContinue, busy, error, attempt, payLabel }: ProviderChoiceProps) {
  const { t } = useI18n();
  const id = useId();
  const cardProvider = providers.find((p) => p.paymentProviderId === 'CARDS');
  const choices: PaymentChoice[] = [
    ...(cardProvider ? cards.map((card): PaymentChoice => ({ kind: 'savedCard', card, provider: cardProvider })) : []),
    ...providers.map((provider): PaymentChoice => ({ kind: 'provider', provider })),
  ];
  const selectedValue = selected ? choiceValue(selected) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || selected === null) return;
    onContinue();
  }

  return (
    <form className="form provider-choice" noValidate onSubmit={submit}>
      <PaymentAlert id={`${id}-error`} message={error} attempt={attempt} />
      <fieldset className="provider-choice__options" disabled={busy}>
        <legend>{t('choosePaymentMethod')}</legend>
        {choices.map((choice) => {
          const value = choiceValue(choice);
          return (
            <label key={value} className="provider-choice__option">
              <input
                type="radio"
                name={`${id}-method`}
                value={value}
                checked={selectedValue === value}
                onChange={() => onSelect(choice)}
              />
              <span>{choiceText(choice, t)}</span>
            </label>
          );
        })}
      </fieldset>
      {selected?.kind === 'savedCard' ? (
        <SubmitButton busy={busy} busyLabel={t('paying')}>
          {payLabel}
        </SubmitButton>
      ) : (
        <button type="submit" className="button button--block" disabled={busy || selected === null}>
          {t('checkoutContinue')}
        </button>
      )}
    </form>
  );
}

function choiceText(choice: PaymentChoice, t: (key: string, vars?: Record<string, string>) => string): string {
  if (choice.kind === 'savedCard') {
    return t('paymentMethodSavedCard', { card: maskedCardNumber(choice.card), brand: choice.card.cardType ?? '' });
  }
  const key = providerLabelKey(choice.provider.paymentProviderId);
  return key ? t(key) : choice.provider.providerType;
}
