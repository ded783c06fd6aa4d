import { createActor, type ActorRefFrom } from 'xstate';
import { createApiClient, type ApiClient } from '@stream/core/api';
import {
  broadcastChannel,
  browserNavigation,
  systemClock,
  webStorage,
  type KeyValueStorage,
  type Navigation,
} from '@stream/core/platform';
import { sessionMachine, storedLanguage, type SessionBroadcastMessage } from '@stream/core/machines';
import type { AppConfig } from './config';

/** Everything the app shares: created once per page load. */
export interface Services {
  config: AppConfig;
  storage: KeyValueStorage;
  navigation: Navigation;
  api: ApiClient;
  session: ActorRefFrom<typeof sessionMachine>;
  /** The UI language in use; set once labels are loaded. */
  language: { current: string };
}

/** Name of the BroadcastChannel the session machines of every tab share. */
const SESSION_CHANNEL = 'stream.session';

/**
 * Creates the API client and starts the one session actor of the page.
 * The client's `Accept-Language` follows `language.current`, which starts with the stored
 * language or the browser's.
 */
export function createServices(config: AppConfig): Services {
  const storage = webStorage();
  const navigation = browserNavigation();
  const language = { current: storedLanguage(storage) ?? globalThis.navigator?.language ?? 'en' };
  const api = createApiClient({
    baseUrl: config.apiBaseUrl,
    realm: config.realm,
    apiKey: config.apiKey,
    storage,
    locale: () => language.current,
  });
  const session = createActor(sessionMachine, {
    input: { api, storage, clock: systemClock, broadcast: broadcastChannel<SessionBroadcastMessage>(SESSION_CHANNEL) },
  });
  session.start();
  return { config, storage, navigation, api, session, language };
}
