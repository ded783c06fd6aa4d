import { useId, useRef, useState, type FocusEvent, type FormEvent, type RefObject } from 'react';
import cardValidator from 'card-validator';
import type { CardTokenRequest } from '@stream/core/contracts';
import { cardErrorKey } from '@stream/core/domain';
import { useI18n } from '../app/context';
import { Field } from '../components/Field';
import { SubmitButton } from '../components/SubmitButton';
import { PaymentAlert } from './PaymentAlert';

/** The card form's fields. */
type CardField = 'holder' | 'number' | 'expiry' | 'cvc';
const FIELDS: readonly CardField[] = ['holder', 'number', 'expiry', 'cvc'];
type CardValues = Record<CardField, string>;
const EMPTY: CardValues = { holder: '', number: '', expiry: '', cvc: '' };

/** The expiry as typed, split into its month and year parts ("12/34", "1234", "12 / 2034"). */
function expiryParts(raw: string): { month: string; year: string } {
  const text = raw.replace(/\s+/g, '');
  if (text.includes('/')) {
    const [month = '', year = ''] = text.split('/', 2);
    return { month, year };
  }
  const digits = text.replace(/\D/g, '');
  return digits.length >= 4 ? { month: digits.slice(0, 2), year: digits.slice(2) } : { month: digits, year: '' };
}

/** The four-digit year of a valid expiry's year part ("34" → 2034). */
const fullYear = (year: string): number => (year.length <= 2 ? 2000 + Number(year) : Number(year));

/**
 * The card error label key of one field (card-validator's checks, core's `cardErrorKey` for the
 * key, §8), or `cardHolderNameMissing` for the holder's name; null when the field is valid.
 */
function fieldError(field: CardField, values: CardValues): string | null {
  const value = values[field].trim();
  switch (field) {
    case 'holder':
      return cardValidator.cardholderName(value).isValid ? null : 'cardHolderNameMissing';
    case 'number': {
      if (value === '') return cardErrorKey('incomplete_number');
      return cardValidator.number(value).isValid ? null : cardErrorKey('invalid_number');
    }
    case 'expiry': {
      if (value === '') return cardErrorKey('incomplete_expiry');
      if (cardValidator.expirationDate(value).isValid) return null;
      const { month, year } = expiryParts(value);
      if (!cardValidator.expirationMonth(month).isValid) return cardErrorKey('invalid_expiry_month');
      if (!cardValidator.expirationYear(year).isValid) return cardErrorKey('invalid_expiry_year');
      return cardErrorKey('invalid_expiry');
    }
    case 'cvc': {
      if (value === '') return cardErrorKey('incomplete_cvc');
      const size = cardValidator.number(values.number).card?.code.size ?? [3, 4];
      return cardValidator.cvv(value, size).isValid ? null : cardErrorKey('invalid_cvc');
    }
  }
}

/** The number grouped as the card brand prints it ("4242 4242 4242 4242"); as typed when unknown. */
function groupedNumber(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  const gaps = cardValidator.number(digits).card?.gaps;
  if (!gaps || digits === '') return raw;
  let text = '';
  for (let i = 0; i < digits.length; i += 1) {
    if (gaps.includes(i)) text += ' ';
    text += digits[i];
  }
  return text;
}

export interface CardFormProps {
  /** The card is being prepared or a payment runs: the form is disabled and the button shows progress. */
  busy: boolean;
  /** The payment's error text (translated), or null. */
  error: string | null;
  /** Bumped on every failed attempt (focus the error again). */
  attempt: number;
  /** The pay button's text, e.g. "Pay £12.99". */
  payLabel: string;
  /** Pays with the card as typed (the payment's `submitCard`: the card goes to the card processor only). */
  onSubmit(card: CardTokenRequest): void;
  /** A card field changed (the payment's `cardEdited`: a card already initialised is dropped, with its key). */
  onEdit(): void;
}

