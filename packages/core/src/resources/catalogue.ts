import type { ApiClient } from '../api/types.js';
import type { ContentItem, ContentType } from '../contracts/content.js';
import type { ResourceQuery } from './cache.js';
import { contentItemKey, RESOURCE_KEYS } from './keys.js';

/** The content catalogue's answer, `{ items }`. */
export type ContentList = Awaited<ReturnType<ApiClient['content']['list']>>;

/** The calls of the discovery catalogue (`calls.catalogue`: sections, titles, live events, guide, search, news, fighters). */
export type CatalogueApi = ApiClient['catalogue'];
/** The name of a discovery call (`'section'`, `'title'`, `'search'`, …). */
export type CatalogueCall = keyof CatalogueApi;
/** What a discovery call answers. */
export type CatalogueAnswer<K extends CatalogueCall> = Awaited<ReturnType<CatalogueApi[K]>>;
/** What a discovery call takes (`{ params, query }`), when it takes anything. */
export type CatalogueRequest<K extends CatalogueCall> = Parameters<CatalogueApi[K]>;

/** The catalogue area's reads: the titles a viewer browses (no mutation changes them). */
export interface CatalogueResources {
  /**
   * Any read of the discovery catalogue (docs/api.md "Catalogue"): `catalogue.read('section',
   * { params: { id: 'home' } })`, `catalogue.read('search', { query: { q } })`. Key
   * `['catalogue', call, <params and query as JSON>]` (ids, dates and search words: nothing
   * personal), so two views of the same read share one load. An unknown id fails with `ApiError`
   * 404 `NOT_FOUND` (not retried).
   */
  catalogue: {
    read<K extends CatalogueCall>(call: K, ...request: CatalogueRequest<K>): ResourceQuery<CatalogueAnswer<K>>;
  };
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

/** The catalogue area's definitions over `api`; `catalogue.read` loads through the lazy `catalogue` area of the client. */
export function catalogueResources(api: ApiClient): CatalogueResources {
  return {
    catalogue: {
      read: (call, ...request) => ({
        key: ['catalogue', call, JSON.stringify(request[0] ?? null)],
        load: () => (api.catalogue[call] as (...input: unknown[]) => Promise<never>)(...request),
      }),
    },
    content: {
      list: () => ({ key: RESOURCE_KEYS.contentList, load: () => api.content.list() }),
      get: (type, id) => ({ key: contentItemKey(type, id), load: () => api.content.get({ params: { type, id } }) }),
    },
  };
}
