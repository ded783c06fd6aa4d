/**
 * The realm's social sign-in providers (Apple, Google, Facebook) as the realm settings list them
 * (identity-and-routes.md §3 "Auth provider"). Owned by the social sign-in work; read by
 * `seed/realms.ts`.
 */
import type { AuthProvider } from '@stream/core/contracts';

/** The social providers of the full realm, in display order. */
export const SOCIAL_AUTH_PROVIDERS: readonly AuthProvider[] = [];
