import { getCountries } from '../contracts/countries.js';
import type { ApiClient, HttpApiClient } from './types.js';

/** Countries endpoint: `GET /api/v2/i18n/countries` (identity-and-routes.md §3 "Country"). */
export function countriesEndpoints(request: HttpApiClient['request']): ApiClient['countries'] {
  return { list: () => request(getCountries) };
}
