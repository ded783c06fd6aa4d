import type { ApiClient } from '../api/types.js';
import type { CreateProfileRequest, Profile, ProfileList, UpdateProfileRequest } from '../contracts/profiles.js';
import type { ResourceCache, ResourceQuery } from './cache.js';
import { RESOURCE_KEYS } from './keys.js';

/**
 * The household's profiles (issue 16; docs/api.md "Profiles and preferences"; bearer required,
 * scope `viewer`): the list a header or a page shows, and the profile editor's changes, each of
 * which invalidates `RESOURCE_KEYS.profiles` (the header shows a new name or avatar at once).
 * Pass the mutations as the `profileEditor` machine's functions.
 */
export interface HouseholdResources {
  profiles: {
    /** The account's profiles, the session's and the most it may hold (`profiles.list`), key `['profiles', 'list']`. */
    list(): ResourceQuery<ProfileList>;
    /** `profiles.create { body }` (abortable by `signal`), then invalidates `RESOURCE_KEYS.profiles`. Rejects with the call's `ApiError`. */
    create(request: { body: CreateProfileRequest; signal?: AbortSignal }): Promise<Profile>;
    /** `profiles.update { id, body }`, then invalidates `RESOURCE_KEYS.profiles`. Rejects with the call's `ApiError`. */
    update(request: { id: string; body: UpdateProfileRequest; signal?: AbortSignal }): Promise<Profile>;
    /** `profiles.remove { id }`, then invalidates `RESOURCE_KEYS.profiles`. Rejects with the call's `ApiError`. */
    remove(request: { id: string; signal?: AbortSignal }): Promise<unknown>;
  };
}

/** The household's definitions over `api`, mutating through `cache`. */
export function householdResources(api: ApiClient, cache: ResourceCache): HouseholdResources {
  const options = (signal: AbortSignal | undefined) => (signal ? { signal } : undefined);
  const invalidates = [RESOURCE_KEYS.profiles];
  return {
    profiles: {
      list: () => ({ key: RESOURCE_KEYS.profilesList, load: () => api.profiles.list() }),
      create: ({ body, signal }) => cache.mutate(() => api.profiles.create({ body }, options(signal)), invalidates),
      update: ({ id, body, signal }) => cache.mutate(() => api.profiles.update({ params: { id }, body }, options(signal)), invalidates),
      remove: ({ id, signal }) => cache.mutate(() => api.profiles.remove({ params: { id } }, options(signal)), invalidates),
    },
  };
}
