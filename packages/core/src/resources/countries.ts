import type { ApiClient } from '../api/types.js';
import type { CountriesResponse } from '../contracts/countries.js';
import type { ResourceQuery } from './cache.js';
import { RESOURCE_KEYS } from './keys.js';

/** The countries' read (identity-and-routes.md §3 "Country"). */
export interface CountriesResources {
  countries: {
    /**
     * `{ countries [{ name, iso3166alpha2, addressRequiredFields? }], callerCountryCode? }`
     * (`countries.list`, no bearer), key `['countries', 'list']`: the same for every viewer
     * (scope `realm`), loaded once per page load (`staleMs` Infinity).
     */
    list(): ResourceQuery<CountriesResponse>;
  };
}

/** The countries' definition over `api`. */
export function countriesResources(api: ApiClient): CountriesResources {
  return {
    countries: {
      list: () => ({ key: RESOURCE_KEYS.countries, load: () => api.countries.list(), scope: 'realm', staleMs: Infinity }),
    },
  };
}
