import { getLabels } from '../contracts/labels.js';
import type { ApiClient, HttpApiClient } from './types.js';

/**
 * Labels endpoint: `GET /api/v2/label?realm=<realm>`; the locale travels in `Accept-Language`.
 * Implements identity-and-routes.md §7.
 */
export function labelsEndpoints(request: HttpApiClient['request'], realm: string): ApiClient['labels'] {
  return { get: () => request(getLabels, { query: { realm } }) };
}
