import type { Country } from '@stream/core/contracts';

const usStates = [
  ['AL', 'Alabama'],
  ['CA', 'California'],
  ['FL', 'Florida'],
  ['IL', 'Illinois'],
  ['NY', 'New York'],
  ['TX', 'Texas'],
  ['WA', 'Washington'],
].map(([value, displayName]) => ({ value: value!, displayName: displayName! }));

const caProvinces = [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['ON', 'Ontario'],
  ['QC', 'Quebec'],
].map(([value, displayName]) => ({ value: value!, displayName: displayName! }));

const brStates = [
  ['BA', 'Bahia'],
  ['DF', 'Distrito Federal'],
  ['MG', 'Minas Gerais'],
  ['PR', 'Paraná'],
  ['RJ', 'Rio de Janeiro'],
  ['RS', 'Rio Grande do Sul'],
  ['SP', 'São Paulo'],
].map(([value, displayName]) => ({ value: value!, displayName: displayName! }));

const auStates = [
  ['NSW', 'New South Wales'],
  ['QLD', 'Queensland'],
  ['VIC', 'Victoria'],
  ['WA', 'Western Australia'],
].map(([value, displayName]) => ({ value: value!, displayName: displayName! }));

/**
 * The seeded countries (identity-and-routes.md §3 "Country"), in the order they are listed. Some
 * require billing fields (pay answers 424 `BASKET_REQUIREMENTS_FAILED` with the ones an account
 * lacks): GB a postcode; US and CA a state or province from a list plus a postal code; BR a street
 * address, city, state (list), CEP and tax number (CPF); ES and DE a postal code and a city;
 * AU a state; IE a county (free text). CU (Cuba) is seeded outside the realm's allowed
 * territories (`seed/realm.ts`).
 */
export const COUNTRIES: readonly Country[] = [
  { name: 'United Kingdom', iso3166alpha2: 'GB', addressRequiredFields: [{ fieldName: 'postalCode', label: 'Postcode' }] },
  {
    name: 'United States',
    iso3166alpha2: 'US',
    addressRequiredFields: [
      { fieldName: 'administrativeLevel1', label: 'State', acceptableValues: usStates },
      { fieldName: 'postalCode', label: 'ZIP code' },
    ],
  },
  {
    name: 'Spain',
    iso3166alpha2: 'ES',
    addressRequiredFields: [
      { fieldName: 'postalCode', label: 'Código postal' },
      { fieldName: 'city', label: 'Localidad' },
    ],
  },
  { name: 'Portugal', iso3166alpha2: 'PT' },
  {
    name: 'Brazil',
    iso3166alpha2: 'BR',
    addressRequiredFields: [
      { fieldName: 'line1', label: 'Endereço' },
      { fieldName: 'city', label: 'Cidade' },
      { fieldName: 'administrativeLevel1', label: 'Estado', acceptableValues: brStates },
      { fieldName: 'postalCode', label: 'CEP' },
      { fieldName: 'taxNumber', label: 'CPF' },
    ],
  },
  { name: 'France', iso3166alpha2: 'FR' },
  {
    name: 'Germany',
    iso3166alpha2: 'DE',
    addressRequiredFields: [
      { fieldName: 'postalCode', label: 'Postleitzahl' },
      { fieldName: 'city', label: 'Ort' },
    ],
  },
  { name: 'Italy', iso3166alpha2: 'IT' },
  { name: 'Ireland', iso3166alpha2: 'IE', addressRequiredFields: [{ fieldName: 'administrativeLevel1', label: 'County' }] },
  { name: 'Netherlands', iso3166alpha2: 'NL' },
  { name: 'United Arab Emirates', iso3166alpha2: 'AE' },
  { name: 'Egypt', iso3166alpha2: 'EG' },
  { name: 'Saudi Arabia', iso3166alpha2: 'SA' },
  {
    name: 'Canada',
    iso3166alpha2: 'CA',
    addressRequiredFields: [
      { fieldName: 'administrativeLevel1', label: 'Province', acceptableValues: caProvinces },
      { fieldName: 'postalCode', label: 'Postal code' },
    ],
  },
  {
    name: 'Australia',
    iso3166alpha2: 'AU',
    addressRequiredFields: [{ fieldName: 'administrativeLevel1', label: 'State', acceptableValues: auStates }],
  },
  { name: 'Cuba', iso3166alpha2: 'CU' },
];

/** The caller's country the sandbox reports (it has no geolocation). */
export const CALLER_COUNTRY_CODE = 'GB';
