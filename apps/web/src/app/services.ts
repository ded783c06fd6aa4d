import { createActor, type ActorRefFrom } from 'xstate';
import { createApiClient, type ApiClient } from '@stream/core/api';
import {
  broadcastChannel,
  browserNavigation,
  createTokenStore,
  systemClock,
  webStorage,
  type KeyValueStorage,
  type Navigation,
} from '@stream/core/platform';
import { routeLocaleFor } from '@stream/core/domain';
import { sessionMachine, uiLanguage, type SessionBroadcastMessage } from '@stream/core/machines';
import { createResourceCache, createResources, resetOnViewerChange, type Resources } from '@stream/core/resources';
import type { StreamServices } from '@stream/react';
import type { AppConfig } from './config';

/** Everything the app shares: created once per page load (the adapter's services plus the web's own). */
export interface Services extends StreamServices {
  config: AppConfig;
  storage: KeyValueStorage;
  navigation: Navigation;
  api: ApiClient;
  session: ActorRefFrom<typeof sessionMachine>;
  /** The resource definitions over `api` and the cache `resources`: `useResource(queries.licences.mine())`, `queries.cards.remove(id)`. */
  queries: Resources;
  /** The UI language in use; set once labels are loaded. */
  language: { current: string };
}

/** Name of the BroadcastChannel the session machines of every tab share. */
const SESSION_CHANNEL = 'stream.session';

/**
 * Creates the token store, the API client and the one session actor of the page, which share
 * that store (the client writes what a refresh brings, the session what a sign-in or a guest
 * check-in brings), and the resource cache, which forgets every cached read when the viewer
 * changes. The session navigates after a sign-in (`browserNavigation`, which wouter follows) to
 * the target in the route set of the UI language. The client's `Accept-Language` follows
 * `language.current`, which starts with the stored language or the browser's.
 */
export function createServices(config: AppConfig): Services {
  const storage = webStorage();
  const navigation = browserNavigation();
  const language = { current: uiLanguage(storage, globalThis.navigator?.language) };
  const tokens = createTokenStore(storage);
  const api = createApiClient({
    baseUrl: config.apiBaseUrl,
    realm: config.realm,
    apiKey: config.apiKey,
    storage,
    tokens,
    locale: () => language.current,
  });
  const session = createActor(sessionMachine, {
    input: {
      api,
      storage,
      tokens,
      navigation,
      routeLocale: () => routeLocaleFor(language.current),
      chooseProfileAfterSignIn: true,
      clock: systemClock,
      broadcast: broadcastChannel<SessionBroadcastMessage>(SESSION_CHANNEL),
    },
  });
  session.start();
  const resources = createResourceCache();
  resetOnViewerChange(resources, session);
  return { config, storage, navigation, api, session, resources, queries: createResources(api, resources), language };
}
