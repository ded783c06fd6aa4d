import { STORAGE_KEYS, type KeyValueStorage } from './types.js';

/** The session's two tokens as stored: the access token (a JWT) and the opaque refresh token. */
export interface StoredTokens {
  /** The access token, or null when none is stored. Never log it. */
  authorisationToken: string | null;
  /** The refresh token, or null when none is stored. Never log it. */
  refreshToken: string | null;
}

/**
 * The one place the session's tokens are kept (identity-and-routes.md §3 "Storage keys": the
 * auth and refresh tokens under `STORAGE_KEYS.authToken` and `STORAGE_KEYS.refreshToken`),
 * shared by the API client and the session machine. Each writes only what it brings: the
 * client what a refresh brings, the session what a sign-in or a guest check-in brings; the
 * session clears them on logout and the client when the platform refuses a refresh. Other tabs
 * see the same store through the shared storage.
 */
export interface TokenStore {
  /** The stored pair; either may be null. */
  read(): StoredTokens;
  /** Stores both tokens (replacing the pair). */
  write(tokens: { authorisationToken: string; refreshToken: string }): void;
  /** Removes both tokens. */
  clear(): void;
}

/**
 * A {@link TokenStore} over `storage` (the browser's `localStorage` on the web, shared by the
 * tabs). Create one per page and give it to both `createApiClient` and the session machine.
 * Never throws beyond what `storage` throws (`webStorage` never does).
 */
export function createTokenStore(storage: KeyValueStorage): TokenStore {
  return {
    read: () => ({
      authorisationToken: storage.getItem(STORAGE_KEYS.authToken),
      refreshToken: storage.getItem(STORAGE_KEYS.refreshToken),
    }),
    write(tokens) {
      storage.setItem(STORAGE_KEYS.authToken, tokens.authorisationToken);
      storage.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
    },
    clear() {
      storage.removeItem(STORAGE_KEYS.authToken);
      storage.removeItem(STORAGE_KEYS.refreshToken);
    },
  };
}
