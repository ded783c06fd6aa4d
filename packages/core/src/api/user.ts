import { getProfile } from '../contracts/user.js';
import type { ApiClient, HttpApiClient } from './types.js';

/** User endpoints: `profile()` is `GET /api/v2/user/profile` with the bearer (401 for a guest). */
export function userEndpoints(request: HttpApiClient['request']): ApiClient['user'] {
  return { profile: () => request(getProfile) };
}
