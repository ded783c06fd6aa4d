/**
 * What the billing-details form shows and sends, composed from the domain's rules (address fields
 * of a country, restricted fields, date input, tax number, phone): the fields a 424
 * `BASKET_REQUIREMENTS_FAILED` asks for, their validation, the values sent back, and the form's
 * first state. Pure: no I/O, never throws on bad input.
 * Implements commerce-and-account-data.md §5 (restricted fields, address fields from country
 * requirements) and §8 (424 `BASKET_REQUIREMENTS_FAILED`), and identity-and-routes.md §3
 * ("Country", "Auth provider" fields) and §5 (address and restricted fields).
 */
import type { CheckoutContext } from '../contracts/checkout.js';
import type { Country } from '../contracts/countries.js';
import { addressFieldsFor, validateAddress, type AddressField } from './addressFields.js';
import { dateInputValue, parseDateInputValue, type DateParts } from './dateInput.js';
import { isValidPhone, normalisePhone } from './phone.js';
import { RESTRICTED_FIELD_TYPES, restrictedFieldRule } from './restrictedFields.js';
import { formatBrazilianTaxNumber, isValidBrazilianTaxNumber } from './taxNumber.js';

/** A field of the form, in the order the platform listed the missing fields. */
export type BillingEntry =
  /** An address field (`postalCode`, `line1`, `administrativeLevel1`, …): text, or a dropdown with options. */
  | { kind: 'address'; name: string; field: AddressField }
  /** The tax number; `brazilian` when the country is BR (formatted `000.000.000-00`, 11 digits). */
  | { kind: 'taxNumber'; name: 'taxNumber'; label: string | null; required: boolean; brazilian: boolean }
  /** A date (`birthDate` or `date`), sent as `birthDate` `YYYY-MM-DD`. */
  | { kind: 'date'; name: string; required: boolean }
  /** The phone number, sent E.164. */
  | { kind: 'phone'; name: 'phoneNumber'; required: boolean };

/** What the form holds while the buyer types. */
export interface BillingState {
  /** The chosen country (alpha-2, upper case; '' when none). */
  country: string;
  /** Address fields and the tax number as typed (the tax number already formatted). */
  text: Record<string, string>;
  /** The date parts as typed. */
  date: DateParts;
  /** The phone: country of its calling code and the number as typed. */
  phone: { region: string; number: string };
}

/** The inputs of {@link planBillingFields}: the 424's fields and the checkout context. */
export interface BillingPlanInput {
  missingFields: readonly string[];
  /** The country of the checkout context (the one the platform's `missingFields` are for). */
  originalCountry: string;
  /** The country chosen in the form. */
  country: string;
  countries: readonly Country[];
  fields: CheckoutContext['fields'];
  purpose: string;
}

const upper = (value: string): string => (typeof value === 'string' ? value.trim().toUpperCase() : '');

/**
 * The country of `code` (alpha-2, trimmed, case-insensitive) in `countries`; `undefined` when not
 * listed. Never throws. identity-and-routes.md §3 "Country".
 */
export function findCountry(countries: readonly Country[], code: string): Country | undefined {
  const wanted = upper(code);
  return countries.find((c) => upper(c.iso3166alpha2) === wanted);
}

const requiredNames = (country: Country | undefined): string[] => addressFieldsFor(country).map((f) => f.fieldName);

/**
 * The field names to ask for: `missingFields` (each once, `country` left out: the country
 * dropdown is always shown) while the country is the checkout's. When the buyer chose another
 * country, the platform's list (made for the original country) is adapted: the original
 * country's address requirements the new one does not share are dropped, and after the rest come
 * the new country's address requirements and the restricted provider fields
 * {@link restrictedFieldRule} requires there.
 */
function fieldNames(input: BillingPlanInput): string[] {
  const listed = [...new Set(input.missingFields.filter((n) => typeof n === 'string' && n.trim() !== '' && n !== 'country'))];
  if (upper(input.country) === upper(input.originalCountry)) return listed;
  const before = new Set(requiredNames(findCountry(input.countries, input.originalCountry)));
  const restricted = (Array.isArray(input.fields) ? input.fields : [])
    .filter((f) => RESTRICTED_FIELD_TYPES.includes(f.type) && restrictedFieldRule(f, { purpose: input.purpose, country: input.country }).required)
    .map((f) => f.type);
  const now = [...requiredNames(findCountry(input.countries, input.country)), ...restricted];
  const kept = listed.filter((name) => !before.has(name) || now.includes(name));
  return [...new Set([...kept, ...now])];
}