/**
 * The card entry of CREDIT_CARD_PAYMENT (commerce-and-account-data.md §3 "Card", §5, §8): name on
 * the card, number, expiry (MM/YY) and security code, checked with card-validator on blur and on
 * submit (errors are core's card error label keys, `cardErrorKey`; focus moves to the first
 * invalid field). A valid card goes to `onSubmit` (the payment machine tokenises it with the card
 * processor, initialises it and pays; a retry without a change pays with the same card and key);
 * every change goes to `onEdit`. A declined card keeps every field filled. The card is held in
 * this component's state only: never logged, never put in a URL (the inputs have no `name`, the
 * form no action), never stored.
 */
export function CardForm({ busy, error, attempt, payLabel, onSubmit, onEdit }: CardFormProps) {
  const { t } = useI18n();
  const id = useId();
  const [values, setValues] = useState<CardValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const refs: Record<CardField, RefObject<HTMLInputElement | null>> = {
    holder: useRef<HTMLInputElement>(null),
    number: useRef<HTMLInputElement>(null),
    expiry: useRef<HTMLInputElement>(null),
    cvc: useRef<HTMLInputElement>(null),
  };

  function change(field: CardField, value: string) {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (errors[field]) setErrors((previous) => ({ ...previous, [field]: fieldError(field, { ...values, [field]: value }) ?? undefined }));
    onEdit();
  }

  function blur(field: CardField, event: FocusEvent<HTMLInputElement>) {
    const next = field === 'number' ? groupedNumber(values.number) : values[field];
    if (next !== values[field]) setValues((previous) => ({ ...previous, [field]: next }));
    // Going to the pay button: the submit checks every field; an error shown now would move the
    // button away between the press and the release, and the press would be lost.
    const to = event.relatedTarget;
    if (to instanceof HTMLButtonElement && to.type === 'submit' && to.form === event.currentTarget.form) return;
    if (values[field].trim() === '' && !errors[field]) return;
    setErrors((previous) => ({ ...previous, [field]: fieldError(field, values) ?? undefined }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = Object.fromEntries(FIELDS.map((field) => [field, fieldError(field, values) ?? undefined])) as Partial<Record<CardField, string>>;
    setErrors(found);
    const firstInvalid = FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      refs[firstInvalid].current?.focus();
      return;
    }
    const { month, year } = expiryParts(values.expiry);
    onSubmit({ number: values.number.replace(/\D/g, ''), expMonth: Number(month), expYear: fullYear(year), cvc: values.cvc.trim() });
  }

  const fieldProps = (field: CardField) => ({
    ref: refs[field],
    id: `${id}-${field}`,
    value: values[field],
    error: errors[field] ? t(errors[field]) : undefined,
    disabled: busy,
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    onBlur: (event: FocusEvent<HTMLInputElement>) => blur(field, event),
  });

  return (
    <form className="form card-form" noValidate onSubmit={submit} autoComplete="on">
      <PaymentAlert id={`${id}-error`} message={error} attempt={attempt} />
      <Field {...fieldProps('holder')} label={t('cardHolderName')} autoComplete="cc-name" spellCheck={false} />
      <Field
        {...fieldProps('number')}
        label={t('cardNumber')}
        autoComplete="cc-number"
        inputMode="numeric"
        spellCheck={false}
        maxLength={23}
      />
      <div className="card-form__row">
        <Field
          {...fieldProps('expiry')}
          label={t('cardExpiry')}
          hint={t('cardExpiryHint')}
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder={t('cardExpiryHint')}
          maxLength={7}
        />
        <Field
          {...fieldProps('cvc')}
          label={t('cardCvc')}
          hint={t('cardCvcHint')}
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
        />
      </div>
      <p className="card-form__note">{t('cardDetailsSafe')}</p>
      <SubmitButton busy={busy} busyLabel={t('paying')}>
        {payLabel}
      </SubmitButton>
    </form>
  );
}
