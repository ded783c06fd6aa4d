import type { Country } from '@stream/core/contracts';
import { cleanInput, type AddressField } from '@stream/core/domain';
import { useI18n, type I18n } from '../../app/context';
import { Field } from '../../components/Field';
import { SelectField } from './SelectField';

/**
 * The text of an address field's label: the country's label (`addressRequiredFields[].label`,
 * for example "CEP" or "ZIP code"); when the country gives none (the core's `addressFieldsFor`
 * then uses the field name), the app's label of the known field types of identity-and-routes.md
 * §3 (`line1`, `postalCode`, `administrativeLevel1`) and `city`, else the field name.
 */
export function addressFieldLabel(field: AddressField, t: I18n['t']): string {
  if (field.label !== field.fieldName) return field.label;
  switch (field.fieldName) {
    case 'line1':
      return t('billingAddressLine1');
    case 'city':
      return t('billingCity');
    case 'postalCode':
      return t('billingPostalCode');
    case 'administrativeLevel1':
      return t('billingRegion');
    default:
      return field.fieldName;
  }
}

const AUTOCOMPLETE: Readonly<Record<string, string>> = {
  line1: 'address-line1',
  city: 'address-level2',
  postalCode: 'postal-code',
  administrativeLevel1: 'address-level1',
};

export interface CountrySelectProps {
  id: string;
  /** Every country of `countries.list()`. */
  countries: readonly Country[];
  /** The chosen alpha-2 code ('' when none). */
  value: string;
  onChange(code: string): void;
  onBlur(): void;
  error?: string | undefined;
  inputRef(element: HTMLSelectElement | null): void;
}

/**
 * The buyer's country (identity-and-routes.md §3 "Country"): a dropdown of all countries by
 * name; choosing one re-derives the address fields the form asks for.
 */
export function CountrySelect({ id, countries, value, onChange, onBlur, error, inputRef }: CountrySelectProps) {
  const { t } = useI18n();
  const known = countries.some((c) => c.iso3166alpha2.toUpperCase() === value);
  return (
    <SelectField
      ref={inputRef}
      id={id}
      label={t('billingCountry')}
      options={countries.map((c) => ({ value: c.iso3166alpha2.toUpperCase(), label: c.name }))}
      placeholder={known ? undefined : t('billingChoose')}
      value={known ? value : ''}
      autoComplete="country"
      error={error}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
}

export interface AddressInputProps {
  id: string;
  /** The field from the core's `addressFieldsFor` (a dropdown when it has `options`). */
  field: AddressField;
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  error?: string | undefined;
  inputRef(element: HTMLInputElement | HTMLSelectElement | null): void;
}

/**
 * One address field the buyer's country requires (identity-and-routes.md §5 "Address fields"):
 * a dropdown of its `acceptableValues`, or a text input whose value is cleaned with the core's
 * `cleanInput` (`postalCode` kind for a postal code, `text` otherwise) before the change is
 * reported. Always required.
 */
export function AddressInput({ id, field, value, onChange, onBlur, error, inputRef }: AddressInputProps) {
  const { t } = useI18n();
  const label = addressFieldLabel(field, t);
  const autoComplete = AUTOCOMPLETE[field.fieldName];
  if (field.options && field.options.length > 0) {
    return (
      <SelectField
        ref={inputRef}
        id={id}
        label={label}
        options={field.options}
        placeholder={t('billingChoose')}
        value={value}
        required
        autoComplete={autoComplete}
        error={error}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
    );
  }
  const kind = field.fieldName === 'postalCode' ? 'postalCode' : 'text';
  return (
    <Field
      ref={inputRef}
      id={id}
      label={label}
      type="text"
      value={value}
      required
      autoComplete={autoComplete}
      error={error}
      onChange={(event) => onChange(cleanInput(kind, event.target.value))}
      onBlur={onBlur}
    />
  );
}
