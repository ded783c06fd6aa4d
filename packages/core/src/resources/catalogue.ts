import type { ApiClient } from '../api/types.js';
import type { ContentItem, ContentType } from '../contracts/content.js';
import type { ResourceQuery } from './cache.js';
import { contentItemKey, RESOURCE_KEYS } from './keys.js';

/** The content catalogue's answer, `{ items }`. */
export type ContentList = Awaited<ReturnType<ApiClient['content']['list']>>;

/** The catalogue area's reads: the titles a viewer browses (no mutation changes them). */
export interface CatalogueResources {
  content: {
    /** The catalogue of videos and live events `{ items }` (`content.list`), key `['content', 'list']`. */
    list(): ResourceQuery<ContentList>;
    /**
     * One title (`content.get`), key `['content', 'get', type, id]`. Fails with `ApiError` 404
     * `NOT_FOUND` for an unknown title (not retried).
     */
    get(type: ContentType, id: string): ResourceQuery<ContentItem>;
  };
}

/** The catalogue area's definitions over `api`. */
export function catalogueResources(api: ApiClient): CatalogueResources {
  return {
    content: {
      list: () => ({ key: RESOURCE_KEYS.contentList, load: () => api.content.list() }),
      get: (type, id) => ({ key: contentItemKey(type, id), load: () => api.content.get({ params: { type, id } }) }),
    },
  };
}
