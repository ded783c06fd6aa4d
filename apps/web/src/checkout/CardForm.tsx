import { useId, useMemo, useRef, useState, type FocusEvent, type FormEvent, type RefObject } from 'react';
import cardValidator from 'card-validator';
import { createCardProcessor } from '@stream/core/api';
import { cardErrorKey, type PaymentDetailsLike } from '@stream/core/domain';
import { useI18n, useServices } from '../app/context';
import { Field } from '../components/Field';
import { SubmitButton } from '../components/SubmitButton';
import { PaymentAlert } from './PaymentAlert';
import { paymentErrorText } from './usePayment';

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
  /** A payment runs (the pay call): the form is disabled and the button shows progress. */
  processing: boolean;
  /** The payment's error text (translated), or null. */
  error: string | null;
  /** Bumped on every failed attempt (focus the error again). */
  attempt: number;
  /** The pay button's text, e.g. "Pay £12.99". */
  payLabel: string;
  /** Pays with the card's payment details (the processor's token turned into platform details). */
  onPay(details: PaymentDetailsLike): void;
  /** Tokenising or initialising the card failed: the message (a label key or the server's text). */
  onFailure(message: string): void;
  /** A card field changed after a payment was attempted with this card (the caller sends `cardChanged()`). */
  onCardChanged(): void;
}

/**
 * The card entry of CREDIT_CARD_PAYMENT (commerce-and-account-data.md §3 "Card", §5, §8): name on
 * the card, number, expiry (MM/YY) and security code, checked with card-validator on blur and on
 * submit (errors are core's card error label keys, `cardErrorKey`; focus moves to the first
 * invalid field). Pay tokenises the card with the card processor (`createCardProcessor`: the
 * number and CVC go there only, never to the platform), initialises the payment method
 * (`paymentMethods.init({ targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD', token })`),
 * then hands the details to `onPay`. The details are reused while no field changes, so a retry
 * sends the same payment; any change after an attempt calls `onCardChanged`. A declined card keeps
 * every field filled. The card is held in this component's state only: never logged, never put in
 * a URL (the inputs have no `name`, the form no action), never stored.
 */
export function CardForm({ processing, error, attempt, payLabel, onPay, onFailure, onCardChanged }: CardFormProps) {
  const { t } = useI18n();
  const { api, config } = useServices();
  const processor = useMemo(() => createCardProcessor({ baseUrl: config.processorBaseUrl }), [config.processorBaseUrl]);
  const id = useId();
  const [values, setValues] = useState<CardValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const [preparing, setPreparing] = useState(false);
  const running = useRef(false);
  /** The payment details of the card as typed, once initialised; dropped on any change. */
  const details = useRef<PaymentDetailsLike | null>(null);
  /** A payment was attempted with `details`. */
  const attempted = useRef(false);
  const refs: Record<CardField, RefObject<HTMLInputElement | null>> = {
    holder: useRef<HTMLInputElement>(null),
    number: useRef<HTMLInputElement>(null),
    expiry: useRef<HTMLInputElement>(null),
    cvc: useRef<HTMLInputElement>(null),
  };
  const busy = preparing || processing;

  function change(field: CardField, value: string) {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (errors[field]) setErrors((previous) => ({ ...previous, [field]: fieldError(field, { ...values, [field]: value }) ?? undefined }));
    details.current = null;
    if (attempted.current) {
      attempted.current = false;
      onCardChanged();
    }
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

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || running.current) return;
    const found = Object.fromEntries(FIELDS.map((field) => [field, fieldError(field, values) ?? undefined])) as Partial<Record<CardField, string>>;
    setErrors(found);
    const firstInvalid = FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      refs[firstInvalid].current?.focus();
      return;
    }
    running.current = true;
    setPreparing(true);
    try {
      if (details.current === null) {
        const { month, year } = expiryParts(values.expiry);
        const token = await processor.tokenize({
          number: values.number.replace(/\D/g, ''),
          expMonth: Number(month),
          expYear: fullYear(year),
          cvc: values.cvc.trim(),
        });
        const init = await api.paymentMethods.init({
          body: { primaryPaymentDetails: { targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD', token: token.token } },
        });
        details.current = {
          paymentDetailsExid: init.paymentDetailsExid,
          targetPaymentProvider: init.targetPaymentProvider || 'CARDS',
          paymentMethodType: init.paymentMethodDetails?.paymentMethodType ?? 'CARD',
        };
      }
      attempted.current = true;
      onPay(details.current);
    } catch (failure) {
      onFailure(paymentErrorText(failure));
    } finally {
      running.current = false;
      setPreparing(false);
    }
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
    <form className="form card-form" noValidate onSubmit={(event) => void submit(event)} autoComplete="on">
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
