/**
 * Test fixtures of the domain tests (not built into the package): countries as the platform
 * lists them (identity-and-routes.md §3 "Country").
 */
import type { Country } from '../contracts/countries.js';

/** A state field whose only acceptable value is New York. */
const NEW_YORK_STATE = { fieldName: 'administrativeLevel1', acceptableValues: [{ value: 'NY', displayName: 'New York' }] };

/** Four countries: GB (a postcode), US (a state from a list and a ZIP code), BR (CEP and CPF), ES (nothing). */
export const TEST_COUNTRIES: Country[] = [
  { name: 'United Kingdom', iso3166alpha2: 'GB', addressRequiredFields: [{ fieldName: 'postalCode', label: 'Postcode' }] },
  { name: 'United States', iso3166alpha2: 'US', addressRequiredFields: [{ ...NEW_YORK_STATE, label: 'State' }, { fieldName: 'postalCode', label: 'ZIP code' }] },
  { name: 'Brazil', iso3166alpha2: 'BR', addressRequiredFields: [{ fieldName: 'postalCode', label: 'CEP' }, { fieldName: 'taxNumber', label: 'CPF' }] },
  { name: 'Spain', iso3166alpha2: 'ES' },
];

/**
 * Spain with the requirement list's odd cases: a labelled street address, a field without a
 * label, a list of values, a repeated field name and an empty one.
 */
export const SPAIN_WITH_ODD_FIELDS: Country = {
  name: 'Spain',
  iso3166alpha2: 'ES',
  addressRequiredFields: [
    { fieldName: 'line1', label: 'Address' },
    { fieldName: 'postalCode' },
    { fieldName: 'administrativeLevel1', label: 'Province', acceptableValues: [{ value: 'M', displayName: 'Madrid' }, { value: 'B', displayName: 'Barcelona' }] },
    { fieldName: 'line1', label: 'Duplicate' },
    { fieldName: '' },
  ],
};
