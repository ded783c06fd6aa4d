import * as z from 'zod/mini';
import { defineCall } from './define.js';

/** An acceptable value of an address field (identity-and-routes.md §3 "Country"). */
export const acceptableValueSchema = z.looseObject({ value: z.string(), displayName: z.string() });

/** An address field a country requires. */
export const addressRequiredFieldSchema = z.looseObject({
  fieldName: z.string(),
  label: z.optional(z.string()),
  acceptableValues: z.optional(z.array(acceptableValueSchema)),
});

/** A country: name, ISO 3166-1 alpha-2 code, required address fields. */
export const countrySchema = z.looseObject({
  name: z.string(),
  iso3166alpha2: z.string().check(z.length(2)),
  addressRequiredFields: z.optional(z.array(addressRequiredFieldSchema)),
});
export type Country = z.infer<typeof countrySchema>;

/** Countries answer: the list plus the caller's country (alpha-2). */
export const countriesResponseSchema = z.looseObject({
  countries: z.array(countrySchema),
  callerCountryCode: z.optional(z.string()),
});
export type CountriesResponse = z.infer<typeof countriesResponseSchema>;

/** The `countries` area (`calls.countries`). */
export const countriesCalls = {
  /**
   * `GET /api/v2/i18n/countries`, no bearer: `{ countries [{ name, iso3166alpha2,
   * addressRequiredFields? }], callerCountryCode? }` (identity-and-routes.md §3 "Country"). The
   * spec names the path only as "{token}"; this project fixes it.
   */
  list: defineCall({
    name: 'countries.list',
    method: 'GET',
    path: '/api/v2/i18n/countries',
    response: countriesResponseSchema,
    auth: 'none',
  }),
};
