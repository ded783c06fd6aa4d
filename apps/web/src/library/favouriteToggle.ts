import type { ApiClient } from '@stream/core/api';
import type { SetFavouriteFunction } from '@stream/core/machines';
import { RESOURCE_KEYS, type ResourceCache } from '@stream/core/resources';

/**
 * The favourite toggle's set-favourite function over the API client: `PUT` or `DELETE
 * /api/v2/favourite/vods/{id}`, through the resource cache so that every favourites read (the
 * FAVOURITES page, other hearts) reloads afterwards.
 */
export function setFavouriteOver(api: ApiClient, resources: ResourceCache): SetFavouriteFunction {
  return ({ id, favourite, signal }) =>
    resources.mutate(
      () => (favourite ? api.favourites.add : api.favourites.remove)({ params: { id } }, { signal }),
      [RESOURCE_KEYS.favourites],
    );
}
