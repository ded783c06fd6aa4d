/**
 * Address fields a country requires, and their validation.
 * Implements identity-and-routes.md §3 "Country" and §5 "Address fields", and
 * commerce-and-account-data.md §5 "Address fields from country requirements are required".
 */
import type { Country } from '../contracts/countries.js';

/** One choice of a dropdown address field. */
export interface AddressFieldOption {
  /** Value sent to the platform (`acceptableValues[].value`). */
  value: string;
  /** Text shown (`acceptableValues[].displayName`). */
  label: string;
}

/** An address field to render: always required; a dropdown when it has options. */
export interface AddressField {
  /** The platform's field name (for example `postalCode`, `line1`, `administrativeLevel1`). */
  fieldName: string;
  /** The country's label for the field, else the field name. */
  label: string;
  required: true;
  /** Present only when the country lists acceptable values. */
  options?: AddressFieldOption[];
}

/**
 * The address fields to render for `country`, in the country's order: one per entry of
 * `addressRequiredFields` with a non-empty `fieldName` (a repeated name keeps its first entry),
 * every one `required: true`; `options` from `acceptableValues` (`{ value, label: displayName }`,
 * entries without a string value skipped) when at least one is listed. No country or no
 * requirements → `[]`. Never throws.
 * Implements identity-and-routes.md §5 "Address fields generated from country requirements are required".
 */
export function addressFieldsFor(country: Country | undefined): AddressField[] {
  const required = country !== null && typeof country === 'object' ? country.addressRequiredFields : undefined;
  if (!Array.isArray(required)) return [];
  const fields: AddressField[] = [];
  const seen = new Set<string>();
  for (const entry of required) {
    if (entry === null || typeof entry !== 'object') continue;
    const fieldName = typeof entry.fieldName === 'string' ? entry.fieldName.trim() : '';
    if (fieldName === '' || seen.has(fieldName)) continue;
    seen.add(fieldName);
    const label = typeof entry.label === 'string' && entry.label.trim() !== '' ? entry.label : fieldName;
    const options = (Array.isArray(entry.acceptableValues) ? entry.acceptableValues : [])
      .filter((v) => v !== null && typeof v === 'object' && typeof v.value === 'string')
      .map((v) => ({ value: v.value, label: typeof v.displayName === 'string' ? v.displayName : v.value }));
    fields.push(options.length > 0 ? { fieldName, label, required: true, options } : { fieldName, label, required: true });
  }
  return fields;
}

const options = (field: AddressField): AddressFieldOption[] =>
  Array.isArray(field.options) ? field.options.filter((o) => o !== null && typeof o === 'object') : [];

/**
 * Validates address values (fieldName → typed or chosen value) against `fields`:
 * - empty or white space (or missing, or not a string) → `'{fieldName}FieldIsRequired'`;
 * - a field with options and a value (trimmed) that is not one of the option values (compared
 *   exactly) → `'{fieldName}FieldIsInvalid'`.
 * Returns fieldName → message key; `{}` when every field is valid. Values for other field names
 * are ignored. Never throws.
 * Implements identity-and-routes.md §5 "Messages are keyed {fieldName}FieldIsRequired and {fieldName}FieldIsInvalid".
 */
export function validateAddress(fields: readonly AddressField[], values: Readonly<Record<string, string>>): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!Array.isArray(fields)) return errors;
  const source = values !== null && typeof values === 'object' ? values : {};
  for (const field of fields) {
    if (field === null || typeof field !== 'object' || typeof field.fieldName !== 'string' || field.fieldName === '') continue;
    const raw = Object.hasOwn(source, field.fieldName) ? source[field.fieldName] : undefined;
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (value === '') errors[field.fieldName] = `${field.fieldName}FieldIsRequired`;
    else if (options(field).length > 0 && !options(field).some((o) => o.value === value)) {
      errors[field.fieldName] = `${field.fieldName}FieldIsInvalid`;
    }
  }
  return errors;
}
