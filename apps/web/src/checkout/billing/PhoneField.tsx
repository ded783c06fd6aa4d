import { useMemo } from 'react';
import type { Country } from '@stream/core/contracts';
import { callingCodeOf, cleanInput, flagEmoji } from '@stream/core/domain';
import { useI18n } from '../../app/context';
import { FieldError } from './FieldError';

/** The phone as the field holds it: the country of the calling code and the number as typed. */
export interface PhoneInputValue {
  /** ISO 3166-1 alpha-2 code of the chosen calling code's country. */
  region: string;
  /** The number as typed, cleaned with the core's `cleanInput('phone', …)`. */
  number: string;
}

export interface PhoneFieldProps {
  id: string;
  label: string;
  /** Countries for the calling-code dropdown (those the core knows a calling code of are listed). */
  countries: readonly Country[];
  value: PhoneInputValue;
  onChange(value: PhoneInputValue): void;
  onBlur(): void;
  required: boolean;
  error?: string | undefined;
  /** Receives the number input (focused first when the field is invalid). */
  inputRef(element: HTMLInputElement | null): void;
}

/**
 * The phone-number field (identity-and-routes.md §2 "Phone-number field", §3 "Phone value",
 * §5 "Phone"): a country dropdown, whose options read "Country name (+calling code)" from the
 * core's `callingCodeOf`, with the chosen country's flag beside it (hidden from screen readers),
 * and the number input. The number is cleaned with `cleanInput('phone', …)` as it is typed; the
 * form reads it with the core's `normalisePhone(number, region)` (E.164, `+4407…` → `+447…`).
 */
export function PhoneField({ id, label, countries, value, onChange, onBlur, required, error, inputRef }: PhoneFieldProps) {
  const { t } = useI18n();
  const options = useMemo(
    () =>
      countries.flatMap((country) => {
        const code = callingCodeOf(country.iso3166alpha2);
        return code === null ? [] : [{ value: country.iso3166alpha2.toUpperCase(), label: `${country.name} (${code})` }];
      }),
    [countries],
  );
  const known = options.some((o) => o.value === value.region);
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field phone-field">
      <label htmlFor={id}>{label}</label>
      <div className="phone-field__row">
        <label className="visually-hidden" htmlFor={`${id}-region`}>
          {t('billingPhoneCountry')}
        </label>
        <span className="phone-field__flag" aria-hidden="true">
          {known ? flagEmoji(value.region) : ''}
        </span>
        <select
          id={`${id}-region`}
          className="phone-field__region"
          value={known ? value.region : ''}
          onChange={(event) => onChange({ ...value, region: event.target.value })}
          onBlur={onBlur}
        >
          {known ? null : <option value="">{t('billingChoose')}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <input
          ref={inputRef}
          id={id}
          className="phone-field__number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          required={required}
          value={value.number}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          onChange={(event) => onChange({ ...value, number: cleanInput('phone', event.target.value) })}
          onBlur={onBlur}
        />
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