/**
 * How a restricted field (`birthDate`, `date`, `taxNumber`) shows: {@link restrictedFieldRule}
 * for each provider field of that type (or id) in `fields` with the checkout's `purpose` and the
 * chosen `country`; `{ visible, required }` with visible when one of them allows it, required
 * when one requires it. A field no provider field describes is `{ visible: true, required: true }`:
 * the platform asked for it. A non-array `fields` counts as none. Never throws.
 * Implements commerce-and-account-data.md §5 and identity-and-routes.md §5 "Restricted fields".
 */
export function restrictedDecision(
  name: string,
  fields: CheckoutContext['fields'],
  purpose: string,
  country: string,
): { visible: boolean; required: boolean } {
  const matching = (Array.isArray(fields) ? fields : []).filter((f) => f.type === name || f.id === name);
  if (matching.length === 0) return { visible: true, required: true };
  const decisions = matching.map((field) => restrictedFieldRule(field, { purpose, country }));
  return { visible: decisions.some((d) => d.visible), required: decisions.some((d) => d.required) };
}

/**
 * The fields of the form, in `missingFields` order (see {@link fieldNames} for a changed
 * country): `taxNumber`, `birthDate`/`date` only when {@link restrictedDecision} shows them;
 * `phoneNumber` the phone field; every other name an address field, with the country's label and
 * options when the country lists it (else the name as label, free text). Address fields are
 * always required (identity-and-routes.md §5). Each field name appears at most once; a `country`
 * in `missingFields` is left out (the form always shows the country dropdown). Never throws.
 * Implements commerce-and-account-data.md §8 (424 `missingFields`) and §5, identity-and-routes.md
 * §3 "Country" and §5.
 */
export function planBillingFields(input: BillingPlanInput): BillingEntry[] {
  const country = findCountry(input.countries, input.country);
  const countryFields = addressFieldsFor(country);
  const entries: BillingEntry[] = [];
  for (const name of fieldNames(input)) {
    const listed = countryFields.find((f) => f.fieldName === name);
    if (RESTRICTED_FIELD_TYPES.includes(name)) {
      const decision = restrictedDecision(name, input.fields, input.purpose, input.country);
      if (!decision.visible) continue;
      if (name === 'taxNumber') {
        entries.push({ kind: 'taxNumber', name, label: listed?.label ?? null, required: decision.required, brazilian: upper(input.country) === 'BR' });
      } else entries.push({ kind: 'date', name, required: decision.required });
    } else if (name === 'phoneNumber') entries.push({ kind: 'phone', name, required: true });
    else entries.push({ kind: 'address', name, field: listed ?? { fieldName: name, label: name, required: true } });
  }
  return entries;
}

/** What the buyer typed in text field `name`: an own string entry of `state.text`, else `''` (a field named like an `Object.prototype` member reads nothing). */
function typedText(state: BillingState, name: string): string {
  const value = Object.hasOwn(state.text, name) ? state.text[name] : undefined;
  return typeof value === 'string' ? value : '';
}

/**
 * The message key of each invalid field (field name → key), `{}` when the form can be sent:
 * - country: none chosen → `countryFieldIsRequired`;
 * - address fields: `validateAddress` (`{fieldName}FieldIsRequired` / `…FieldIsInvalid`);
 * - tax number: empty → `taxNumberFieldIsRequired` (when required); a Brazilian one that is not
 *   a CPF with correct check digits ({@link isValidBrazilianTaxNumber}) → `taxNumberFieldIsInvalid`;
 * - date: `dateInputValue` is empty → `{name}FieldIsRequired` when required, or when
 *   some part is typed `{name}FieldIsInvalid`;
 * - phone: empty → `phoneNumberFieldIsRequired`; `normalisePhone` cannot read it or
 *   `isValidPhone` refuses it → `phoneNumberFieldIsInvalid`.
 * Never throws. Implements commerce-and-account-data.md §5 and identity-and-routes.md §5.
 */
