/**
 * The realm's generic external OAuth providers as the realm settings list them
 * (identity-and-routes.md §3 "Auth provider", kind GENERIC_OAUTH), and their clients at the
 * sandbox OpenID provider, which stands in for the external OAuth server (docs/sandbox.md
 * "Generic external OAuth"). Read by `seed/realms.ts`, `openid/idp.ts` and `routes/externalOAuth.ts`.
 */
import type { AuthProvider } from '@stream/core/contracts';
import type { IdpClientConfig } from '../openid/clients.js';

/** One generic external OAuth provider of the realm. */
export interface OAuthProviderConfig {
  /** `clientName` of the realm's auth provider: the `/oauth/{provider}` page and `/api/v2/oauth/{provider}` calls. */
  provider: string;
  /** The platform's client at the OAuth server (a confidential client, `client_secret_basic`, PKCE). */
  clientId: string;
  clientSecret: string;
  /** Button text of the login page. */
  displayName: string;
}

/** The web app's OAUTH page of `provider`: where the OAuth server sends the browser back. */
export function oauthCallbackPath(provider: string): string {
  return `/oauth/${encodeURIComponent(provider)}`;
}

/** The realm's generic external OAuth providers. */
export const OAUTH_PROVIDERS: readonly OAuthProviderConfig[] = [
  { provider: 'partner', clientId: 'partner', clientSecret: 'partner-oauth-sandbox-secret', displayName: 'Partner account' },
];

/** The generic external OAuth providers of the full realm. */
export const OAUTH_AUTH_PROVIDERS: readonly AuthProvider[] = OAUTH_PROVIDERS.map((config) => ({
  name: 'GENERIC_OAUTH',
  clientName: config.provider,
  displayName: config.displayName,
}));

/** Their clients at the sandbox OpenID provider (`openid/idp.ts` registers them). */
export const OAUTH_IDP_CLIENTS: readonly IdpClientConfig[] = OAUTH_PROVIDERS.map((config) => ({
  clientId: config.clientId,
  clientSecret: config.clientSecret,
  redirectPaths: [oauthCallbackPath(config.provider)],
}));
