/**
 * The realm's generic external OAuth providers as the realm settings list them
 * (identity-and-routes.md §3 "Auth provider", kind GENERIC_OAUTH). Owned by that work; read by
 * `seed/realms.ts`.
 */
import type { AuthProvider } from '@stream/core/contracts';
import type { IdpClientConfig } from '../openid/clients.js';

/** The generic external OAuth providers of the full realm. */
export const OAUTH_AUTH_PROVIDERS: readonly AuthProvider[] = [];

/** Their clients at the sandbox OpenID provider (`openid/idp.ts` registers them). */
export const OAUTH_IDP_CLIENTS: readonly IdpClientConfig[] = [];