export function validateBilling(entries: readonly BillingEntry[], state: BillingState): Record<string, string> {
  const errors: Record<string, string> = {};
  if (upper(state.country) === '') errors.country = 'countryFieldIsRequired';
  const address = entries.flatMap((e) => (e.kind === 'address' ? [e.field] : []));
  Object.assign(errors, validateAddress(address, state.text));
  for (const entry of entries) {
    if (entry.kind === 'taxNumber') {
      const typed = typedText(state, entry.name).trim();
      if (typed === '') {
        if (entry.required) errors[entry.name] = 'taxNumberFieldIsRequired';
      } else if (entry.brazilian && !isValidBrazilianTaxNumber(typed)) {
        errors[entry.name] = 'taxNumberFieldIsInvalid';
      }
    } else if (entry.kind === 'date') {
      if (dateInputValue(state.date) !== '') continue;
      const typed = Object.values(state.date).some((part) => part !== '');
      if (entry.required) errors[entry.name] = `${entry.name}FieldIsRequired`;
      else if (typed) errors[entry.name] = `${entry.name}FieldIsInvalid`;
    } else if (entry.kind === 'phone') {
      if (state.phone.number.trim() === '') {
        if (entry.required) errors[entry.name] = 'phoneNumberFieldIsRequired';
      } else if (!isValidPhone(normalisePhone(state.phone.number, state.phone.region))) {
        errors[entry.name] = 'phoneNumberFieldIsInvalid';
      }
    }
  }
  return errors;
}

/**
 * The errors still to show while the buyer corrects the form after a submit: those of `shown`
 * whose field `fresh` (a new {@link validateBilling}) still finds invalid, with the fresh key;
 * no new error is added (new ones wait for a blur or a submit). Returns `shown` itself when
 * nothing changes. Never throws. identity-and-routes.md §5 (form errors).
 */
export function stillInvalid(shown: Readonly<Record<string, string>>, fresh: Readonly<Record<string, string>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, key] of Object.entries(shown)) if (fresh[name] !== undefined) kept[name] = fresh[name] ?? key;
  const same = Object.keys(kept).length === Object.keys(shown).length && Object.entries(kept).every(([n, k]) => shown[n] === k);
  return same ? (shown as Record<string, string>) : kept;
}

/**
 * The values to send (valid `state` expected), keyed by the platform's field names: `country`
 * when it differs from `originalCountry`; each address field trimmed; `taxNumber` as formatted;
 * `birthDate` `YYYY-MM-DD` (for a `date` field too); `phoneNumber` E.164. Empty optional fields
 * are left out: no value is ever blank. Never throws. Implements commerce-and-account-data.md §8
 * (the details a 424 asked for, sent back before the payment is retried).
 */
export function billingValues(entries: readonly BillingEntry[], state: BillingState, originalCountry: string): Record<string, string> {
  const values: Record<string, string> = {};
  if (upper(state.country) !== '' && upper(state.country) !== upper(originalCountry)) values.country = upper(state.country);
  for (const entry of entries) {
    let value = '';
    if (entry.kind === 'address' || entry.kind === 'taxNumber') value = typedText(state, entry.name).trim();
    else if (entry.kind === 'date') value = dateInputValue(state.date);
    else value = normalisePhone(state.phone.number, state.phone.region)?.complete ?? '';
    if (value !== '') values[entry.kind === 'date' ? 'birthDate' : entry.name] = value;
  }
  return values;
}

/**
 * The form's first state: `country`, and the values given before (the platform's field names, as
 * {@link billingValues} sent them), so the typed details stay when a payment fails again: a
 * `country` value wins over `country`; `birthDate` (or `date`) fills the date parts; `phoneNumber`
 * is read back with `normalisePhone` (its country and national number); `taxNumber`
 * is formatted again for a Brazilian country. Never throws. commerce-and-account-data.md §8.
 */
export function initialBillingState(country: string, values: Readonly<Record<string, string>> = {}): BillingState {
  const chosen = upper(values.country ?? '') || upper(country);
  const text: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value !== 'string' || ['country', 'birthDate', 'date', 'phoneNumber'].includes(name)) continue;
    text[name] = name === 'taxNumber' && chosen === 'BR' ? formatBrazilianTaxNumber(value) : value;
  }
  const phone = values.phoneNumber ? normalisePhone(values.phoneNumber, chosen) : null;
  return {
    country: chosen,
    text,
    date: parseDateInputValue(values.birthDate ?? values.date ?? ''),
    phone: phone ? { region: phone.regionCode, number: phone.number } : { region: chosen, number: '' },
  };
}

/**
 * The regional-indicator flag emoji of an alpha-2 code (`'BR'` → 🇧🇷, trimmed, case-insensitive);
 * '' for anything else. Never throws. identity-and-routes.md §3 "Country".
 */
export function flagEmoji(code: string): string {
  const letters = upper(code);
  if (!/^[A-Z]{2}$/.test(letters)) return '';
  return String.fromCodePoint(...[...letters].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}
