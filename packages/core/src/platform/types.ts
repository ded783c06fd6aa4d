/**
 * Injected environment of the SDK. Nothing in @stream/core reads `window`, `localStorage`,
 * `location`, `BroadcastChannel` or `Date.now` directly: callers pass these adapters in.
 */

/** A Web-Storage-like key/value store (strings only). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Where the app is and how to leave it. */
export interface Navigation {
  /** Current path plus search, for example `/login?from=%2Faccount`. */
  current(): { pathname: string; search: string };
  /** Moves inside the app (client-side routing). */
  navigate(path: string, options?: { replace?: boolean }): void;
  /** Leaves the app for an absolute URL (external provider). */
  assign(url: string): void;
  /** Reloads the page (language change). */
  reload(): void;
}

/** Wall clock; `now()` in milliseconds since the Unix epoch. */
export interface Clock {
  now(): number;
}

/** A message channel shared by every tab of the app (cross-tab session sync). */
export interface Broadcast<T = unknown> {
  post(message: T): void;
  /** Subscribes; returns the unsubscribe function. */
  subscribe(listener: (message: T) => void): () => void;
  close(): void;
}

/**
 * Storage keys of the session (identity-and-routes.md §3 "Storage keys"): auth token,
 * refresh token, signup rehydration and selected language. `oauthProvider` (this project's key)
 * names the generic external OAuth provider (`/oauth/{provider}`) that issued the stored session,
 * so that a logout can end it there too (§7 `{ext-oauth-route}/logout`); absent for any other
 * sign-in, and cleared with the tokens on logout. `linkedAccounts` (this project's key) holds the
 * providers the last sign-in's answer listed under `linkedAccounts` (§3 "Login response"), as a
 * JSON array of `{ provider }` (no token, no email), so that the providers page can tell a linked
 * Adobe account (§4 "Adobe flows"); cleared with the tokens on logout.
 */
export const STORAGE_KEYS = {
  authToken: 'stream.authorisationToken',
  refreshToken: 'stream.refreshToken',
  signupRehydration: 'stream.signupRehydration',
  selectedLanguage: 'stream.selectedLanguage',
  deviceId: 'stream.deviceId',
  oauthProvider: 'stream.oauthProvider',
  linkedAccounts: 'stream.linkedAccounts',
  /** The viewer's advertising consent on this device: `granted` or `denied` (absent: not asked). */
  adsConsent: 'stream.adsConsent',
  /** This device's advertising id (a random UUID), kept only while consent is granted. */
  advertisingId: 'stream.advertisingId',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
