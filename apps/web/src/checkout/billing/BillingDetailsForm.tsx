import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { Country, CheckoutContext } from '@stream/core/contracts';
import { useI18n } from '../../app/context';
import { SubmitButton } from '../../components/SubmitButton';
import { AddressInput, addressFieldLabel, CountrySelect } from './AddressFields';
import {
  billingValues,
  initialBillingState,
  planBillingFields,
  stillInvalid,
  validateBilling,
  type BillingEntry,
  type BillingState,
} from '@stream/core/domain';
import { DateInput } from './DateInput';
import { PhoneField } from './PhoneField';
import { TaxNumberField } from './TaxNumberField';
import '../../styles/billing.css';

/**
 * Props of {@link BillingDetailsForm}: the billing-details form a 424 `BASKET_REQUIREMENTS_FAILED`
 * asks for (commerce-and-account-data.md §2, §5; identity-and-routes.md §2, §3, §5).
 */
export interface BillingDetailsFormProps {
  /** The fields the platform named in `details.missingFields` (`postalCode`, `line1`, `taxNumber`, `birthDate`, `phoneNumber`, …). */
  missingFields: readonly string[];
  /** The buyer's country (ISO 3166-1 alpha-2) from the checkout context; the form may let the buyer change it. */
  country: string;
  /** The countries of `countries.list()` (address requirements, phone calling codes). */
  countries: readonly Country[];
  /** The provider fields and purpose of the checkout context (restricted-field rule). */
  fields: CheckoutContext['fields'];
  purpose: string;
  /** A payment runs: disable the submit button and show progress. */
  busy: boolean;
  /** Valid values, keyed by the platform's field names (`country` too): the payment machine's `submitBillingDetails`. */
  onSubmit(values: Record<string, string>): void;
  /** The buyer gives up (the payment machine's `billingDetails.unset`). */
  onCancel(): void;
  /**
   * Values given before, as `onSubmit` sent them (the payment machine's attempt billing details):
   * they fill the form when it is shown again after another failed payment. Read on mount only.
   */
  initialValues?: Readonly<Record<string, string>> | undefined;
}

type FieldElement = HTMLInputElement | HTMLSelectElement;

/**
 * The billing-details form of the checkout (commerce-and-account-data.md §8: 424
 * `BASKET_REQUIREMENTS_FAILED` → the fields of `details.missingFields`). A `<form noValidate>`
 * with a heading (focused when the form appears), why the details are needed, the buyer's
 * country (changing it re-derives the address fields), then the fields of `missingFields` in
 * their order (see `planBillingFields`: address fields of the country, the tax number and birth
 * date only when the restricted-field rule shows them, the phone), Submit and Cancel.
 *
 * Errors (`validateBilling`) show on submit, then on every blur, and go as soon as a field is
 * corrected (`stillInvalid`); each invalid field gets `aria-invalid` and `aria-describedby`, and
 * focus moves to the first invalid one. A valid submit calls `onSubmit` with `billingValues`
 * (`country` only when changed, address fields, `taxNumber` as formatted, `birthDate`
 * `YYYY-MM-DD`, `phoneNumber` E.164). What was typed stays
 * while the form is mounted, and comes back from `initialValues` when it is mounted again.
 */
