/**
 * Phone numbers: parsing with the chosen country's calling code, the +4407 correction, the
 * derived calling code of a country, validity.
 * Implements identity-and-routes.md §3 "Phone value" and "Country" (the derived calling code),
 * §5 "Phone", §2 "Phone-number field"; commerce-and-account-data.md §5 "+4407".
 *
 * Uses libphonenumber-js through its `core` entry with the `min` metadata (about 80 KB, loaded
 * only by modules that import this file). With `min` metadata validity is a per-country length
 * check, not a full digit-pattern check, and the country inside a shared calling code is not
 * always told apart (a UK mobile reads as Guernsey), so the chosen country is kept whenever the
 * calling code agrees with it.
 */
import { getCountryCallingCode, isSupportedCountry, parseIncompletePhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import type { CountryCode, PhoneNumber } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/min/metadata';

/** A phone number as the phone-number field holds it (identity-and-routes.md §3 "Phone value"). */
export interface PhoneValue {
  /** ISO 3166-1 alpha-2 code of the country whose calling code the number uses, upper case: `'GB'`. */
  regionCode: string;
  /** The calling code with its plus: `'+44'`. */
  prefix: string;
  /** International (E.164) form: `'+447911123456'`. */
  complete: string;
  /** National significant number, digits only, without trunk prefix: `'7911123456'`. */
  number: string;
}

/** Longest input looked at, in characters (libphonenumber-js refuses longer text too). */
const MAX_INPUT = 250;

function supported(regionCode: unknown): CountryCode | null {
  if (typeof regionCode !== 'string') return null;
  const code = regionCode.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) && isSupportedCountry(code as CountryCode, metadata) ? (code as CountryCode) : null;
}

/**
 * The calling code of a country with its plus (`'GB'` → `'+44'`, `'us'` → `'+1'`), or `null`
 * for an unknown or malformed code. Case-insensitive. Never throws.
 * Implements identity-and-routes.md §3 "Country": "The calling code is derived".
 */
export function callingCodeOf(regionCode: string): string | null {
  const code = supported(regionCode);
  return code === null ? null : `+${getCountryCallingCode(code, metadata)}`;
}

/** Corrects a UK number written with its trunk 0 after the calling code: `+4407…` → `+447…`. */
function correctUkTrunkZero(international: string): string {
  let value = international;
  while (value.startsWith('+4407')) value = `+447${value.slice(5)}`;
  return value;
}

function parse(text: string, region: CountryCode | null): PhoneNumber | undefined {
  try {
    return region === null ? parsePhoneNumberFromString(text, metadata) : parsePhoneNumberFromString(text, { defaultCountry: region }, metadata);
  } catch {
    return undefined;
  }
}

function regionFor(parsed: PhoneNumber, chosen: CountryCode | null): string | null {
  if (chosen !== null && getCountryCallingCode(chosen, metadata) === parsed.countryCallingCode) return chosen;
  if (parsed.country !== undefined) return parsed.country;
  const main = metadata.country_calling_codes[parsed.countryCallingCode]?.[0];
  return supported(main);
}

function normaliseOnce(raw: string, chosen: CountryCode | null): PhoneValue | null {
  const text = correctUkTrunkZero(parseIncompletePhoneNumber(raw.slice(0, MAX_INPUT)));
  if (text === '' || text === '+') return null;
  const parsed = parse(text, text.startsWith('+') ? null : chosen);
  if (parsed === undefined) return null;
  const complete = correctUkTrunkZero(parsed.number);
  const reparsed = complete === parsed.number ? parsed : parse(complete, null);
  if (reparsed === undefined) return null;
  const regionCode = regionFor(reparsed, chosen);
  if (regionCode === null) return null;
  return { regionCode, prefix: `+${reparsed.countryCallingCode}`, complete: reparsed.number, number: reparsed.nationalNumber };
}

/** More than the 17 digits an E.164 number can hold, so a shortening chain always settles. */
const MAX_REREADS = 20;

const samePhone = (a: PhoneValue, b: PhoneValue): boolean =>
  a.regionCode === b.regionCode && a.prefix === b.prefix && a.complete === b.complete && a.number === b.number;

/**
 * Parses what the user typed in the phone-number field with the country chosen in its
 * dropdown (`regionCode`, ISO alpha-2, case-insensitive).
 *
 * - `raw` keeps its digits (any script) and a leading `+`; everything else is ignored.
 * - A number without `+` is read in the chosen country (its national trunk prefix and
 *   international call prefix understood: `'07911 123456'` or `'0044 7911 123456'` with GB
 *   → `+447911123456`); a number with `+` carries its own calling code.
 * - `+4407…` is corrected to `+447…`, before and after parsing.
 * - `regionCode` of the result is the chosen country when the calling code is its own,
 *   else the country the number belongs to (the main country of a shared calling code when the
 *   digits do not tell).
 *
 * The result is read again until stable (a number whose national part still starts with a trunk
 * prefix, such as `+4900000` in Germany, loses it on each read).
 * Returns `null` when there is nothing to parse, no chosen country can read a national number
 * (unknown `regionCode`), the number is too short or long to be read, or it belongs to no
 * country (non-geographic codes such as +800). A parsed but invalid number is returned;
 * check it with {@link isValidPhone}. Idempotent: `normalisePhone(v.complete, v.regionCode)`
 * equals `v`. Never throws. Implements identity-and-routes.md §5 "Phone".
 */
export function normalisePhone(raw: string, regionCode: string): PhoneValue | null {
  if (typeof raw !== 'string') return null;
  let value = normaliseOnce(raw, supported(regionCode));
  // Reading an international number can strip a trunk prefix again (`+49000…` loses a 0 on each
  // read), so re-read until the value is stable; each change shortens it, so this ends quickly.
  for (let reads = 0; value !== null && reads < MAX_REREADS; reads += 1) {
    const again = normaliseOnce(value.complete, supported(value.regionCode));
    if (again !== null && samePhone(again, value)) return value;
    value = again;
  }
  return null;
}

/**
 * True when `value.complete` is a possible number of its country (with the `min` metadata
 * this is the country's length rule) and `value.prefix` and `value.regionCode` agree with
 * it. `null`, `undefined` or a malformed value → false. Never throws.
 */
export function isValidPhone(value: PhoneValue | null | undefined): boolean {
  if (value === null || value === undefined || typeof value !== 'object' || typeof value.complete !== 'string') return false;
  const parsed = parse(value.complete, null);
  if (parsed === undefined || !value.complete.startsWith('+') || parsed.number !== value.complete) return false;
  if (value.prefix !== `+${parsed.countryCallingCode}` || callingCodeOf(value.regionCode) !== value.prefix) return false;
  try {
    return parsed.isValid();
  } catch {
    return false;
  }
}
