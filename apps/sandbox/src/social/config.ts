/**
 * The realm's social sign-in providers (Apple, Google, Facebook) as the realm settings list them
 * (identity-and-routes.md §3 "Auth provider"). Owned by the social sign-in work; read by
 * `seed/realms.ts`.
 */
import type { AuthProvider } from '@stream/core/contracts';
import type { IdpClientConfig } from '../openid/clients.js';

/** The social providers of the full realm, in display order. */
export const SOCIAL_AUTH_PROVIDERS: readonly AuthProvider[] = [];

/** Their clients at the sandbox OpenID provider (`openid/idp.ts` registers them). */
export const SOCIAL_IDP_CLIENTS: readonly IdpClientConfig[] = [];
