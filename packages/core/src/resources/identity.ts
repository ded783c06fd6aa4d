import type { ApiClient } from '../api/types.js';
import type { RealmSettings } from '../contracts/realm.js';
import type { UserProfile } from '../contracts/user.js';
import type { ResourceQuery } from './cache.js';
import { RESOURCE_KEYS } from './keys.js';

/** The identity area's reads (identity-and-routes.md): who the viewer is, how the realm signs in. */
export interface IdentityResources {
  user: {
    /**
     * The signed-in account's details `{ name, contactEmail, birthDate?, phoneNumber?,
     * taxNumber?, … }` (`user.profile`, bearer required), key `['user', 'profile']`. No mutation
     * changes it yet.
     */
    profile(): ResourceQuery<UserProfile>;
  };
  realm: {
    /**
     * The realm's sign-in settings `{ selfRegistration, authProviders, magicLink,
     * requestAccessUri? }` (`realm.settings`, no bearer; §3 "Auth provider", §6), key
     * `['realm', 'settings']`: the same for every viewer (scope `realm`) and loaded once per page
     * load (`staleMs` Infinity).
     */
    settings(): ResourceQuery<RealmSettings>;
  };
}

/** The identity area's definitions over `api`. */
export function identityResources(api: ApiClient): IdentityResources {
  return {
    user: {
      profile: () => ({ key: RESOURCE_KEYS.profile, load: () => api.user.profile() }),
    },
    realm: {
      settings: () => ({ key: RESOURCE_KEYS.realmSettings, load: () => api.realm.settings(), scope: 'realm', staleMs: Infinity }),
    },
  };
}
