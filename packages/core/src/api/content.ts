import { getContent, getPlayback, listContent } from '../contracts/content.js';
import type { ApiClient, HttpApiClient } from './types.js';

/**
 * Content endpoints (this project's calls, docs/api.md): the catalogue, one item, and playback.
 * `playback(type, id)` answers `{ url, mimeType, expiresAt? }` when a licence of the viewer grants
 * the item (free items: any viewer, guests included). Errors: `ApiError` 403 `LICENCE_REQUIRED`
 * (messages `['licenceRequired']`), 404 `NOT_FOUND`; `ContractError`; `NetworkError`.
 */
export function contentEndpoints(request: HttpApiClient['request']): ApiClient['content'] {
  return {
    list: () => request(listContent),
    get: (type, id) => request(getContent, { params: { type, id } }),
    playback: (type, id) => request(getPlayback, { params: { type, id } }),
  };
}