export function BillingDetailsForm({
  missingFields,
  country,
  countries,
  fields,
  purpose,
  busy,
  onSubmit,
  onCancel,
  initialValues,
}: BillingDetailsFormProps) {
  const { t, isKnownKey } = useI18n();
  const base = useId();
  const idOf = (name: string) => `${base}-billing-${name}`;
  const heading = useRef<HTMLHeadingElement>(null);
  const elements = useRef(new Map<string, FieldElement | null>());
  const [state, setState] = useState<BillingState>(() => initialBillingState(country, initialValues));
  const [errors, setErrors] = useState<Record<string, string> | null>(null);
  const [focusPending, setFocusPending] = useState(false);

  const entries = useMemo(
    () => planBillingFields({ missingFields, originalCountry: country, country: state.country, countries, fields, purpose }),
    [missingFields, country, state.country, countries, fields, purpose],
  );

  useEffect(() => heading.current?.focus(), []);

  const order = ['country', ...entries.map((e) => e.name)];
  useEffect(() => {
    if (!focusPending) return;
    setFocusPending(false);
    const first = order.find((name) => errors?.[name]);
    if (first) elements.current.get(first)?.focus();
  });

  const register = (name: string) => (element: FieldElement | null) => {
    elements.current.set(name, element);
  };

  // After a submit, an error goes as soon as its field is corrected (so the layout does not move
  // under the pointer on the blur that a click on Submit causes); new errors wait for a blur.
  useEffect(() => {
    setErrors((shown) => (shown === null ? shown : stillInvalid(shown, validateBilling(entries, state))));
  }, [entries, state]);

  /** After the first submit, errors follow the values on every blur. */
  const revalidate = () => {
    if (errors !== null) setErrors(validateBilling(entries, state));
  };

  const errorText = (name: string, label: string): string | undefined => {
    const key = errors?.[name];
    if (!key) return undefined;
    if (isKnownKey(key)) return t(key);
    return key.endsWith('FieldIsInvalid') ? t('billingFieldIsInvalid', { field: label }) : t('billingFieldIsRequired', { field: label });
  };

  const setText = (name: string, value: string) => setState((s) => ({ ...s, text: { ...s.text, [name]: value } }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = validateBilling(entries, state);
    setErrors(found);
    if (Object.keys(found).length > 0) setFocusPending(true);
    else onSubmit(billingValues(entries, state, country));
  }

  function renderEntry(entry: BillingEntry) {
    const id = idOf(entry.name);
    switch (entry.kind) {
      case 'address':
        return (
          <AddressInput
            key={entry.name}
            id={id}
            field={entry.field}
            value={state.text[entry.name] ?? ''}
            onChange={(value) => setText(entry.name, value)}
            onBlur={revalidate}
            error={errorText(entry.name, addressFieldLabel(entry.field, t))}
            inputRef={register(entry.name)}
          />
        );
      case 'taxNumber': {
        const label = entry.label ? t('billingTaxNumberNamed', { name: entry.label }) : t('taxNumber');
        return (
          <TaxNumberField
            key={entry.name}
            id={id}
            label={label}
            value={state.text[entry.name] ?? ''}
            onChange={(value) => setText(entry.name, value)}
            onBlur={revalidate}
            required={entry.required}
            brazilian={entry.brazilian}
            error={errorText(entry.name, label)}
            inputRef={register(entry.name)}
          />
        );
      }
      case 'date':
        return (
          <DateInput
            key={entry.name}
            id={id}
            legend={t('birthDate')}
            value={state.date}
            onChange={(date) => setState((s) => ({ ...s, date }))}
            onBlur={revalidate}
            required={entry.required}
            error={errorText(entry.name, t('birthDate'))}
            inputRef={register(entry.name)}
          />
        );
      case 'phone':
        return (
          <PhoneField
            key={entry.name}
            id={id}
            label={t('phoneNumber')}
            countries={countries}
            value={state.phone}
            onChange={(phone) => setState((s) => ({ ...s, phone }))}
            onBlur={revalidate}
            required={entry.required}
            error={errorText(entry.name, t('phoneNumber'))}
            inputRef={register(entry.name)}
          />
        );
    }
  }

  const headingId = `${base}-billing-title`;
  return (
    <form className="form billing-form" noValidate onSubmit={submit} aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {t('billingDetailsTitle')}
      </h2>
      <p className="billing-form__intro">{t('billingDetailsIntro')}</p>

      <CountrySelect
        id={idOf('country')}
        countries={countries}
        value={state.country}
        onChange={(code) =>
          setState((s) => ({ ...s, country: code, phone: s.phone.number === '' ? { region: code, number: '' } : s.phone }))
        }
        onBlur={revalidate}
        error={errorText('country', t('billingCountry'))}
        inputRef={register('country')}
      />

      {entries.map(renderEntry)}

      <div className="billing-form__actions">
        <SubmitButton busy={busy} busyLabel={t('billingSubmitting')}>
          {t('billingSubmit')}
        </SubmitButton>
        <button type="button" className="button button--secondary button--block" onClick={onCancel} disabled={busy}>
          {t('billingCancel')}
        </button>
      </div>
    </form>
  );
}
